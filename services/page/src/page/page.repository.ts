import { Injectable, type OnModuleInit } from '@nestjs/common';
import { type Collection, DocumentStore, type Filter } from '@quire/platform';
import { escapeRegExp } from '@quire/proto';
import { ContentVersion } from '../cache/content-version';
import type { PageEntity } from './page.entity';

/** Menu and search fields: everything but the content. */
export const PAGE_SUMMARY_FIELDS = ['page_id', 'author_uid', 'cat_id', 'page_title', 'addtime', 's_number'] as const;
export type PageSummary = Pick<PageEntity, (typeof PAGE_SUMMARY_FIELDS)[number]>;

export type NewPage = Omit<PageEntity, 'page_id' | 'is_del'>;
export type PageChanges = Partial<Omit<PageEntity, 'page_id'>>;

/** The `pages` collection. */
@Injectable()
export class PageRepository implements OnModuleInit {
  private readonly pages: Collection<PageEntity>;

  constructor(
    private readonly store: DocumentStore,
    private readonly version: ContentVersion,
  ) {
    this.pages = store.collection<PageEntity>('pages');
  }

  async onModuleInit(): Promise<void> {
    await this.pages.ensureIndex({ field: 'page_id', unique: true });
    await this.pages.ensureIndex({ field: 'item_id' });
    await this.pages.ensureIndex({ field: 'cat_id' });
  }

  async create(page: NewPage): Promise<PageEntity> {
    const page_id = await this.store.nextId('page_id');
    return this.version.renewAfter(this.pages.insertOne({ page_id, ...page, is_del: 0 }));
  }

  async createMany(pages: NewPage[]): Promise<number> {
    const rows: PageEntity[] = [];
    for (const page of pages) rows.push({ page_id: await this.store.nextId('page_id'), ...page, is_del: 0 });
    await this.version.renewAfter(this.pages.insertMany(rows));
    return rows.length;
  }

  /** Live or recycled. */
  /** The content of these live pages of the item, by page id (exports read content in pieces). */
  async contents(itemId: number, pageIds: number[]): Promise<Map<number, string>> {
    const rows = await this.pages.find({ item_id: itemId, page_id: { $in: pageIds }, is_del: 0 }, { fields: ['page_id', 'page_content'] });
    return new Map(rows.map((row) => [row.page_id, row.page_content ?? '']));
  }

  findById(pageId: number): Promise<PageEntity | null> {
    return this.pages.findOne({ page_id: pageId });
  }

  async findLive(pageId: number): Promise<PageEntity | null> {
    return this.pages.findOne({ page_id: pageId, is_del: 0 });
  }

  /** Live pages of an item without their content (menu). */
  summaries(itemId: number): Promise<PageSummary[]> {
    return this.pages.find({ item_id: itemId, is_del: 0 }, { fields: [...PAGE_SUMMARY_FIELDS] });
  }

  /** The live pages of an item among `pageIds`, without their content (item/info's keyword hits). */
  summariesOf(itemId: number, pageIds: number[]): Promise<PageSummary[]> {
    return this.pages.find({ item_id: itemId, page_id: { $in: pageIds }, is_del: 0 }, { fields: [...PAGE_SUMMARY_FIELDS] });
  }

  /** The live pages of an item generated from an API description, with their operation, without their text (OpenAPI export). */
  async withApiOperations(itemId: number): Promise<(PageSummary & Pick<PageEntity, 'api_operation'>)[]> {
    const rows = await this.pages.find({ item_id: itemId, is_del: 0 }, { fields: [...PAGE_SUMMARY_FIELDS, 'api_operation'] });
    return rows.filter((row) => row.api_operation !== undefined && row.api_operation !== null);
  }

  /** Live pages of one catalog (0 = root), menu order. */
  inCatalog(itemId: number, catId: number): Promise<PageEntity[]> {
    return this.pages.find({ item_id: itemId, cat_id: catId, is_del: 0 }, { sort: { s_number: 1, page_id: 1 } });
  }

  /** Live pages of some catalogs. */
  inCatalogs(itemId: number, catIds: number[]): Promise<PageEntity[]> {
    return this.pages.find({ item_id: itemId, cat_id: { $in: catIds }, is_del: 0 });
  }

  /**
   * Live pages after `afterPageId` in page id order, at most `limit`: among `scope.pageIds`, in
   * `scope.catIds` of `scope.itemId`, of `scope.itemId`, or of every item (the search index).
   */
  liveInIdOrder(scope: { pageIds?: number[]; itemId?: number; catIds?: number[] }, afterPageId: number, limit: number): Promise<PageEntity[]> {
    const filter: Filter<PageEntity> = { is_del: 0, page_id: { $gt: afterPageId } };
    if (scope.pageIds) filter.page_id = { $gt: afterPageId, $in: scope.pageIds };
    if (scope.itemId) filter.item_id = scope.itemId;
    if (scope.catIds) filter.cat_id = { $in: scope.catIds };
    return this.pages.find(filter, { sort: { page_id: 1 }, limit });
  }

  /** Live pages after `afterPageId` in page id order, at most `limit`, without their text (the search index's check). */
  liveVersionsInIdOrder(afterPageId: number, limit: number): Promise<Pick<PageEntity, 'page_id' | 'item_id' | 'cat_id' | 'addtime'>[]> {
    return this.pages.find({ is_del: 0, page_id: { $gt: afterPageId } }, { sort: { page_id: 1 }, limit, fields: ['page_id', 'item_id', 'cat_id', 'addtime'] });
  }

  liveOfItem(itemId: number): Promise<PageEntity[]> {
    return this.pages.find({ item_id: itemId, is_del: 0 }, { sort: { page_id: 1 } });
  }

  /** The first live page of an item (single-page items have one). */
  firstOfItem(itemId: number): Promise<PageEntity | null> {
    return this.pages.findOne({ item_id: itemId, is_del: 0 }, { sort: { page_id: 1 } });
  }

  /** The live page with exactly this title in a catalog (open API upsert). */
  findByTitle(itemId: number, catId: number, title: string): Promise<PageEntity | null> {
    return this.pages.findOne({ item_id: itemId, cat_id: catId, page_title: title, is_del: 0 }, { sort: { page_id: 1 } });
  }

  /** The catalog of the page I saved last in an item (editor preselection). */
  lastSavedBy(itemId: number, uid: number): Promise<PageEntity | null> {
    return this.pages.findOne({ item_id: itemId, author_uid: uid, is_del: 0 }, { sort: { addtime: -1, page_id: -1 } });
  }

  async update(pageId: number, changes: PageChanges): Promise<PageEntity | null> {
    return this.version.renewAfter(this.pages.findOneAndUpdate({ page_id: pageId }, { $set: changes }));
  }

  async setSortNumber(itemId: number, pageId: number, sNumber: number): Promise<number> {
    return this.version.renewAfter(this.pages.updateOne({ item_id: itemId, page_id: pageId }, { $set: { s_number: sNumber } }));
  }

  /** Puts live pages in the recycle state; `addtime` becomes the deletion time (contract §9.4). */
  markRecycled(pageIds: number[], now: number): Promise<number> {
    return this.version.renewAfter(this.pages.updateMany({ page_id: { $in: pageIds }, is_del: 0 }, { $set: { is_del: 1, addtime: now } }));
  }

  /** Pages among `pageIds` of the item still in the recycle bin (`is_del` 1). */
  recycledOf(itemId: number, pageIds: number[]): Promise<Pick<PageEntity, 'page_id' | 'cat_id'>[]> {
    return this.pages.find({ item_id: itemId, page_id: { $in: pageIds }, is_del: 1 }, { fields: ['page_id', 'cat_id'] });
  }

  /** Recycled pages back to live, in the catalogs they kept. */
  restoreRecycled(pageIds: number[]): Promise<number> {
    return this.version.renewAfter(this.pages.updateMany({ page_id: { $in: pageIds }, is_del: 1 }, { $set: { is_del: 0 } }));
  }

  /** Recycled pages deleted before the time. */
  recycledBefore(time: number): Promise<Pick<PageEntity, 'page_id' | 'item_id'>[]> {
    return this.pages.find({ is_del: 1, addtime: { $lt: time } }, { fields: ['page_id', 'item_id'] });
  }

  async idsOfItem(itemId: number): Promise<number[]> {
    return (await this.pages.find({ item_id: itemId }, { fields: ['page_id'] })).map((page) => page.page_id);
  }

  deleteByIds(pageIds: number[]): Promise<number> {
    return this.version.renewAfter(this.pages.deleteMany({ page_id: { $in: pageIds } }));
  }

  deleteByItem(itemId: number): Promise<number> {
    return this.version.renewAfter(this.pages.deleteMany({ item_id: itemId }));
  }

  /** A staging item's top pages into one of its catalogs' future place (API import under a catalog). */
  moveTopPagesTo(itemId: number, catId: number): Promise<number> {
    return this.version.renewAfter(this.pages.updateMany({ item_id: itemId, cat_id: 0 }, { $set: { cat_id: catId } }));
  }

  /** Every page of one item (a Markdown import's staging item) into another. */
  moveToItem(fromItemId: number, toItemId: number): Promise<number> {
    return this.version.renewAfter(this.pages.updateMany({ item_id: fromItemId }, { $set: { item_id: toItemId } }));
  }

  /** The text of every page, live or in the recycle bin, that matches the pattern. */
  /** The live pages of an item whose text contains `text` (a file's sign), without their text: a share link's files. */
  linking(itemId: number, text: string): Promise<Pick<PageEntity, 'page_id' | 'item_id' | 'cat_id'>[]> {
    return this.pages.find({ item_id: itemId, is_del: 0, page_content: { $regex: new RegExp(escapeRegExp(text)) } }, { fields: ['page_id', 'item_id', 'cat_id'] });
  }

  async contentsMatching(pattern: RegExp): Promise<string[]> {
    return (await this.pages.find({ page_content: { $regex: pattern } }, { fields: ['page_content'] })).map((page) => page.page_content);
  }
}
