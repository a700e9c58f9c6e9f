import { type Caller, type ItemAccess, type TeamItemMemberEntry, type TeamItemRow, type TeamMemberRow, type TeamRow, Subject } from '@quire/proto';
import { type ContextApp, createContextApp } from '@quire/testing';
import { AuthModule } from '../../auth/src/auth.module';
import { ItemWorld } from '../../item/test/item.factory';
import { ItemModule } from '../../item/src/item.module';
import { NoticeModule } from '../../notice/src/notice.module';
import { PageModule } from '../../page/src/page.module';
import { TeamModule } from '../src/team.module';

export { failure, failureDetail, type User } from '../../item/test/item.factory';

/** The team service with the services it talks to (item, auth, notice; page for content checks). */
export function bootTeamApp(): Promise<ContextApp> {
  return createContextApp([ItemModule, PageModule, AuthModule, TeamModule, NoticeModule], { env: { LANGUAGE: 'en' } });
}

/** Drives teams through the transport, as the gateway would. */
export class TeamWorld extends ItemWorld {
  async team(owner: Caller, name = 'Platform'): Promise<number> {
    return (await this.send<TeamRow>(Subject.TeamTeamSave, owner, { team_name: name })).id;
  }

  join(owner: Caller, teamId: number, user: Caller): Promise<TeamMemberRow> {
    return this.send<TeamMemberRow>(Subject.TeamMemberSave, owner, { team_id: teamId, member_username: user.username });
  }

  assign(owner: Caller, teamId: number, itemId: number): Promise<TeamItemRow> {
    return this.send<TeamItemRow>(Subject.TeamItemSave, owner, { team_id: teamId, item_id: itemId });
  }

  rights(owner: Caller, teamId: number, itemId: number): Promise<TeamItemMemberEntry[]> {
    return this.send<TeamItemMemberEntry[]>(Subject.TeamItemMemberList, owner, { team_id: teamId, item_id: itemId });
  }

  /** Sets a member's right on the team's item (as the item's creator who owns the team). */
  async setRight(owner: Caller, teamId: number, itemId: number, user: Caller, group: 0 | 1): Promise<number> {
    const right = (await this.rights(owner, teamId, itemId)).find((r) => r.member_uid === user.uid);
    if (!right) throw new Error(`user ${user.uid} has no right on item ${itemId} through team ${teamId}`);
    return this.send<number>(Subject.TeamItemMemberSave, owner, { id: right.id, member_group_id: group });
  }

  access(caller: Caller, itemId: number): Promise<ItemAccess> {
    return this.send<ItemAccess>(Subject.ItemAccessCheck, caller, { item_id: itemId });
  }
}
