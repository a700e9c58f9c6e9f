import { Injectable } from '@nestjs/common';
import {
  apiGeneratedPart,
  type ApiPagesBatch,
  type ApiPagesDto,
  type ApiPageState,
  type AppliedApiResync,
  type ApplyApiResyncDto,
  type Caller,
  IMPORT_COMMAND_CALLER,
  nowSeconds,
  withGeneratedPart,
} from '@quire/proto';
import { ItemAccessService } from '../access/item-access.service';
import { CatalogRepository } from '../catalog/catalog.repository';
import { contentHash } from '../page/history/history-content.repository';
import { PageRevisions } from '../page/page-revisions';
import { DEFAULT_SORT_NUMBER, type PageEntity } from '../page/page.entity';
import { PageRepository } from '../page/page.repository';
import { RecycleService } from '../recycle/recycle.service';
import { SearchChanges } from '../search/search-changes';

/** Pages read per step of `page.import.apiPages`. */
const PAGES_PER_STEP = 200;
/** A batch's operations stay under this (serialized): the transport's payload bound, with room. */
const BATCH_BYTES = 2 * 1024 * 1024;

/**
 * The page service's part of an API re-sync (issue 19), sent by the import service only (`requireImporter`), which
 * checked the caller's right: the generated pages under an import's target with what their generated part is, and a
 * re-sync's writes. An update is a normal revision (the version it replaces goes to the history) that keeps what a
 * person wrote below the page's API_GENERATED_END line; a removed operation's page goes to the recycle bin.
 */
@Injectable()
export class ApiResyncPagesService {
  constructor(
    private readonly pages: PageRepository,
    private readonly catalogs: CatalogRepository,
    private readonly revisions: PageRevisions,
    private readonly recycle: RecycleService,
    private readonly access: ItemAccessService,
    private readonly search: SearchChanges,
  ) {}

  /** Live pages with an operation in the target (the item, or the catalog and the catalogs below it), in page id order. */
  async list(dto: ApiPagesDto): Promise<ApiPagesBatch> {
    const target = dto.cat_id > 0 ? await this.catalogs.findInItem(dto.item_id, dto.cat_id) : null;
    const catLevel = dto.cat_id > 0 ? (target?.level ?? 0) : 1;
    if (catLevel === 0) return { pages: [], next: 0, cat_level: 0 };
    const catIds = dto.cat_id > 0 ? await this.subtree(dto.item_id, dto.cat_id) : undefined;
    const pages: ApiPageState[] = [];
    let after = dto.after_page_id;
    let bytes = 0;
    for (;;) {
      const rows = await this.pages.liveInIdOrder({ itemId: dto.item_id, catIds }, after, PAGES_PER_STEP);
      for (const row of rows) {
        after = row.page_id;
        if (!row.api_operation) continue;
        const state: ApiPageState = {
          page_id: row.page_id,
          cat_id: row.cat_id,
          page_title: row.page_title,
          generated_hash: contentHash(apiGeneratedPart(row.page_content)),
          api_operation: row.api_operation,
        };
        bytes += Buffer.byteLength(JSON.stringify(state));
        pages.push(state);
        if (bytes >= BATCH_BYTES) return { pages, next: row.page_id, cat_level: catLevel };
      }
      if (rows.length < PAGES_PER_STEP) return { pages, next: 0, cat_level: catLevel };
    }
  }

  /** A re-sync's writes, on pages of the item only. */
  async apply(dto: ApplyApiResyncDto): Promise<AppliedApiResync> {
    const author: Caller = { ...IMPORT_COMMAND_CALLER, uid: dto.author.uid, username: dto.author.username, clientId: 'api-resync' };
    const touched: number[] = [];
    let updated = 0;
    for (const update of dto.updates) {
      const live = await this.pages.findLive(update.page_id);
      if (!live || live.item_id !== dto.item_id) continue;
      const saved = await this.revisions.revise(update.page_id, (previous) => ({
        author_uid: author.uid,
        author_username: author.username,
        page_title: update.page_title || previous.page_title,
        page_content: withGeneratedPart(update.generated, previous.page_content),
        api_operation: update.api_operation,
        addtime: Math.max(nowSeconds(), previous.addtime),
      }));
      if (saved) {
        updated += 1;
        touched.push(saved.page_id);
      }
    }
    const created: number[] = [];
    const catalogOf = new Map<string, number>();
    const parent = dto.cat_id > 0 ? await this.catalogs.findInItem(dto.item_id, dto.cat_id) : null;
    for (const page of dto.creates) {
      const key = JSON.stringify(page.cat_path);
      let catId = catalogOf.get(key);
      if (catId === undefined) {
        catId = await this.ensurePath(dto.item_id, parent?.cat_id ?? 0, parent?.level ?? 1, page.cat_path);
        catalogOf.set(key, catId);
      }
      const row = await this.pages.create({
        author_uid: author.uid,
        author_username: author.username,
        item_id: dto.item_id,
        cat_id: catId,
        page_title: page.page_title,
        page_content: withGeneratedPart(page.generated),
        s_number: page.s_number || DEFAULT_SORT_NUMBER,
        addtime: nowSeconds(),
        page_comments: '',
        api_operation: page.api_operation,
      });
      created.push(row.page_id);
      touched.push(row.page_id);
    }
    const removed: PageEntity[] = [];
    for (const pageId of dto.removes) {
      const live = await this.pages.findLive(pageId);
      if (live && live.item_id === dto.item_id && live.api_operation) removed.push(live);
    }
    await this.recycle.moveToBin(author, removed);
    touched.push(...removed.map((page) => page.page_id));
    if (touched.length > 0) await this.access.touch(author, dto.item_id);
    for (const pageId of touched) await this.search.page(dto.item_id, pageId);
    return { updated, created, removed: removed.length };
  }

  /** The catalog at `path` below `parentId` (level `parentLevel`), found by name or created; at most the item's deepest level. */
  private async ensurePath(itemId: number, parentId: number, parentLevel: number, path: string[]): Promise<number> {
    let catId = parentId;
    let level = parentLevel;
    for (const name of path) {
      if (level >= 4) break;
      level += 1;
      const found = await this.catalogs.findByName(itemId, catId, name);
      catId = (found ?? (await this.catalogs.create({ cat_name: name, item_id: itemId, s_number: DEFAULT_SORT_NUMBER, addtime: nowSeconds(), parent_cat_id: catId, level }))).cat_id;
    }
    return catId;
  }

  /** A catalog and every catalog below it. */
  private async subtree(itemId: number, catId: number): Promise<number[]> {
    const all = await this.catalogs.ofItem(itemId);
    const ids = [catId];
    for (let i = 0; i < ids.length; i += 1) for (const catalog of all) if (catalog.parent_cat_id === ids[i]) ids.push(catalog.cat_id);
    return ids;
  }
}
