import { Injectable } from '@nestjs/common';
import { ChangeFeed, DuplicateKeyError } from '@quire/platform';
import {
  ACTIVITY_TOPIC,
  activityOf,
  AppError,
  type Caller,
  type ChangeTopics,
  ErrorCode,
  escapeHtml,
  formatTime,
  type ItemTeamEntry,
  MemberGroup,
  nowSeconds,
  type TeamItemByTeamEntry,
  type TeamItemPairDto,
  type TeamItemRow,
} from '@quire/proto';
import { requireLogin } from '../access/require-login';
import { ItemClient } from '../clients/item.client';
import { SearchChanges } from '../search/search-changes';
import { TeamItemMemberRepository } from '../team-item-member/team-item-member.repository';
import { TeamMemberRepository } from '../team-member/team-member.repository';
import { TeamChanges } from '../team/team-changes';
import { TeamOwnershipService } from '../team/team-ownership.service';
import { TeamRepository } from '../team/team.repository';
import type { TeamItemEntity } from './team-item.entity';
import { TeamItemRepository } from './team-item.repository';

/**
 * Items assigned to teams (contract §9.8 teamItem/*). Assigning takes the item's creator who
 * also owns the team; every team member then gets a read-only right on the item, which the
 * team owner may raise to edit per member.
 */
@Injectable()
export class TeamItemService {
  constructor(
    private readonly bindings: TeamItemRepository,
    private readonly teams: TeamRepository,
    private readonly members: TeamMemberRepository,
    private readonly rights: TeamItemMemberRepository,
    private readonly ownership: TeamOwnershipService,
    private readonly changes: TeamChanges,
    private readonly itemClient: ItemClient,
    private readonly search: SearchChanges,
    private readonly feed: ChangeFeed<ChangeTopics>,
  ) {}

  /** The teams an item is assigned to (its creator only); `id` is the team_item id. */
  async listByItem(caller: Caller, itemId: number): Promise<ItemTeamEntry[]> {
    requireLogin(caller);
    await this.itemClient.requireCreator(caller, itemId);
    const bindings = await this.bindings.listByItem(itemId);
    const teams = new Map((await this.teams.findByIds(bindings.map((b) => b.team_id))).map((team) => [team.id, team]));
    return bindings.flatMap((binding) => {
      const team = teams.get(binding.team_id);
      if (!team) return [];
      return [
        {
          id: binding.id,
          team_id: team.id,
          item_id: binding.item_id,
          team_name: escapeHtml(team.team_name),
          uid: team.uid,
          username: escapeHtml(team.username),
          addtime: formatTime(team.addtime),
          last_update_time: team.last_update_time,
        },
      ];
    });
  }

  /** Assigns my item to my team, once; each current member gets a read-only right on it, in the same unit. */
  async save(caller: Caller, dto: TeamItemPairDto): Promise<TeamItemRow> {
    requireLogin(caller);
    await this.itemClient.requireCreator(caller, dto.item_id);
    const team = await this.ownership.require(caller, dto.team_id, ErrorCode.UserNotFound);
    if (await this.bindings.find(team.id, dto.item_id)) throw AppError.failed('team_item_exists');
    const now = nowSeconds();
    const binding = await this.changes.applyGranting(team.id, async () => {
      let added: TeamItemEntity;
      try {
        added = await this.bindings.add({ team_id: team.id, item_id: dto.item_id, addtime: now, last_update_time: now });
      } catch (error) {
        if (error instanceof DuplicateKeyError) throw AppError.failed('team_item_exists');
        throw error;
      }
      // After the binding exists: a member added meanwhile sees the item, or is seen here.
      for (const member of await this.members.listByTeam(team.id)) {
        await this.rights.grant({
          team_id: team.id,
          item_id: dto.item_id,
          member_uid: member.member_uid,
          member_username: member.member_username,
          member_group_id: MemberGroup.ReadOnly,
          now,
        });
      }
      return added;
    });
    await Promise.all([
      this.search.access([dto.item_id]),
      this.feed.publishAfterCommit(ACTIVITY_TOPIC, activityOf(caller, 'team.item_add', dto.item_id, { type: 'team', id: team.id, name: team.team_name })),
    ]);
    return toTeamItemRow(binding);
  }

  /** The live items of a team I own, without visit passwords; `addtime` is the item's, `join_time` the binding's. */
  async listByTeam(caller: Caller, teamId: number): Promise<TeamItemByTeamEntry[]> {
    const team = await this.ownership.require(caller, teamId, ErrorCode.UserNotFound);
    const bindings = await this.bindings.listByTeam(team.id);
    const items = new Map(
      (
        await this.itemClient.summaries(
          caller,
          bindings.map((b) => b.item_id),
        )
      ).map((item) => [item.item_id, item]),
    );
    return bindings.flatMap((binding) => {
      const item = items.get(binding.item_id);
      if (!item) return [];
      return [
        {
          id: binding.id,
          team_id: binding.team_id,
          item_id: item.item_id,
          item_name: escapeHtml(item.item_name),
          item_description: escapeHtml(item.item_description),
          uid: item.uid,
          username: escapeHtml(item.username),
          item_domain: item.item_domain,
          item_type: item.item_type,
          addtime: formatTime(item.addtime),
          join_time: formatTime(binding.addtime),
          last_update_time: item.last_update_time,
          is_archived: item.is_archived,
          is_private: item.is_private,
        },
      ];
    });
  }

  /**
   * Unassigns an item from a team: the item's creator or the team's owner may. The binding and
   * the rights it gave go in one unit.
   */
  async delete(caller: Caller, bindingId: number): Promise<1> {
    requireLogin(caller);
    const binding = await this.bindings.findById(bindingId);
    if (!binding) throw new AppError(ErrorCode.NoPermission, 'team_item_not_found');
    const team = await this.teams.findById(binding.team_id);
    if (team?.uid !== caller.uid && !(await this.itemClient.access(caller, binding.item_id)).creator) {
      throw new AppError(ErrorCode.NotCreator, 'item_not_creator');
    }
    await this.changes.apply(async () => {
      await this.bindings.remove(binding.id);
      await this.rights.removeByPair(binding.team_id, binding.item_id);
    });
    await Promise.all([
      this.search.access([binding.item_id]),
      this.feed.publishAfterCommit(ACTIVITY_TOPIC, activityOf(caller, 'team.item_remove', binding.item_id, { type: 'team', id: binding.team_id, name: team?.team_name ?? '' })),
    ]);
    return 1;
  }

  /** Internal: a purged item leaves every team. */
  async purgeItem(itemId: number): Promise<{ removed: number }> {
    const removed = await this.changes.apply(async () => {
      const bindings = await this.bindings.removeByItem(itemId);
      await this.rights.removeByItem(itemId);
      return bindings;
    });
    return { removed };
  }
}

function toTeamItemRow(binding: TeamItemEntity): TeamItemRow {
  return {
    id: binding.id,
    team_id: binding.team_id,
    item_id: binding.item_id,
    addtime: binding.addtime,
    last_update_time: binding.last_update_time,
  };
}
