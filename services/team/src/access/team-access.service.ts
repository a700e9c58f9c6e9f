import { Injectable } from '@nestjs/common';
import { MemberGroup, type TeamItemsOfUser, type TeamRights } from '@quire/proto';
import type { TeamItemMemberEntity } from '../team-item-member/team-item-member.entity';
import { TeamItemMemberRepository } from '../team-item-member/team-item-member.repository';
import { TeamItemRepository } from '../team-item/team-item.repository';
import { TeamMemberRepository } from '../team-member/team-member.repository';
import { TeamRepository } from '../team/team.repository';

/**
 * The rights teams give on items, for the item service's access check and item list. A right
 * counts only while its team, the user's membership and the item's binding all exist, so
 * deleting any of them revokes it at once, whatever happens to the rows after.
 */
@Injectable()
export class TeamAccessService {
  constructor(
    private readonly teams: TeamRepository,
    private readonly members: TeamMemberRepository,
    private readonly bindings: TeamItemRepository,
    private readonly rights: TeamItemMemberRepository,
  ) {}

  /** `team.access.rights`: the strongest right user `uid` holds on the item through teams, or null. */
  async rightsOn(itemId: number, uid: number): Promise<TeamRights> {
    const rows = await this.rights.listByItemAndUser(itemId, uid);
    if (rows.length === 0) return null;
    const teamIds = unique(rows.map((row) => row.team_id));
    const [teams, memberships, bindings] = await Promise.all([this.teams.findByIds(teamIds), this.members.listByUserInTeams(uid, teamIds), this.bindings.listByItemInTeams(itemId, teamIds)]);
    const live = new Set(teams.map((t) => t.id));
    const joined = new Set(memberships.map((m) => m.team_id));
    const bound = new Set(bindings.map((b) => b.team_id));
    const valid = rows.filter((row) => live.has(row.team_id) && joined.has(row.team_id) && bound.has(row.team_id));
    if (valid.length === 0) return null;
    const via = new Set(valid.map((row) => row.team_id));
    return {
      member_group_id: valid.some((row) => row.member_group_id === MemberGroup.Edit) ? MemberGroup.Edit : MemberGroup.ReadOnly,
      teams: teams
        .filter((team) => via.has(team.id))
        .sort((a, b) => a.id - b.id)
        .map((team) => ({ team_id: team.id, team_name: team.team_name, owner_username: team.username })),
    };
  }

  /** `team.access.itemsOfUser`: the items user `uid` holds a team right on. */
  async itemsOf(uid: number): Promise<TeamItemsOfUser> {
    const rows = await this.rights.listByUser(uid);
    if (rows.length === 0) return { item_ids: [] };
    const teamIds = unique(rows.map((row) => row.team_id));
    const [teams, memberships, bindings] = await Promise.all([this.teams.findByIds(teamIds), this.members.listByUserInTeams(uid, teamIds), this.bindings.listByTeams(teamIds)]);
    const live = new Set(teams.map((t) => t.id));
    const joined = new Set(memberships.map((m) => m.team_id));
    const bound = new Set(bindings.map((b) => pairKey(b)));
    const valid = rows.filter((row) => live.has(row.team_id) && joined.has(row.team_id) && bound.has(pairKey(row)));
    return { item_ids: unique(valid.map((row) => row.item_id)).sort((a, b) => a - b) };
  }
}

const unique = (values: number[]): number[] => [...new Set(values)];
const pairKey = (row: Pick<TeamItemMemberEntity, 'team_id' | 'item_id'>): string => `${row.team_id}:${row.item_id}`;
