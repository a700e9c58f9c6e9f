import { Injectable } from '@nestjs/common';
import { AppError, type Caller, ErrorCode, escapeHtml, formatTime, nowSeconds, type SaveTeamDto, type TeamListEntry, type TeamRow } from '@quire/proto';
import { requireLogin } from '../access/require-login';
import { TeamItemMemberRepository } from '../team-item-member/team-item-member.repository';
import { TeamItemRepository } from '../team-item/team-item.repository';
import { SearchChanges } from '../search/search-changes';
import { TeamMemberRepository } from '../team-member/team-member.repository';
import { TeamChanges } from './team-changes';
import { TeamOwnershipService } from './team-ownership.service';
import type { TeamEntity } from './team.entity';
import { TeamRepository } from './team.repository';

/** Teams (contract §9.8 team/*): each user manages the teams they own. */
@Injectable()
export class TeamService {
  constructor(
    private readonly teams: TeamRepository,
    private readonly members: TeamMemberRepository,
    private readonly items: TeamItemRepository,
    private readonly rights: TeamItemMemberRepository,
    private readonly ownership: TeamOwnershipService,
    private readonly changes: TeamChanges,
    private readonly search: SearchChanges,
  ) {}

  /** The teams I own, newest first, with their member and item counts. */
  async list(caller: Caller): Promise<TeamListEntry[]> {
    requireLogin(caller);
    const teams = await this.teams.listByOwner(caller.uid);
    return Promise.all(
      teams.map(async (team) => {
        const [memberCount, itemCount] = await Promise.all([this.members.countByTeam(team.id), this.items.countByTeam(team.id)]);
        return { ...toTeamRow(team), addtime: formatTime(team.addtime), memberCount, itemCount };
      }),
    );
  }

  /** Creates a team (`id` 0) or renames one I own ([ERA] let anyone rename any team). */
  async save(caller: Caller, dto: SaveTeamDto): Promise<TeamRow> {
    requireLogin(caller);
    const name = dto.team_name.trim();
    if (name === '') throw AppError.failed('team_name_required');
    const now = nowSeconds();
    if (dto.id === 0) {
      return toTeamRow(await this.teams.create({ team_name: name, uid: caller.uid, username: caller.username, addtime: now, last_update_time: now }));
    }
    await this.ownership.require(caller, dto.id, ErrorCode.NoPermission);
    const renamed = await this.teams.rename(dto.id, name, now);
    if (!renamed) throw new AppError(ErrorCode.NoPermission, 'team_not_owned');
    return toTeamRow(renamed);
  }

  /** Deletes a team I own with its members, items and the rights they gave, in one unit. */
  async delete(caller: Caller, teamId: number): Promise<1> {
    const team = await this.ownership.require(caller, teamId, ErrorCode.NoPermission);
    const bindings = await this.items.listByTeam(team.id);
    await this.remove(team.id);
    await this.search.access(bindings.map((binding) => binding.item_id));
    return 1;
  }

  /**
   * Internal (the administrator deleted the user): the teams they owned go too, with everything
   * they gave. Nobody could manage them any more, and their items may belong to others by now.
   */
  async deleteOwnedBy(uid: number): Promise<number> {
    const owned = await this.teams.listByOwner(uid);
    for (const team of owned) await this.remove(team.id);
    return owned.length;
  }

  private remove(teamId: number): Promise<void> {
    return this.changes.apply(async () => {
      await this.teams.remove(teamId);
      await this.rights.removeByTeam(teamId);
      await this.items.removeByTeam(teamId);
      await this.members.removeByTeam(teamId);
    });
  }
}

export function toTeamRow(team: TeamEntity): TeamRow {
  return {
    id: team.id,
    team_name: escapeHtml(team.team_name),
    uid: team.uid,
    username: escapeHtml(team.username),
    addtime: team.addtime,
    last_update_time: team.last_update_time,
  };
}
