import { Inject, Injectable } from '@nestjs/common';
import type { QuireConfig } from '@quire/config';
import { ChangeFeed, DocumentStore, DuplicateKeyError, QUIRE_CONFIG } from '@quire/platform';
import {
  ACTIVITY_TOPIC,
  type ActivityAction,
  activityOf,
  type AddedItem,
  type AddItemDto,
  AppError,
  type Caller,
  type ChangeTopics,
  type ConfirmItemDto,
  type AttornItemDto,
  ErrorCode,
  escapeHtml,
  type ItemListEntry,
  type MyItemListDto,
  type ItemRow,
  type ItemSummariesDto,
  type ItemSummary,
  ItemType,
  nowSeconds,
  type RenameItemDto,
  type SortItemsDto,
  type TouchItemDto,
  type UpdateItemDto,
  ITEM_NAME_MAX,
  translate,
} from '@quire/proto';
import { AccessVersion } from '../access/access-version';
import { ItemGroupService } from '../item-group/item-group.service';
import { ItemAccessService } from '../access/item-access.service';
import { requireLogin } from '../access/require-login';
import { ApiKeyService } from '../api-key/api-key.service';
import { AuthClient } from '../clients/auth.client';
import { NoticeClient } from '../clients/notice.client';
import { PageClient } from '../clients/page.client';
import { TeamClient } from '../clients/team.client';
import { MemberRepository } from '../member/member.repository';
import { SearchChanges } from '../search/search-changes';
import { isValidItemDomain } from './item-domain';
import type { ItemEntity } from './item.entity';
import { type ItemChanges, ItemRepository } from './item.repository';
import { ItemSortRepository } from './item-sort.repository';
import { toItemRow, toItemSummary, toListEntry } from './item.view';
import { parseSortData } from './sort-data';

/** Items as their users see them: list, create (or copy), settings, order, leave, delete, archive, hand over. */
@Injectable()
export class ItemService {
  constructor(
    private readonly documents: DocumentStore,
    private readonly accessVersion: AccessVersion,
    private readonly items: ItemRepository,
    private readonly members: MemberRepository,
    private readonly sorts: ItemSortRepository,
    private readonly access: ItemAccessService,
    private readonly apiKeys: ApiKeyService,
    private readonly auth: AuthClient,
    private readonly pages: PageClient,
    private readonly teams: TeamClient,
    private readonly notices: NoticeClient,
    private readonly groups: ItemGroupService,
    private readonly search: SearchChanges,
    private readonly feed: ChangeFeed<ChangeTopics>,
    @Inject(QUIRE_CONFIG) private readonly config: QuireConfig,
  ) {}

  /** One activity of an item, once its write has committed. */
  private activity(caller: Caller, action: ActivityAction, item: Pick<ItemEntity, 'item_id' | 'item_name'>, detail: Record<string, string | number> = {}): Promise<void> {
    return this.feed.publishAfterCommit(ACTIVITY_TOPIC, activityOf(caller, action, item.item_id, { type: 'item', id: item.item_id, name: item.item_name }, detail));
  }

  /**
   * Items the caller created, is a member of or reaches through a team, by item id, then by the
   * caller's saved order (items missing from it first, contract §15).
   */
  async myList(caller: Caller, dto: MyItemListDto = { item_group_id: 0 }): Promise<ItemListEntry[]> {
    requireLogin(caller);
    const [memberships, teamItemIds, group] = await Promise.all([
      this.members.listByUser(caller.uid),
      this.teams.itemsOfUser(caller, caller.uid),
      // ShowDoc 3.x: `item_group_id` > 0 lists only the items of that group of mine (a group that is not mine: none).
      dto.item_group_id > 0 ? this.groups.itemIds(caller, dto.item_group_id).then((ids) => ids ?? new Set<number>()) : null,
    ]);
    const all = await this.items.listLiveForUser(caller.uid, [...new Set([...memberships.map((m) => m.item_id), ...teamItemIds])]);
    const items = group ? all.filter((item) => group.has(item.item_id)) : all;
    const positions = await this.sorts.positions(caller.uid);
    const entries = items.map((item) => toListEntry(item, caller.uid, positions ? (positions.get(item.item_id) ?? 0) : undefined));
    if (positions) entries.sort((a, b) => (a.s_number ?? 0) - (b.s_number ?? 0));
    return entries;
  }

  /**
   * Creates an item, or copies one the caller may edit (`copy_item_id`): its type, description
   * and password unless the request gives them, its members, catalogs and pages. An item that
   * needs more than its row (a copy, a single-page item's page) is stored pending, hidden from
   * every query, and goes live in one write once whole: a crash leaves nothing visible, and the
   * maintenance sweep removes what it left. The row and a copy's members are one unit; the pages
   * come from the page service after it. When a later step fails, what was written is removed.
   */
  async add(caller: Caller, dto: AddItemDto): Promise<AddedItem> {
    requireLogin(caller);
    const name = dto.item_name.trim();
    if (name === '') throw new AppError(ErrorCode.Validation, 'item_name_required');
    const domain = dto.item_domain.trim();
    if (domain !== '') await this.assertDomainFree(domain);

    let source: ItemEntity | null = null;
    if (dto.copy_item_id > 0) {
      source = await this.items.findLive(dto.copy_item_id);
      if (!source || !(await this.access.mayWrite(caller, source))) throw new AppError(ErrorCode.NoPermission, 'no_permission');
    }
    const itemType = source?.item_type ?? dto.item_type;
    const pending = source !== null || itemType === ItemType.SinglePage;

    const created = this.documents.transaction(async () => {
      let row: ItemEntity;
      try {
        row = await this.items.create({
          item_name: name,
          item_description: dto.item_description || source?.item_description || '',
          // [ERA]: an empty password falls back to the source's, so a copy of a private item stays private.
          password: dto.password || source?.password || '',
          item_domain: domain,
          item_type: itemType,
          uid: caller.uid,
          username: caller.username,
          now: nowSeconds(),
          pending,
        });
      } catch (error) {
        if (error instanceof DuplicateKeyError) throw new AppError(ErrorCode.DomainTaken, 'item_domain_taken');
        throw error;
      }
      if (source) await this.copyMembers(source.item_id, row.item_id, caller.uid);
      return row;
    });
    // The repositories renew the access version inside the unit, before its commit: once more after it.
    const item = await this.accessVersion.renewAfter(created);
    const copied: Record<string, number> = source ? { copy_of: source.item_id } : {};
    if (!pending) {
      await this.activity(caller, 'item.create', item, copied);
      return { item_id: item.item_id };
    }

    try {
      if (source) {
        await this.pages.copyItem(caller, { from_item_id: source.item_id, to_item_id: item.item_id });
      } else {
        await this.pages.createFirstPage(caller, { item_id: item.item_id, page_title: name });
      }
    } catch (error) {
      // Unanswered in time, the page service may still be writing: the sweep removes it all after the grace period.
      if (!(error instanceof AppError && error.code === ErrorCode.Timeout)) await this.discard(caller, item.item_id);
      throw error;
    }
    if ((await this.items.makeLive(item.item_id)) === 0) throw AppError.failed('item_unfinished');
    // Its pages (a copy's, a single-page item's) were written while it was hidden: findable from now.
    await Promise.all([this.search.item(item.item_id), this.activity(caller, 'item.create', item, copied)]);
    return { item_id: item.item_id };
  }

  /** The full row for the creator's settings form. */
  async detail(caller: Caller, itemId: number): Promise<ItemRow> {
    return toItemRow(await this.access.requireCreator(caller, itemId));
  }

  /**
   * Changes the fields the request carries (an absent field stays as it is; an empty one is
   * cleared, so `password: ''` makes the item public). Archived items are read-only.
   */
  async update(caller: Caller, dto: UpdateItemDto): Promise<number> {
    const item = await this.access.requireCreator(caller, dto.item_id);
    if (item.is_archived === 1) throw AppError.failed('item_archived_read_only');
    const changes: ItemChanges = {};
    if (dto.item_name !== undefined) {
      changes.item_name = dto.item_name.trim();
      if (changes.item_name === '') throw new AppError(ErrorCode.Validation, 'item_name_required');
    }
    if (dto.item_description !== undefined) changes.item_description = dto.item_description;
    if (dto.item_domain !== undefined) {
      changes.item_domain = dto.item_domain.trim();
      if (changes.item_domain !== '' && changes.item_domain !== item.item_domain) await this.assertDomainFree(changes.item_domain);
    }
    if (dto.password !== undefined) changes.password = dto.password;
    const passwordChanged = changes.password !== undefined && changes.password !== item.password;
    try {
      await this.items.update(item.item_id, changes, passwordChanged);
    } catch (error) {
      if (error instanceof DuplicateKeyError) throw new AppError(ErrorCode.DomainTaken, 'item_domain_taken');
      throw error;
    }
    if (changes.item_name !== undefined && changes.item_name !== item.item_name) await this.search.item(item.item_id);
    if (passwordChanged) await this.search.access([item.item_id]);
    // The fields' names only: a visit password is never recorded.
    await this.activity(caller, 'item.update', { item_id: item.item_id, item_name: changes.item_name ?? item.item_name }, { fields: Object.keys(changes).join(',') });
    return 1;
  }

  /**
   * Leaves an item the caller is a member of. A user who reaches it through a team is told
   * which team and whom to ask ([ERA]); leaving the team is the team owner's call.
   */
  async exit(caller: Caller, itemId: number): Promise<never[]> {
    requireLogin(caller);
    if (!(await this.items.findLive(itemId))) throw AppError.failed('item_not_exist');
    const team = (await this.access.teamRights(caller, itemId))?.teams[0];
    if (team) throw AppError.failed('item_exit_in_team', { team_name: escapeHtml(team.team_name), owner: escapeHtml(team.owner_username) });
    if ((await this.members.removeUser(itemId, caller.uid)) === 0) throw AppError.failed('item_not_member');
    await this.search.access([itemId]);
    await this.feed.publishAfterCommit(ACTIVITY_TOPIC, activityOf(caller, 'member.remove', itemId, { type: 'member', id: caller.uid, name: caller.username }, { left: true }));
    return [];
  }

  /** Saves the caller's order of the item list (replacing the previous one). */
  async sort(caller: Caller, dto: SortItemsDto): Promise<never[]> {
    requireLogin(caller);
    const positions = parseSortData(dto.data);
    if (!positions) throw AppError.failed('item_sort_invalid');
    await this.sorts.save(caller.uid, positions, nowSeconds());
    return [];
  }

  /** Soft delete (purged after the retention); the owner's login password confirms. */
  async delete(caller: Caller, dto: ConfirmItemDto): Promise<number> {
    const item = await this.access.requireCreator(caller, dto.item_id);
    await this.confirmOwnerPassword(caller, item, dto.password);
    if ((await this.items.softDelete(item.item_id, nowSeconds())) === 0) throw AppError.failed('item_not_exist');
    await Promise.all([this.search.item(item.item_id), this.activity(caller, 'item.delete', item)]);
    return 1;
  }

  /** Makes the item read-only for good; the owner's login password confirms. */
  async archive(caller: Caller, dto: ConfirmItemDto): Promise<number> {
    const item = await this.access.requireCreator(caller, dto.item_id);
    await this.confirmOwnerPassword(caller, item, dto.password);
    if ((await this.items.archive(item.item_id)) === 0) throw AppError.failed('item_already_archived');
    await Promise.all([this.search.item(item.item_id), this.activity(caller, 'item.archive', item)]);
    return 1;
  }

  /**
   * Hands the item to another user with new open-API credentials, in one unit: the new owner never
   * gets the old credentials. The old owner keeps no right unless a member.
   */
  async attorn(caller: Caller, dto: AttornItemDto): Promise<ItemRow> {
    const item = await this.access.requireCreator(caller, dto.item_id);
    await this.confirmOwnerPassword(caller, item, dto.password);
    const user = await this.auth.findUser(caller, dto.username);
    if (!user) throw new AppError(ErrorCode.UserNotFound, 'user_not_found');
    const handedOver = this.documents.transaction(async () => {
      const owned = await this.items.setOwner(item.item_id, user.uid, user.username);
      if (!owned) throw AppError.failed('item_not_exist');
      await this.apiKeys.renew(item.item_id);
      return owned;
    });
    // The repository renews the access version inside the unit, before its commit: once more after it.
    const updated = await this.accessVersion.renewAfter(handedOver);
    await Promise.all([
      this.search.item(updated.item_id),
      this.activity(caller, 'item.transfer', updated, { from_uid: item.uid, from_username: item.username, to_uid: user.uid, to_username: user.username }),
    ]);
    if (user.uid !== caller.uid) {
      await this.notices.send(caller, {
        to_uids: [user.uid],
        to_all: false,
        from_name: caller.username.slice(0, 64),
        notice_title: translate('notice_item_attorned_title', this.config.language),
        notice_content: translate('notice_item_attorned_content', this.config.language, {
          from: escapeHtml(caller.username),
          item: `<a href="/${updated.item_id}">${escapeHtml(updated.item_name)}</a>`,
        }),
      });
    }
    return toItemRow(updated);
  }

  /** Internal: live items by id, without visit passwords (the team service lists a team's items). */
  async summaries(dto: ItemSummariesDto): Promise<ItemSummary[]> {
    if (dto.item_ids.length === 0) return [];
    return (await this.items.listLiveByIds([...new Set(dto.item_ids)])).map(toItemSummary);
  }

  /** Internal: a page of the item changed. */
  async touch(dto: TouchItemDto): Promise<{ updated: boolean }> {
    return { updated: (await this.items.touch(dto.item_id, nowSeconds())) > 0 };
  }

  /** Internal: the page of a single-page item was saved under a new title. */
  async rename(dto: RenameItemDto): Promise<{ updated: boolean }> {
    const name = dto.item_name.trim().slice(0, ITEM_NAME_MAX);
    if (name === '') return { updated: false };
    const updated = (await this.items.rename(dto.item_id, name)) > 0;
    if (updated) await this.search.item(dto.item_id);
    return { updated };
  }

  private async assertDomainFree(domain: string): Promise<void> {
    if (!isValidItemDomain(domain)) throw new AppError(ErrorCode.DomainInvalid, 'item_domain_invalid');
    if (await this.items.findByDomain(domain)) throw new AppError(ErrorCode.DomainTaken, 'item_domain_taken');
  }

  private async confirmOwnerPassword(caller: Caller, item: ItemEntity, password: string): Promise<void> {
    if (!(await this.auth.passwordValid(caller, item.uid, password))) throw new AppError(ErrorCode.WrongPassword, 'item_owner_password_incorrect');
  }

  /** The source's members join the copy (the copier is its creator and needs no row). */
  private async copyMembers(fromItemId: number, toItemId: number, copierUid: number): Promise<void> {
    const now = nowSeconds();
    for (const member of await this.members.listByItem(fromItemId)) {
      if (member.uid === copierUid) continue;
      await this.members.add({ item_id: toItemId, uid: member.uid, username: member.username, member_group_id: member.member_group_id, addtime: now });
    }
  }

  /**
   * Undoes a pending create whose later steps failed; never hides the original error. The row goes
   * last, and only once its pages are gone: otherwise it stays pending for the sweep to finish.
   */
  private async discard(caller: Caller, itemId: number): Promise<void> {
    try {
      await this.pages.purgeItem(caller, itemId);
      await this.members.removeByItem(itemId);
      await this.items.remove(itemId);
    } catch {
      // Left pending: the maintenance sweep removes it with everything it holds.
    }
  }
}
