import { Injectable } from '@nestjs/common';
import { ChangeFeed } from '@quire/platform';
import {
  ACTIVITY_TOPIC,
  activityOf,
  AppError,
  type Caller,
  type ChangeTopics,
  ErrorCode,
  escapeHtml,
  formatTime,
  nowSeconds,
  type SaveTeamItemMemberDto,
  type TeamItemMemberEntry,
  type TeamItemPairDto,
} from '@quire/proto';
import { requireLogin } from '../access/require-login';
import { ItemClient } from '../clients/item.client';
import { TeamOwnershipService } from '../team/team-ownership.service';
import { TeamItemMemberRepository } from './team-item-member.repository';

/** Per member rights on a team's item (contract §9.8 teamItemMember/*): 0 read-only, 1 edit. */
@Injectable()
export class TeamItemMemberService {
  constructor(
    private readonly rights: TeamItemMemberRepository,
    private readonly ownership: TeamOwnershipService,
    private readonly itemClient: ItemClient,
    private readonly feed: ChangeFeed<ChangeTopics>,
  ) {}

  /** The rights a team's members hold on an item, for the item's creator. */
  async list(caller: Caller, dto: TeamItemPairDto): Promise<TeamItemMemberEntry[]> {
    requireLogin(caller);
    await this.itemClient.requireCreator(caller, dto.item_id);
    const rights = await this.rights.listByPair(dto.team_id, dto.item_id);
    return rights.map((right) => ({
      id: right.id,
      team_id: right.team_id,
      item_id: right.item_id,
      member_group_id: right.member_group_id,
      member_uid: right.member_uid,
      member_username: escapeHtml(right.member_username),
      addtime: formatTime(right.addtime),
      last_update_time: right.last_update_time,
    }));
  }

  /**
   * Sets one member's right on one item: the item's creator who owns the team. Answers 1, or 0
   * when the right was already that ([ERA] affected rows). The member's next call sees it.
   */
  async save(caller: Caller, dto: SaveTeamItemMemberDto): Promise<0 | 1> {
    requireLogin(caller);
    const right = await this.rights.findById(dto.id);
    if (!right) throw AppError.failed('team_item_member_not_found');
    await this.itemClient.requireCreator(caller, right.item_id);
    await this.ownership.require(caller, right.team_id, ErrorCode.UserNotFound);
    if (right.member_group_id === dto.member_group_id) return 0;
    if ((await this.rights.setGroup(right.id, dto.member_group_id, nowSeconds())) === 0) return 0;
    const detail = { member_group_id: dto.member_group_id, team_id: right.team_id };
    await this.feed.publishAfterCommit(ACTIVITY_TOPIC, activityOf(caller, 'member.update', right.item_id, { type: 'member', id: right.member_uid, name: right.member_username }, detail));
    return 1;
  }
}
