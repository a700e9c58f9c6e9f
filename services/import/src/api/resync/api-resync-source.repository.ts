import { Injectable, type OnModuleInit } from '@nestjs/common';
import { type Collection, DocumentStore } from '@quire/platform';

/**
 * Where an imported API description came from (issue 19), per import target (an item's top, or the catalog it went
 * into): a URL to fetch again, or the last uploaded document kept in BlobStorage (`blob_key`).
 */
export interface ApiResyncSourceEntity {
  /** `<item_id>:<cat_id>`, unique. */
  key: string;
  item_id: number;
  cat_id: number;
  kind: 'url' | 'upload';
  /** The URL (kind `url`), '' for an upload. */
  url: string;
  /** The kept document (kind `upload`), '' for a URL. */
  blob_key: string;
  /** The URL, or the uploaded file's name: the pages' `source.origin`. */
  origin: string;
  /** sha256 of the document's text as last read: the same text again writes nothing. */
  hash: string;
  /** Unix seconds of the last import or re-sync. */
  synced_at: number;
  /**
   * The import's source record (`api_operation.source.source_id` of its pages): a re-sync rewrites those pages only,
   * never those another import put under the same target. Absent for imports made before source records existed.
   */
  source_id?: number;
}

const sourceKey = (itemId: number, catId: number): string => `${itemId}:${catId}`;

/** The `api_resync_sources` collection (the import service's own). */
@Injectable()
export class ApiResyncSourceRepository implements OnModuleInit {
  private readonly sources: Collection<ApiResyncSourceEntity>;

  constructor(store: DocumentStore) {
    this.sources = store.collection<ApiResyncSourceEntity>('api_resync_sources');
  }

  async onModuleInit(): Promise<void> {
    await this.sources.ensureIndex({ field: 'key', unique: true });
    await this.sources.ensureIndex({ field: 'item_id' });
    await this.sources.ensureIndex({ field: 'kind' });
  }

  find(itemId: number, catId: number): Promise<ApiResyncSourceEntity | null> {
    return this.sources.findOne({ key: sourceKey(itemId, catId) });
  }

  ofItem(itemId: number): Promise<ApiResyncSourceEntity[]> {
    return this.sources.find({ item_id: itemId }, { sort: { cat_id: 1 } });
  }

  /** Every source a scheduled pass reads again (the URLs). */
  urls(): Promise<ApiResyncSourceEntity[]> {
    return this.sources.find({ kind: 'url' }, { sort: { key: 1 } });
  }

  /** Records (or replaces) the target's source. */
  async save(source: Omit<ApiResyncSourceEntity, 'key'>): Promise<void> {
    const key = sourceKey(source.item_id, source.cat_id);
    if ((await this.sources.updateOne({ key }, { $set: { ...source } })) > 0) return;
    await this.sources.insertOne({ key, ...source });
  }

  /** Forgets the sources of an item that is gone. */
  async forgetItem(itemId: number): Promise<void> {
    await this.sources.deleteMany({ item_id: itemId });
  }

  async touch(itemId: number, catId: number, syncedAt: number): Promise<void> {
    await this.sources.updateOne({ key: sourceKey(itemId, catId) }, { $set: { synced_at: syncedAt } });
  }
}
