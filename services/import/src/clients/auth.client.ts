import { Injectable } from '@nestjs/common';
import { TransportClient } from '@quire/platform';
import { type Caller, type ImportedUsers, type ImportUsersDto, type QuireContracts, Subject, type UserSummary } from '@quire/proto';

/** What the import service asks the auth service. */
@Injectable()
export class AuthClient {
  constructor(private readonly transport: TransportClient<QuireContracts>) {}

  importUsers(caller: Caller, params: ImportUsersDto): Promise<ImportedUsers> {
    return this.transport.send(Subject.AuthImportUsers, { caller, params });
  }

  /** The Quire user of that exact username, if any (a dry run reports the usernames Quire already has). */
  find(caller: Caller, username: string): Promise<UserSummary | null> {
    return this.transport.send(Subject.AuthUserFind, { caller, params: { username } });
  }
}
