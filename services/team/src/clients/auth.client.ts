import { Injectable } from '@nestjs/common';
import { TransportClient } from '@quire/platform';
import { type Caller, type QuireContracts, Subject, type UserSummary } from '@quire/proto';

/** What the team service asks the auth service, on behalf of the original caller. */
@Injectable()
export class AuthClient {
  constructor(private readonly transport: TransportClient<QuireContracts>) {}

  /** A user by exact username, or null (an empty name is nobody). */
  findUser(caller: Caller, username: string): Promise<UserSummary | null> {
    if (username.trim() === '') return Promise.resolve(null);
    return this.transport.send(Subject.AuthUserFind, { caller, params: { username } });
  }
}
