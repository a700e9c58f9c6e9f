import { Inject, Injectable } from '@nestjs/common';
import type { QuireConfig } from '@quire/config';
import { ChangeFeed, DuplicateKeyError, QUIRE_CONFIG } from '@quire/platform';
import {
  ACTIVITY_TOPIC,
  activityOf,
  AppError,
  type Caller,
  type ChangeTopics,
  type DeleteMemberDto,
  ErrorCode,
  escapeHtml,
  formatTime,
  MemberGroup,
  type MemberListEntry,
  type MemberRow,
  nowSeconds,
  type SaveMemberDto,
  translate,
} from '@quire/proto';
import { ItemAccessService } from '../access/item-access.service';
import { AuthClient } from '../clients/auth.client';
import { NoticeClient } from '../clients/notice.client';
import { SearchChanges } from '../search/search-changes';
import type { MemberEntity } from './member.entity';
import { MemberRepository } from './member.repository';

/**
 * Item members (contract §9.7): the creator adds users by username with the edit (1) or
 * read-only (0) right, lists and removes them. Rights are read afresh on every access check,
 * so a change applies to the member's very next call.
 */
@Injectable()
export class MemberService {
  constructor(
    private readonly members: MemberRepository,
    private readonly access: ItemAccessService,
    private readonly auth: AuthClient,
    private readonly notices: NoticeClient,
    private readonly search: SearchChanges,
    private readonly feed: ChangeFeed<ChangeTopics>,
    @Inject(QUIRE_CONFIG) private readonly config: QuireConfig,
  ) {}

  /** Oldest first, with each user's display name; the creator is not listed. */
  async list(caller: Caller, itemId: number): Promise<MemberListEntry[]> {
    await this.access.requireCreator(caller, itemId);
    const members = await this.members.listByItem(itemId);
    return Promise.all(
      members.map(async (member) => {
        const user = await this.auth.findUser(caller, member.username);
        return {
          ...toMemberRow(member),
          addtime: formatTime(member.addtime),
          name: escapeHtml(user?.name ?? ''),
          member_group: this.groupName(member.member_group_id),
        };
      }),
    );
  }

  /** Adds a user; the user hears of it through a notice. */
  async save(caller: Caller, dto: SaveMemberDto): Promise<MemberRow> {
    const item = await this.access.requireCreator(caller, dto.item_id);
    const username = dto.username.trim();
    const user = username === '' ? null : await this.auth.findUser(caller, username);
    if (!user) throw new AppError(ErrorCode.UserNotFound, 'user_not_found');
    if (user.uid === item.uid) throw AppError.failed('member_is_creator');
    if (await this.members.find(item.item_id, user.uid)) throw AppError.failed('member_already_member');
    let member: MemberEntity;
    try {
      member = await this.members.add({
        item_id: item.item_id,
        uid: user.uid,
        username: user.username,
        member_group_id: dto.member_group_id,
        addtime: nowSeconds(),
      });
    } catch (error) {
      if (error instanceof DuplicateKeyError) throw AppError.failed('member_already_member');
      throw error;
    }
    await Promise.all([
      this.search.access([item.item_id]),
      this.feed.publishAfterCommit(
        ACTIVITY_TOPIC,
        activityOf(caller, 'member.add', item.item_id, { type: 'member', id: user.uid, name: user.username }, { member_group_id: dto.member_group_id }),
      ),
    ]);
    const language = this.config.language;
    await this.notices.send(caller, {
      to_uids: [user.uid],
      to_all: false,
      from_name: caller.username.slice(0, 64),
      notice_title: translate('notice_member_added_title', language),
      notice_content: translate('notice_member_added_content', language, {
        from: escapeHtml(caller.username),
        item: `<a href="/${item.item_id}">${escapeHtml(item.item_name)}</a>`,
        right: escapeHtml(this.groupName(dto.member_group_id)),
      }),
    });
    return toMemberRow(member);
  }

  /** Removes a membership of the item; the user loses the right on their next call. */
  async delete(caller: Caller, dto: DeleteMemberDto): Promise<1> {
    const item = await this.access.requireCreator(caller, dto.item_id);
    const member = await this.members.findById(item.item_id, dto.item_member_id);
    if (!member || (await this.members.removeById(item.item_id, dto.item_member_id)) === 0) throw AppError.failed('member_not_found');
    await Promise.all([
      this.search.access([item.item_id]),
      this.feed.publishAfterCommit(
        ACTIVITY_TOPIC,
        activityOf(caller, 'member.remove', item.item_id, { type: 'member', id: member.uid, name: member.username }, { member_group_id: member.member_group_id }),
      ),
    ]);
    return 1;
  }

  private groupName(group: MemberGroup): string {
    return translate(group === MemberGroup.Edit ? 'member_group_edit' : 'member_group_read_only', this.config.language);
  }
}

function toMemberRow(member: MemberEntity): MemberRow {
  return {
    item_member_id: member.item_member_id,
    item_id: member.item_id,
    uid: member.uid,
    username: escapeHtml(member.username),
    member_group_id: member.member_group_id,
    addtime: member.addtime,
  };
}
