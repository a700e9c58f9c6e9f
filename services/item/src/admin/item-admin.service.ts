import { Injectable } from '@nestjs/common';
import { ChangeFeed, DocumentStore } from '@quire/platform';
import {
  ACTIVITY_TOPIC,
  activityOf,
  type AdminAttornItemDto,
  type AdminItemPage,
  type AdminItemRow,
  type AdminListItemsDto,
  AppError,
  type Caller,
  type ChangeTopics,
  type Count,
  ErrorCode,
  formatTime,
  type ItemRow,
  nowSeconds,
} from '@quire/proto';
import { AccessVersion } from '../access/access-version';
import { ApiKeyService } from '../api-key/api-key.service';
import { AuthClient } from '../clients/auth.client';
import type { ItemEntity } from '../item/item.entity';
import { ItemRepository } from '../item/item.repository';
import { toItemRow } from '../item/item.view';
import { MemberRepository } from '../member/member.repository';
import { SearchChanges } from '../search/search-changes';

/** The console's subjects are internal; each checks the original caller again (10102, then 10103). */
function requireAdmin(caller: Caller): void {
  if (!caller || caller.uid <= 0) throw new AppError(ErrorCode.NotLoggedIn, 'not_logged_in');
  if (caller.groupid !== 1) throw new AppError(ErrorCode.NoPermission, 'no_permission');
}

/** What the administrator console may do with any item (contract §9.11): no password, no creator check. */
@Injectable()
export class ItemAdminService {
  constructor(
    private readonly documents: DocumentStore,
    private readonly accessVersion: AccessVersion,
    private readonly items: ItemRepository,
    private readonly members: MemberRepository,
    private readonly apiKeys: ApiKeyService,
    private readonly auth: AuthClient,
    private readonly search: SearchChanges,
    private readonly feed: ChangeFeed<ChangeTopics>,
  ) {}

  /** One unit of item data; the repositories renew the access version inside it, before its commit: once more after it. */
  private change<R>(work: () => Promise<R>): Promise<R> {
    return this.accessVersion.renewAfter(this.documents.transaction(work));
  }

  async list(caller: Caller, dto: AdminListItemsDto): Promise<AdminItemPage> {
    requireAdmin(caller);
    const itemName = dto.item_name.trim();
    const username = dto.username.trim();
    const [total, items] = await Promise.all([this.items.countMatching(itemName, username), this.items.search(itemName, username, (dto.page - 1) * dto.count, dto.count)]);
    return { total, items: await Promise.all(items.map((item) => this.toAdminRow(item))) };
  }

  /** Soft delete, as `item/delete` (purged after the retention), without the owner's password. */
  async delete(caller: Caller, itemId: number): Promise<number> {
    requireAdmin(caller);
    const item = await this.items.findLive(itemId);
    if (!item || (await this.items.softDelete(itemId, nowSeconds())) === 0) throw AppError.failed('item_not_exist');
    await Promise.all([
      this.search.item(itemId),
      this.feed.publishAfterCommit(ACTIVITY_TOPIC, activityOf(caller, 'item.delete', itemId, { type: 'item', id: itemId, name: item.item_name }, { by_admin: true })),
    ]);
    return 1;
  }

  /** Hands the item to `username`, without the owner's password; its open-API credentials are renewed in the same unit. */
  async attorn(caller: Caller, dto: AdminAttornItemDto): Promise<ItemRow> {
    requireAdmin(caller);
    const before = await this.items.findLive(dto.item_id);
    if (!before) throw AppError.failed('item_not_exist');
    const user = await this.auth.findUser(caller, dto.username);
    if (!user) throw new AppError(ErrorCode.UserNotFound, 'user_not_found');
    const updated = await this.change(async () => {
      const owned = await this.items.setOwner(dto.item_id, user.uid, user.username);
      if (!owned) throw AppError.failed('item_not_exist');
      await this.apiKeys.renew(dto.item_id);
      return owned;
    });
    const detail = { by_admin: true, from_uid: before.uid, from_username: before.username, to_uid: user.uid, to_username: user.username };
    await Promise.all([
      this.search.item(updated.item_id),
      this.feed.publishAfterCommit(ACTIVITY_TOPIC, activityOf(caller, 'item.transfer', updated.item_id, { type: 'item', id: updated.item_id, name: updated.item_name }, detail)),
    ]);
    return toItemRow(updated);
  }

  async countOwned(caller: Caller, uid: number): Promise<Count> {
    requireAdmin(caller);
    return { count: await this.items.countOwnedBy(uid) };
  }

  /** A deleted user leaves every item they were a member of, all in one unit. */
  async forgetUser(caller: Caller, uid: number): Promise<Count> {
    requireAdmin(caller);
    const { count, itemIds } = await this.change(async () => {
      const memberships = await this.members.listByUser(uid);
      let left = 0;
      for (const membership of memberships) left += await this.members.removeUser(membership.item_id, uid);
      return { count: left, itemIds: memberships.map((membership) => membership.item_id) };
    });
    await this.search.access(itemIds);
    return { count };
  }

  private async toAdminRow(item: ItemEntity): Promise<AdminItemRow> {
    const members = await this.members.listByItem(item.item_id);
    return { ...toItemRow(item), addtime: formatTime(item.addtime), member_num: members.length + 1 };
  }
}
