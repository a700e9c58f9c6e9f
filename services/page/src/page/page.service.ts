import { Inject, Injectable } from '@nestjs/common';
import type { QuireConfig } from '@quire/config';
import { ChangeFeed, mergeThreeWay, QUIRE_CONFIG, replyVersion, VersionToken } from '@quire/platform';
import {
  ACTIVITY_TOPIC,
  activityOf,
  AppError,
  CacheVersionKey,
  type ChangeTopics,
  type CacheVersions,
  type Caller,
  type CreateFirstPageDto,
  type DeletePageDto,
  type EditConflictData,
  ErrorCode,
  type GetSinglePageDto,
  ItemType,
  nowSeconds,
  type PageInfo,
  type PageInfoDto,
  type PageItemRef,
  type PageRow,
  Reply,
  type SavePageDto,
  type SortPagesDto,
  TITLE_MAX_LENGTH,
  translate,
  type UpsertPageByTitleDto,
} from '@quire/proto';
import { AccessVersion } from '../access/access-version';
import { ItemAccessService, requireLogin } from '../access/item-access.service';
import { ContentVersion } from '../cache/content-version';
import { CatalogRepository } from '../catalog/catalog.repository';
import { RecycleService } from '../recycle/recycle.service';
import { SearchChanges } from '../search/search-changes';
import { contentHash } from './history/history-content.repository';
import { HistoryService } from './history/history.service';
import { parseJsonParam } from './json-param';
import { PageInfoCache } from './page-info-cache';
import { PageRevisions } from './page-revisions';
import { DEFAULT_SORT_NUMBER, type PageEntity } from './page.entity';
import { toPageRow } from './page.presenter';
import { PageRepository } from './page.repository';

/** Open-API catalog paths have at most this many segments (levels 2, 3, 4). */
const MAX_PATH_SEGMENTS = 3;

/**
 * Pages (contract §9.4): read with the visit right, written with the edit right, never on an
 * archived item. Caching (PageInfoCache, and the rights ItemAccessService keeps) and the locks of
 * concurrent writes (PageRevisions, PageUpserts) sit around it.
 */
@Injectable()
export class PageService {
  constructor(
    private readonly pages: PageRepository,
    private readonly revisions: PageRevisions,
    private readonly history: HistoryService,
    private readonly infos: PageInfoCache,
    private readonly catalogs: CatalogRepository,
    private readonly recycle: RecycleService,
    private readonly access: ItemAccessService,
    private readonly search: SearchChanges,
    private readonly contentVersion: ContentVersion,
    private readonly accessVersion: AccessVersion,
    private readonly feed: ChangeFeed<ChangeTopics>,
    @Inject(QUIRE_CONFIG) private readonly config: QuireConfig,
  ) {}

  /**
   * A live page's info, for whoever may visit its item. `carried`: the cache versions the message
   * brought. Its version (the gateway's ETag) is built from those tokens, read before the data, and
   * the caller's rights.
   */
  async info(caller: Caller, dto: PageInfoDto, carried?: CacheVersions): Promise<Reply<PageInfo>> {
    const tokens = await VersionToken.readAll(carried, this.contentVersion, this.accessVersion);
    const versions: CacheVersions = { ...carried, [CacheVersionKey.Content]: tokens[0], [CacheVersionKey.Access]: tokens[1] };
    const info = await this.infos.get(dto.page_id, versions);
    if (!info) throw AppError.failed('page_not_found');
    const { visit, edit, creator, archived } = await this.access.requireVisitAt(caller, info.item_id, versions);
    return Reply.json(info.json, replyVersion('page/info', tokens, caller.uid, caller.groupid, { visit, edit, creator, archived }, dto.page_id));
  }

  /**
   * Creates (page_id 0) or updates a page; a page never moves to another item. An update is a
   * revision: the version it replaces goes to the history in the same unit (PageRevisions). An update
   * with a `base_hash` other than the current content's is merged with what was saved since that base
   * (contentOver); without one the last writer wins.
   */
  async save(caller: Caller, dto: SavePageDto, carried?: CacheVersions): Promise<PageRow> {
    requireLogin(caller);
    const existing = dto.page_id > 0 ? await this.pages.findLive(dto.page_id) : null;
    if (dto.page_id > 0 && !existing) throw AppError.failed('page_not_found');
    const itemId = existing?.item_id ?? dto.item_id;
    if (itemId <= 0) throw AppError.failed('param_required', { name: 'item_id' });
    const access = await this.access.requireEditAt(caller, itemId, carried);
    if (dto.item_id > 0 && dto.item_id !== itemId) throw AppError.failed('page_move_refused');
    const content = decodeContent(dto.page_content, dto.is_urlencode === 1);
    if (!content.trim()) throw new AppError(ErrorCode.NoPermission, 'page_empty_content');
    if (dto.cat_id > 0 && !(await this.catalogs.findInItem(itemId, dto.cat_id))) throw AppError.failed('catalog_not_found');
    // Versions never change once recorded, so the base is read before the page's lock; the merge runs under it.
    const base = existing && dto.base_hash ? { hash: dto.base_hash, content: await this.versionContent(existing, dto.base_hash) } : null;
    const fields = {
      author_uid: caller.uid,
      author_username: caller.username,
      item_id: itemId,
      cat_id: dto.cat_id,
      page_title: dto.page_title.trim() || translate('page_default_title', this.config.language),
      page_content: content,
      page_comments: dto.page_comments,
    };
    const saved = existing
      ? await this.revisions.revise(existing.page_id, (previous) => ({
          ...fields,
          page_content: base ? contentOver(previous.page_content, content, base) : content,
          s_number: dto.s_number || previous.s_number,
          // Never earlier than the version it replaces: history lists by time, and replicas' clocks may differ.
          addtime: Math.max(nowSeconds(), previous.addtime),
        }))
      : await this.pages.create({ ...fields, s_number: dto.s_number || DEFAULT_SORT_NUMBER, addtime: nowSeconds() });
    if (!saved) throw AppError.failed('page_not_found');
    await Promise.all([this.access.touch(caller, itemId), access.item_type === ItemType.SinglePage ? this.access.rename(caller, itemId, saved.page_title) : undefined]);
    await Promise.all([
      this.search.page(itemId, saved.page_id),
      this.feed.publishAfterCommit(ACTIVITY_TOPIC, activityOf(caller, existing ? 'page.update' : 'page.create', itemId, { type: 'page', id: saved.page_id, name: saved.page_title })),
    ]);
    return toPageRow(saved);
  }

  /** The text of the page's version with this hash: the page as it is, or one of its history; null when it has none. */
  private async versionContent(page: PageEntity, hash: string): Promise<string | null> {
    return contentHash(page.page_content) === hash ? page.page_content : this.history.contentOf(page.page_id, hash);
  }

  /** The item's creator, or an edit member deleting a page they wrote last; the page goes to the recycle bin. */
  async delete(caller: Caller, dto: DeletePageDto): Promise<never[]> {
    requireLogin(caller);
    const page = await this.pages.findLive(dto.page_id);
    if (!page) throw new AppError(ErrorCode.NotCreator, 'page_not_found');
    const access = await this.access.check(caller, page.item_id);
    if (!access.exists) throw new AppError(ErrorCode.NotCreator, 'page_not_found');
    if (access.archived) throw new AppError(ErrorCode.NoPermission, 'page_item_archived');
    if (!access.creator && !(access.edit && page.author_uid === caller.uid)) throw new AppError(ErrorCode.NotCreator, 'page_delete_denied');
    await this.recycle.moveToBin(caller, [page]);
    await this.access.touch(caller, page.item_id);
    await Promise.all([
      this.search.page(page.item_id, page.page_id),
      this.feed.publishAfterCommit(ACTIVITY_TOPIC, activityOf(caller, 'page.delete', page.item_id, { type: 'page', id: page.page_id, name: page.page_title })),
    ]);
    return [];
  }

  /** `pages` = `{"<page_id>": <s_number>}`; only pages of this item change; all numbers are checked first. */
  async sort(caller: Caller, dto: SortPagesDto): Promise<never[]> {
    await this.access.requireEdit(caller, dto.item_id);
    const order = parseJsonParam<unknown>(dto.pages, 'pages');
    if (typeof order !== 'object' || order === null || Array.isArray(order)) {
      throw AppError.failed('page_json_invalid', { name: 'pages', reason: 'not an object of page ids and sort numbers' });
    }
    const updates: [number, number][] = [];
    for (const [key, value] of Object.entries(order as Record<string, unknown>)) {
      const pageId = Number(key);
      const sNumber = typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;
      if (!Number.isSafeInteger(pageId) || pageId <= 0 || typeof sNumber !== 'number' || !Number.isSafeInteger(sNumber)) {
        throw AppError.failed('page_json_invalid', { name: 'pages', reason: `bad entry ${JSON.stringify(key)}` });
      }
      updates.push([pageId, sNumber]);
    }
    for (const [pageId, sNumber] of updates) await this.pages.setSortNumber(dto.item_id, pageId, sNumber);
    return [];
  }

  /** `page.page.item`: the item of a live page, so item/pwd can unlock from `/page/{id}`; it reveals nothing else. */
  async itemOf(pageId: number): Promise<PageItemRef | null> {
    const page = await this.pages.findLive(pageId);
    return page ? { item_id: page.item_id } : null;
  }

  /** `page.item.singlePage`: the page of a single-page item (item/info checked the right to read). */
  async singlePage(dto: GetSinglePageDto): Promise<PageRow | null> {
    const page = await this.pages.firstOfItem(dto.item_id);
    return page ? toPageRow(page) : null;
  }

  /** `page.item.createFirstPage`: the welcome page of a new single-page item. */
  async createFirstPage(caller: Caller, dto: CreateFirstPageDto): Promise<PageRow> {
    const page = await this.pages.create({
      author_uid: caller.uid,
      author_username: caller.username,
      item_id: dto.item_id,
      cat_id: 0,
      page_title: dto.page_title.slice(0, TITLE_MAX_LENGTH),
      page_content: translate('page_welcome_content', this.config.language),
      s_number: DEFAULT_SORT_NUMBER,
      addtime: nowSeconds(),
      page_comments: '',
    });
    return toPageRow(page);
  }

  /**
   * `page.page.upsertByTitle` (open API, contract §11.1): find or create the catalog path
   * ('a/b/c', one leading '/' ignored, 3 levels at most), then update the live page with that
   * exact title in that catalog, or create it. No history row, no item touch (as ShowDoc).
   * PageUpserts runs the upserts of one item one at a time. The caller is the open API's (no user: the
   * activity names the author the call gave).
   */
  async upsertByTitle(caller: Caller, dto: UpsertPageByTitleDto): Promise<PageRow> {
    const title = dto.page_title.trim();
    if (!title) throw AppError.failed('param_required', { name: 'page_title' });
    if (title.length > TITLE_MAX_LENGTH) throw AppError.failed('page_title_too_long', { max: TITLE_MAX_LENGTH });
    const segments = dto.cat_name
      .replace(/^\//, '')
      .split('/')
      .map((segment) => segment.trim())
      .filter(Boolean);
    if (segments.length > MAX_PATH_SEGMENTS) throw AppError.failed('catalog_path_too_deep', { depth: segments.length });
    if (segments.some((segment) => segment.length > TITLE_MAX_LENGTH)) throw AppError.failed('param_too_long', { name: 'cat_name', max: TITLE_MAX_LENGTH });
    let catId = 0;
    for (const [index, name] of segments.entries()) {
      const found = await this.catalogs.findByName(dto.item_id, catId, name);
      catId = (found ?? (await this.catalogs.create({ cat_name: name, item_id: dto.item_id, s_number: DEFAULT_SORT_NUMBER, addtime: nowSeconds(), parent_cat_id: catId, level: index + 2 })))
        .cat_id;
    }
    const fields = {
      author_uid: 0,
      author_username: dto.author_username,
      item_id: dto.item_id,
      cat_id: catId,
      page_title: title,
      page_content: dto.page_content,
      s_number: dto.s_number || DEFAULT_SORT_NUMBER,
      addtime: nowSeconds(),
    };
    const existing = await this.pages.findByTitle(dto.item_id, catId, title);
    const saved = (existing ? await this.revisions.overwrite(existing.page_id, fields) : await this.pages.create({ ...fields, page_comments: '' })) as PageEntity;
    const activity = activityOf(
      caller,
      existing ? 'page.update' : 'page.create',
      dto.item_id,
      { type: 'page', id: saved.page_id, name: saved.page_title },
      { via: 'open_api' },
      {
        uid: 0,
        username: dto.author_username,
      },
    );
    await Promise.all([this.search.page(dto.item_id, saved.page_id), this.feed.publishAfterCommit(ACTIVITY_TOPIC, activity)]);
    return toPageRow(saved);
  }
}

/**
 * What a save edited from `base` writes over the page's `current` content: the sent content when the
 * base is the current one, else both sides' changes since the base merged line by line. Overlapping
 * changes, or a base the page never had (or no longer keeps), answer 10409 with both versions raw
 * (`current_hash` is the SHA-256 of `current_content`) and write nothing.
 */
function contentOver(current: string, sent: string, base: { hash: string; content: string | null }): string {
  const currentHash = contentHash(current);
  if (currentHash === base.hash) return sent;
  const merge = base.content === null ? null : mergeThreeWay(base.content, sent, current);
  if (merge?.ok) {
    if (!merge.merged.trim()) throw new AppError(ErrorCode.NoPermission, 'page_empty_content');
    return merge.merged;
  }
  const data: EditConflictData = { current_content: current, current_hash: currentHash, your_content: sent };
  throw new AppError(ErrorCode.EditConflict, base.content === null ? 'page_edit_base_unknown' : 'page_edit_conflict', {}, data);
}

/** `is_urlencode=1`: the editor sent `encodeURIComponent(markdown)`; decoded once (contract §13). */
function decodeContent(content: string, urlEncoded: boolean): string {
  if (!urlEncoded) return content;
  try {
    return decodeURIComponent(content);
  } catch {
    throw AppError.failed('page_content_not_urlencoded');
  }
}
