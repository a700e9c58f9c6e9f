import { Injectable } from '@nestjs/common';
import { TransportClient } from '@quire/platform';
import { type Caller, type QuireContracts, Subject, type TeamSyncResult } from '@quire/proto';

/** What auth tells the team service (which owns teams and their members): a user deleted, a directory sign-in's groups; with the original caller. */
@Injectable()
export class TeamClient {
  constructor(private readonly transport: TransportClient<QuireContracts>) {}

  async forgetUser(caller: Caller, uid: number): Promise<void> {
    await this.transport.send(Subject.TeamMemberForgetUser, { caller, params: { uid } });
  }

  /** Of the `mapped` teams, user `uid` becomes a member of exactly those in `memberOf`. */
  syncDirectory(caller: Caller, user: { uid: number; username: string }, mapped: number[], memberOf: number[]): Promise<TeamSyncResult> {
    return this.transport.send(Subject.TeamMemberSyncDirectory, { caller, params: { uid: user.uid, username: user.username, mapped, member_of: memberOf } });
  }

  /** Which of these team ids exist. */
  async existing(caller: Caller, teamIds: number[]): Promise<number[]> {
    return (await this.transport.send(Subject.TeamTeamExisting, { caller, params: { team_ids: teamIds } })).team_ids;
  }
}
