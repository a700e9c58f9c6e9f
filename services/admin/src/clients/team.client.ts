import { Injectable } from '@nestjs/common';
import { TransportClient } from '@quire/platform';
import { type Caller, type Count, Subject } from '@quire/proto';

/** What the admin service asks the team service (which owns teams and their members), with the original caller. */
@Injectable()
export class TeamClient {
  constructor(private readonly transport: TransportClient) {}

  async forgetUser(caller: Caller, uid: number): Promise<void> {
    await this.transport.send<Count>(Subject.TeamMemberForgetUser, { caller, params: { uid } });
  }
}
