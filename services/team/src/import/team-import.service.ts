import { Injectable } from '@nestjs/common';
import type { ImportedTeam, ImportTeamDto } from '@quire/proto';
import { SearchChanges } from '../search/search-changes';
import { TeamChanges } from '../team/team-changes';
import { TeamRepository } from '../team/team.repository';
import { TeamItemMemberRepository } from '../team-item-member/team-item-member.repository';
import { TeamItemRepository } from '../team-item/team-item.repository';
import { TeamMemberRepository } from '../team-member/team-member.repository';

/**
 * A team brought over from another site (issue 16): the team, its members, its items and each member's right on
 * each item, as one unit (all kept or none). Items are Quire's ids of items the import already published.
 */
@Injectable()
export class TeamImportService {
  constructor(
    private readonly changes: TeamChanges,
    private readonly teams: TeamRepository,
    private readonly members: TeamMemberRepository,
    private readonly teamItems: TeamItemRepository,
    private readonly rights: TeamItemMemberRepository,
    private readonly search: SearchChanges,
  ) {}

  async importTeam(dto: ImportTeamDto): Promise<ImportedTeam> {
    const team = await this.changes.apply(async () => {
      const row = await this.teams.create(dto.team);
      const memberUids = new Set<number>();
      for (const member of dto.members) {
        if (member.member_uid === dto.team.uid || memberUids.has(member.member_uid)) continue; // the owner is no member
        memberUids.add(member.member_uid);
        await this.members.add({ team_id: row.id, member_uid: member.member_uid, member_username: member.member_username, addtime: member.addtime, last_update_time: member.addtime });
      }
      for (const item of dto.items) {
        await this.teamItems.add({ team_id: row.id, item_id: item.item_id, addtime: item.addtime, last_update_time: item.addtime });
        for (const right of item.rights) {
          if (!memberUids.has(right.member_uid)) continue; // a right of someone no longer in the team gives nothing
          await this.rights.grant({
            team_id: row.id,
            item_id: item.item_id,
            member_uid: right.member_uid,
            member_username: right.member_username,
            member_group_id: right.member_group_id,
            now: right.addtime,
          });
        }
      }
      return row;
    });
    await this.search.access(dto.items.map((item) => item.item_id));
    return { team_id: team.id };
  }
}
