import { Injectable, type OnModuleInit } from '@nestjs/common';
import { type Collection, DocumentStore } from '@quire/platform';
import type { HistoryEntity } from './history.entity';

/**
 * The `page_history` collection: metadata and content hashes only. Every read and delete names
 * the page, so `page_id` is the lookup index (ids come from a sequence and are unique by
 * construction): an index costs memory per row in the embedded store, and history is its
 * largest collection.
 */
@Injectable()
export class HistoryRepository implements OnModuleInit {
  private readonly rows: Collection<HistoryEntity>;

  constructor(private readonly store: DocumentStore) {
    this.rows = store.collection<HistoryEntity>('page_history');
  }

  async onModuleInit(): Promise<void> {
    await this.rows.ensureIndex({ field: 'page_id' });
    await this.rows.ensureIndex({ field: 'content_hash' });
  }

  async create(row: Omit<HistoryEntity, 'page_history_id'>): Promise<HistoryEntity> {
    const page_history_id = await this.store.nextId('page_history_id');
    return this.rows.insertOne({ page_history_id, ...row });
  }

  /** The newest versions of a page first. */
  latest(pageId: number, limit: number): Promise<HistoryEntity[]> {
    return this.rows.find({ page_id: pageId }, { sort: { addtime: -1, page_history_id: -1 }, limit });
  }

  /** Versions past the newest `keep` (to trim). */
  beyond(pageId: number, keep: number): Promise<Pick<HistoryEntity, 'page_history_id' | 'content_hash'>[]> {
    return this.rows.find({ page_id: pageId }, { sort: { page_history_id: -1 }, skip: keep, fields: ['page_history_id', 'content_hash'] });
  }

  findOfPage(pageId: number, historyId: number): Promise<HistoryEntity | null> {
    return this.rows.findOne({ page_id: pageId, page_history_id: historyId });
  }

  /** A version of the page with this text (any, when several are: they share the body). */
  findOfPageByHash(pageId: number, hash: string): Promise<HistoryEntity | null> {
    return this.rows.findOne({ page_id: pageId, content_hash: hash });
  }

  ofPages(pageIds: number[]): Promise<Pick<HistoryEntity, 'page_history_id' | 'content_hash'>[]> {
    return this.rows.find({ page_id: { $in: pageIds } }, { fields: ['page_history_id', 'content_hash'] });
  }

  countByHash(hash: string): Promise<number> {
    return this.rows.count({ content_hash: hash });
  }

  /** Versions of one page, by id. */
  deleteOfPage(pageId: number, ids: number[]): Promise<number> {
    return this.rows.deleteMany({ page_id: pageId, page_history_id: { $in: ids } });
  }

  /** Every version of these pages. */
  deleteOfPages(pageIds: number[]): Promise<number> {
    return this.rows.deleteMany({ page_id: { $in: pageIds } });
  }
}
