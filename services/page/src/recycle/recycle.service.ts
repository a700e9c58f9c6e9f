import { Injectable } from '@nestjs/common';
import { ChangeFeed, DocumentStore } from '@quire/platform';
import {
  ACTIVITY_TOPIC,
  type ActivityAction,
  activityOf,
  AppError,
  type Caller,
  CATALOG_MAX_LEVEL,
  CATALOG_TOP_LEVEL,
  type ChangeTopics,
  escapeHtml,
  formatTime,
  type GetRecycleBinDto,
  type ListRecycleDto,
  nowSeconds,
  type PurgedEntries,
  type PurgeRecycledDto,
  type RecoverPageDto,
  type RecycleBin,
  type RecycleEntry,
  type RestoredEntry,
  type RestoreRecycledDto,
} from '@quire/proto';
import { ItemAccessService } from '../access/item-access.service';
import { AttachmentService } from '../attachment/attachment.service';
import { ContentVersion } from '../cache/content-version';
import type { CatalogEntity } from '../catalog/catalog.entity';
import { CatalogRepository } from '../catalog/catalog.repository';
import { CommentRepository } from '../page/comment/comment.repository';
import { HistoryService } from '../page/history/history.service';
import type { PageEntity } from '../page/page.entity';
import { PageRepository } from '../page/page.repository';
import { ShareRepository } from '../page/share/share.repository';
import { SearchChanges } from '../search/search-changes';
import type { RecycledCatalogEntity } from './recycle.entity';
import { RecycleRepository } from './recycle.repository';
import { RecycleRetention } from './recycle-retention';

/**
 * The recycle bin of an item (contract §10): deleted pages, restorable by the creator until purged.
 * Quire keeps deleted catalogs too (with their sub-catalogs and pages), and its bin screen
 * (`recycle/getBin`, `recycle/restore`, `recycle/purge`, edit right) restores to the old place.
 */
@Injectable()
export class RecycleService {
  constructor(
    private readonly documents: DocumentStore,
    private readonly contentVersion: ContentVersion,
    private readonly bin: RecycleRepository,
    private readonly pages: PageRepository,
    private readonly access: ItemAccessService,
    private readonly search: SearchChanges,
    private readonly catalogs: CatalogRepository,
    private readonly history: HistoryService,
    private readonly attachments: AttachmentService,
    private readonly shares: ShareRepository,
    private readonly comments: CommentRepository,
    private readonly retention: RecycleRetention,
    private readonly feed: ChangeFeed<ChangeTopics>,
  ) {}

  /** One activity of a page or catalog of the bin, once its write has committed. */
  private activity(caller: Caller, action: ActivityAction, itemId: number, type: 'page' | 'catalog', id: number, name: string): Promise<void> {
    return this.feed.publishAfterCommit(ACTIVITY_TOPIC, activityOf(caller, action, itemId, { type, id, name }));
  }

  /**
   * Writes of pages and bin entries that belong together, as one unit. The page repository renews
   * the content version inside it, before its commit: once more after it.
   */
  change<R>(work: () => Promise<R>): Promise<R> {
    return this.contentVersion.renewAfter(this.documents.transaction(work));
  }

  /** Soft-deletes pages, in one unit: a bin entry each, `is_del = 1`, `addtime` = deletion time (contract §9.4). */
  async moveToBin(caller: Caller, pages: PageEntity[]): Promise<void> {
    if (pages.length === 0) return;
    const now = nowSeconds();
    await this.change(async () => {
      await this.bin.createMany(
        pages.map((page) => ({
          item_id: page.item_id,
          page_id: page.page_id,
          page_title: page.page_title,
          del_by_uid: caller.uid,
          del_by_username: caller.username,
          del_time: now,
        })),
      );
      await this.pages.markRecycled(
        pages.map((page) => page.page_id),
        now,
      );
    });
  }

  /** Keeps a deleted catalog and its sub-catalogs (`tree`, the catalog first) with the pages that go to the bin with them. */
  async keepCatalog(caller: Caller, tree: CatalogEntity[], pages: PageEntity[]): Promise<void> {
    const [root] = tree;
    await this.bin.createCatalog({
      item_id: root.item_id,
      cat_id: root.cat_id,
      cat_name: root.cat_name,
      parent_cat_id: root.parent_cat_id,
      catalogs: tree,
      page_ids: pages.map((page) => page.page_id),
      del_by_uid: caller.uid,
      del_by_username: caller.username,
      del_time: nowSeconds(),
    });
  }

  /** `recycle/getBin`: deleted catalogs and the pages deleted on their own, newest first, and the retention. */
  async getBin(caller: Caller, dto: GetRecycleBinDto): Promise<RecycleBin> {
    await this.access.requireEdit(caller, dto.item_id);
    const [pageEntries, catalogEntries, live, retentionDays] = await Promise.all([
      this.bin.ofItem(dto.item_id),
      this.bin.catalogsOfItem(dto.item_id),
      this.catalogs.ofItem(dto.item_id),
      this.retention.days(caller),
    ]);
    const liveIds = new Set(live.map((catalog) => catalog.cat_id));
    const inBin = new Set(pageEntries.map((entry) => entry.page_id));
    const withCatalog = new Set(catalogEntries.flatMap((entry) => entry.page_ids));
    const own = pageEntries.filter((entry) => !withCatalog.has(entry.page_id));
    const catIds = new Map(
      (
        await this.pages.recycledOf(
          dto.item_id,
          own.map((entry) => entry.page_id),
        )
      ).map((page) => [page.page_id, page.cat_id]),
    );
    return {
      retention_days: retentionDays,
      catalogs: catalogEntries.map((entry) => ({
        id: entry.id,
        item_id: entry.item_id,
        cat_id: entry.cat_id,
        cat_name: escapeHtml(entry.cat_name),
        parent_cat_id: entry.parent_cat_id,
        parent_exists: entry.parent_cat_id > 0 && liveIds.has(entry.parent_cat_id) ? 1 : 0,
        sub_catalogs: entry.catalogs.length - 1,
        pages: entry.page_ids.filter((pageId) => inBin.has(pageId)).length,
        del_by_uid: entry.del_by_uid,
        del_by_username: escapeHtml(entry.del_by_username),
        del_time: formatTime(entry.del_time),
      })),
      pages: own.map((entry) => {
        const catId = catIds.get(entry.page_id) ?? 0;
        return {
          id: entry.id,
          item_id: entry.item_id,
          page_id: entry.page_id,
          page_title: escapeHtml(entry.page_title),
          cat_id: catId,
          catalog_exists: catId > 0 && liveIds.has(catId) ? 1 : 0,
          del_by_uid: entry.del_by_uid,
          del_by_username: escapeHtml(entry.del_by_username),
          del_time: formatTime(entry.del_time),
        };
      }),
    };
  }

  /**
   * `recycle/restore`: a page back into its catalog, or a catalog (its sub-catalogs and pages with it)
   * back under its parent; to the item root when that place is gone (or, for a catalog, too deep now).
   */
  async restore(caller: Caller, dto: RestoreRecycledDto): Promise<RestoredEntry> {
    await this.access.requireEdit(caller, dto.item_id);
    const live = await this.catalogs.ofItem(dto.item_id);
    const restored = dto.kind === 'page' ? await this.restorePage(caller, dto.item_id, dto.id, live) : await this.restoreCatalog(caller, dto.item_id, dto.id, live);
    await this.access.touch(caller, dto.item_id);
    return restored;
  }

  private async restorePage(caller: Caller, itemId: number, pageId: number, live: CatalogEntity[]): Promise<RestoredEntry> {
    const page = await this.pages.findById(pageId);
    if (!page || page.item_id !== itemId || page.is_del !== 1) throw AppError.failed('recycle_page_not_found');
    const home = page.cat_id > 0 && live.some((catalog) => catalog.cat_id === page.cat_id);
    await this.change(async () => {
      await this.pages.update(page.page_id, { is_del: 0, cat_id: home ? page.cat_id : 0 });
      await this.bin.deleteByPage(itemId, page.page_id);
    });
    await Promise.all([this.search.page(itemId, page.page_id), this.activity(caller, 'page.restore', itemId, 'page', page.page_id, page.page_title)]);
    return { kind: 'page', cat_id: home ? page.cat_id : 0, to_old_place: home || page.cat_id === 0 ? 1 : 0 };
  }

  private async restoreCatalog(caller: Caller, itemId: number, id: number, live: CatalogEntity[]): Promise<RestoredEntry> {
    const entry = await this.bin.findCatalog(itemId, id);
    if (!entry) throw AppError.failed('recycle_catalog_not_found');
    const parent = entry.parent_cat_id > 0 ? live.find((catalog) => catalog.cat_id === entry.parent_cat_id) : undefined;
    const root = entry.catalogs[0];
    const deepest = Math.max(...entry.catalogs.map((catalog) => catalog.level));
    const underParent = parent !== undefined && deepest - root.level + parent.level + 1 <= CATALOG_MAX_LEVEL;
    const shift = (underParent ? parent.level + 1 : CATALOG_TOP_LEVEL) - root.level;
    const liveIds = new Set(live.map((catalog) => catalog.cat_id));
    const tree = entry.catalogs
      .filter((catalog) => !liveIds.has(catalog.cat_id))
      .map((catalog) => ({
        ...catalog,
        level: catalog.level + shift,
        parent_cat_id: catalog.cat_id === root.cat_id ? (underParent ? parent.cat_id : 0) : catalog.parent_cat_id,
      }));
    const pageIds = (await this.pages.recycledOf(itemId, entry.page_ids)).map((page) => page.page_id);
    await this.change(async () => {
      await this.catalogs.insertMany(tree);
      await this.pages.restoreRecycled(pageIds);
      await this.bin.deleteByPages(pageIds);
      await this.bin.deleteCatalogs([entry.id]);
    });
    await Promise.all([this.search.catalog(itemId, root.cat_id), this.activity(caller, 'catalog.restore', itemId, 'catalog', root.cat_id, root.cat_name)]);
    return { kind: 'catalog', cat_id: underParent ? parent.cat_id : 0, to_old_place: underParent || entry.parent_cat_id === 0 ? 1 : 0 };
  }

  /** `recycle/purge`: one page, one catalog (with its pages), or, with neither, the whole bin of the item: gone for good. */
  async purge(caller: Caller, dto: PurgeRecycledDto): Promise<PurgedEntries> {
    await this.access.requireEdit(caller, dto.item_id);
    if (dto.kind !== undefined && dto.id === 0) throw AppError.failed('param_required', { name: 'id' });
    if (dto.kind === undefined && dto.id > 0) throw AppError.failed('param_required', { name: 'kind' });
    let catalogEntries: RecycledCatalogEntity[];
    let pageIds: number[];
    if (dto.kind === 'page') {
      const page = await this.pages.findById(dto.id);
      if (!page || page.item_id !== dto.item_id || page.is_del !== 1) throw AppError.failed('recycle_page_not_found');
      catalogEntries = [];
      pageIds = [page.page_id];
    } else if (dto.kind === 'catalog') {
      const entry = await this.bin.findCatalog(dto.item_id, dto.id);
      if (!entry) throw AppError.failed('recycle_catalog_not_found');
      catalogEntries = [entry];
      pageIds = (await this.pages.recycledOf(dto.item_id, entry.page_ids)).map((page) => page.page_id);
    } else {
      catalogEntries = await this.bin.catalogsOfItem(dto.item_id);
      pageIds = (await this.bin.ofItem(dto.item_id)).map((entry) => entry.page_id);
    }
    await this.purgePages(pageIds);
    await this.bin.deleteCatalogs(catalogEntries.map((entry) => entry.id));
    return { pages: pageIds.length, catalogs: catalogEntries.length };
  }

  /** Recycled pages gone for good with their history, attachments, share keys and bin rows. */
  async purgePages(pageIds: number[]): Promise<void> {
    if (pageIds.length === 0) return;
    await this.history.purgePages(pageIds);
    await this.attachments.purgePages(pageIds);
    await this.shares.deleteByPages(pageIds);
    await this.comments.deleteByPages(pageIds);
    await this.bin.deleteByPages(pageIds);
    await this.pages.deleteByIds(pageIds);
  }

  /** The scheduled purge: pages and catalogs deleted longer ago than the retention. */
  async purgeExpired(now: number): Promise<{ pages: number; catalogs: number }> {
    const before = now - (await this.retention.seconds());
    const pageIds = (await this.pages.recycledBefore(before)).map((page) => page.page_id);
    await this.purgePages(pageIds);
    const catalogIds = (await this.bin.catalogsBefore(before)).map((entry) => entry.id);
    await this.bin.deleteCatalogs(catalogIds);
    return { pages: pageIds.length, catalogs: catalogIds.length };
  }

  async list(caller: Caller, dto: ListRecycleDto): Promise<RecycleEntry[]> {
    await this.access.requireCreator(caller, dto.item_id, { write: false });
    const entries = await this.bin.ofItem(dto.item_id);
    return entries.map((entry) => ({
      id: entry.id,
      item_id: entry.item_id,
      page_id: entry.page_id,
      page_title: escapeHtml(entry.page_title),
      del_by_uid: entry.del_by_uid,
      del_by_username: escapeHtml(entry.del_by_username),
      del_time: formatTime(entry.del_time),
    }));
  }

  /** Restores the page to the item ROOT (`cat_id` 0, as ShowDoc does: its catalog may be gone), leaving the bin in the same unit. */
  async recover(caller: Caller, dto: RecoverPageDto): Promise<never[]> {
    await this.access.requireCreator(caller, dto.item_id, { write: true });
    const page = await this.pages.findById(dto.page_id);
    if (!page || page.item_id !== dto.item_id || page.is_del !== 1) throw AppError.failed('recycle_page_not_found');
    await this.change(async () => {
      await this.pages.update(page.page_id, { is_del: 0, cat_id: 0 });
      await this.bin.deleteByPage(dto.item_id, dto.page_id);
    });
    await this.access.touch(caller, dto.item_id);
    await Promise.all([this.search.page(dto.item_id, dto.page_id), this.activity(caller, 'page.restore', dto.item_id, 'page', page.page_id, page.page_title)]);
    return [];
  }
}
