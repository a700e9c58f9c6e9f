import { Injectable } from '@nestjs/common';
import { TransportClient } from '@quire/platform';
import { type Caller, type QuireContracts, Subject } from '@quire/proto';

/** What auth tells the team service (which owns teams and their members) when the console deletes a user, with the original caller. */
@Injectable()
export class TeamClient {
  constructor(private readonly transport: TransportClient<QuireContracts>) {}

  async forgetUser(caller: Caller, uid: number): Promise<void> {
    await this.transport.send(Subject.TeamMemberForgetUser, { caller, params: { uid } });
  }
}
