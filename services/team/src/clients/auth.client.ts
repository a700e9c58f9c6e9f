import { Injectable } from '@nestjs/common';
import { TransportClient } from '@quire/platform';
import { type Caller, Subject, type UserSummary } from '@quire/proto';

/** What the team service asks the auth service, on behalf of the original caller. */
@Injectable()
export class AuthClient {
  constructor(private readonly transport: TransportClient) {}

  /** A user by exact username, or null (an empty name is nobody). */
  findUser(caller: Caller, username: string): Promise<UserSummary | null> {
    if (username.trim() === '') return Promise.resolve(null);
    return this.transport.send<UserSummary | null>(Subject.AuthUserFind, { caller, params: { username } });
  }
}
