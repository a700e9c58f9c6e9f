import { Injectable } from '@nestjs/common';
import { ChangeFeed } from '@quire/platform';
import {
  ACTIVITY_TOPIC,
  type ActivityAction,
  activityOf,
  AppError,
  type BatchCatalogEntry,
  BatchCatalogEntrySchema,
  type BatchUpdateCatalogsDto,
  type Caller,
  type CatalogGroup,
  type CatalogPage,
  type CatalogPagesDto,
  type CatalogRow,
  type ChangeTopics,
  type DefaultCatalog,
  type DeleteCatalogDto,
  ErrorCode,
  escapeHtml,
  type GetDefaultCatalogDto,
  type ListCatalogGroupDto,
  nowSeconds,
  parseParams,
  type SaveCatalogDto,
} from '@quire/proto';
import { ItemAccessService, requireLogin } from '../access/item-access.service';
import { HistoryRepository } from '../page/history/history.repository';
import { PageRepository } from '../page/page.repository';
import { RecycleService } from '../recycle/recycle.service';
import { SearchChanges } from '../search/search-changes';
import type { CatalogEntity } from './catalog.entity';
import { toCatalogGroups, toCatalogRow } from './catalog.presenter';
import { CatalogRepository } from './catalog.repository';
import { descendantsOf, placeCatalog, resolveLevels } from './catalog-tree';
import { parseJsonParam } from '../page/json-param';

/** Catalogs of an item (contract §9.5): 3 levels (2, 3, 4), never a cycle, never another item's parent. */
@Injectable()
export class CatalogService {
  constructor(
    private readonly catalogs: CatalogRepository,
    private readonly pages: PageRepository,
    private readonly history: HistoryRepository,
    private readonly recycle: RecycleService,
    private readonly access: ItemAccessService,
    private readonly search: SearchChanges,
    private readonly feed: ChangeFeed<ChangeTopics>,
  ) {}

  /** One activity of a catalog, once its write has committed. */
  private activity(caller: Caller, action: ActivityAction, catalog: Pick<CatalogEntity, 'item_id' | 'cat_id' | 'cat_name'>, detail: Record<string, number> = {}): Promise<void> {
    return this.feed.publishAfterCommit(ACTIVITY_TOPIC, activityOf(caller, action, catalog.item_id, { type: 'catalog', id: catalog.cat_id, name: catalog.cat_name }, detail));
  }

  async listGroup(caller: Caller, dto: ListCatalogGroupDto): Promise<CatalogGroup[]> {
    requireLogin(caller);
    await this.access.requireVisit(caller, dto.item_id);
    return toCatalogGroups(await this.catalogs.ofItem(dto.item_id));
  }

  /** The catalog the editor preselects: the page's, the history version's, the copied page's, or my last page's. */
  async defaultCatalog(caller: Caller, dto: GetDefaultCatalogDto): Promise<DefaultCatalog> {
    requireLogin(caller);
    let itemId = dto.item_id;
    let catId: number | null = null;
    const pageId = dto.page_id || dto.copy_page_id;
    if (pageId > 0) {
      const page = await this.pages.findLive(pageId);
      if (!page) throw AppError.failed('page_not_found');
      itemId = page.item_id;
      catId = page.cat_id;
      if (dto.page_id > 0 && dto.page_history_id > 0) {
        const version = await this.history.findOfPage(page.page_id, dto.page_history_id);
        if (!version) throw AppError.failed('page_history_not_found');
        catId = version.cat_id;
      }
    } else if (itemId <= 0) {
      throw AppError.failed('param_required', { name: 'item_id' });
    }
    await this.access.requireEdit(caller, itemId, ErrorCode.Failed, 'catalog_no_permissions');
    if (pageId <= 0) catId = (await this.pages.lastSavedBy(itemId, caller.uid))?.cat_id ?? null;
    return { default_cat_id: catId };
  }

  async save(caller: Caller, dto: SaveCatalogDto): Promise<CatalogRow> {
    await this.access.requireEdit(caller, dto.item_id);
    const name = dto.cat_name.trim();
    if (!name) throw AppError.failed('catalog_name_required');
    const all = await this.catalogs.ofItem(dto.item_id);
    const existing = dto.cat_id > 0 ? all.find((catalog) => catalog.cat_id === dto.cat_id) : undefined;
    if (dto.cat_id > 0 && !existing) throw AppError.failed('catalog_not_found');
    const placed = placeCatalog(all, dto.cat_id, dto.parent_cat_id);
    if (!existing) {
      const created = await this.catalogs.create({
        cat_name: name,
        item_id: dto.item_id,
        s_number: dto.s_number || 99,
        addtime: nowSeconds(),
        parent_cat_id: dto.parent_cat_id,
        level: placed.level,
      });
      await this.activity(caller, 'catalog.create', created);
      return toCatalogRow(created);
    }
    const updated = await this.catalogs.update(existing.cat_id, {
      cat_name: name,
      parent_cat_id: dto.parent_cat_id,
      level: placed.level,
      ...(dto.s_number ? { s_number: dto.s_number } : {}),
    });
    // ShowDoc left descendants' levels stale when a catalog moved; Quire keeps them right.
    for (const [catId, level] of placed.descendants) {
      const descendant = all.find((catalog) => catalog.cat_id === catId);
      if (descendant && descendant.level !== level) await this.catalogs.update(catId, { level });
    }
    // Its pages' catalog path changed (the search index shows it and finds pages by it).
    if (existing.cat_name !== name || existing.parent_cat_id !== dto.parent_cat_id) await this.search.catalog(dto.item_id, existing.cat_id);
    await this.activity(caller, 'catalog.update', { item_id: dto.item_id, cat_id: existing.cat_id, cat_name: name });
    return toCatalogRow(updated as CatalogEntity);
  }

  /** Deletes the catalog and ALL its sub-catalogs into the recycle bin with their pages (Quire keeps the catalogs too), in one unit. Code -1 on refusal. */
  async delete(caller: Caller, dto: DeleteCatalogDto): Promise<true> {
    requireLogin(caller);
    const catalog = dto.cat_id > 0 ? await this.catalogs.findById(dto.cat_id) : null;
    if (!catalog || (dto.item_id > 0 && catalog.item_id !== dto.item_id)) {
      throw new AppError(ErrorCode.CatalogRequestFail, 'catalog_request_fail');
    }
    await this.access.requireEdit(caller, catalog.item_id, ErrorCode.CatalogRequestFail, 'catalog_no_permissions');
    const all = await this.catalogs.ofItem(catalog.item_id);
    const tree = [catalog, ...descendantsOf(all, catalog.cat_id).map(({ catalog: child }) => child)];
    const ids = tree.map((entry) => entry.cat_id);
    const pages = await this.pages.inCatalogs(catalog.item_id, ids);
    await this.recycle.change(async () => {
      await this.recycle.keepCatalog(caller, tree, pages);
      await this.recycle.moveToBin(caller, pages);
      await this.catalogs.deleteByIds(catalog.item_id, ids);
    });
    if (pages.length > 0) await this.access.touch(caller, catalog.item_id);
    await Promise.all([this.search.catalog(catalog.item_id, catalog.cat_id), this.activity(caller, 'catalog.delete', catalog, { pages: pages.length, catalogs: tree.length })]);
    return true;
  }

  /**
   * Drag-and-drop reorder: names, parents and sort numbers of the item's catalogs. Levels are
   * recomputed from the parents; a cycle, a foreign parent or a 4th level refuses the whole batch.
   */
  async batchUpdate(caller: Caller, dto: BatchUpdateCatalogsDto): Promise<never[]> {
    await this.access.requireEdit(caller, dto.item_id);
    const entries = parseJsonParam<unknown>(dto.cats, 'cats');
    if (!Array.isArray(entries)) throw AppError.failed('page_json_invalid', { name: 'cats', reason: 'not a list' });
    const changes = new Map<number, BatchCatalogEntry>();
    for (const entry of entries) {
      const parsed = parseParams(BatchCatalogEntrySchema, (entry ?? {}) as Record<string, unknown>);
      if (parsed.cat_name.trim()) changes.set(parsed.cat_id, { ...parsed, cat_name: parsed.cat_name.trim() });
    }
    const all = await this.catalogs.ofItem(dto.item_id);
    const merged = all.map((catalog) => {
      const change = changes.get(catalog.cat_id);
      return change ? { ...catalog, cat_name: change.cat_name, parent_cat_id: change.parent_cat_id, s_number: change.s_number || catalog.s_number } : catalog;
    });
    const levels = resolveLevels(merged);
    const renamedOrMoved: number[] = [];
    const updated: CatalogEntity[] = [];
    for (const [index, catalog] of merged.entries()) {
      const before = all[index];
      const level = levels.get(catalog.cat_id) as number;
      if (before.cat_name !== catalog.cat_name || before.parent_cat_id !== catalog.parent_cat_id || before.s_number !== catalog.s_number || before.level !== level) {
        updated.push(catalog);
        await this.catalogs.update(catalog.cat_id, {
          cat_name: catalog.cat_name,
          parent_cat_id: catalog.parent_cat_id,
          s_number: catalog.s_number,
          level,
        });
      }
      if (before.cat_name !== catalog.cat_name || before.parent_cat_id !== catalog.parent_cat_id) renamedOrMoved.push(catalog.cat_id);
    }
    for (const catId of renamedOrMoved) await this.search.catalog(dto.item_id, catId);
    // One activity per catalog the batch changed (as a batch save of pages records one per page).
    for (const catalog of updated) await this.activity(caller, 'catalog.update', catalog);
    return [];
  }

  /** The page-order dialog: live pages of one catalog (0 = root). */
  async pagesOf(caller: Caller, dto: CatalogPagesDto): Promise<CatalogPage[]> {
    await this.access.requireEdit(caller, dto.item_id);
    if (dto.cat_id > 0 && !(await this.catalogs.findInItem(dto.item_id, dto.cat_id))) throw AppError.failed('catalog_not_found');
    const pages = await this.pages.inCatalog(dto.item_id, dto.cat_id);
    return pages.map((page) => ({ page_id: page.page_id, page_title: escapeHtml(page.page_title), s_number: page.s_number }));
  }
}
