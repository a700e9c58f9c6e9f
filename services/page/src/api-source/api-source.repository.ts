import { Injectable, type OnModuleInit } from '@nestjs/common';
import { type Collection, DocumentStore } from '@quire/platform';
import type { ApiSchemaRow, ApiSourceRecord } from '@quire/proto';

/**
 * The `api_sources` and `api_schemas` collections (issue 19): what an API import keeps of its document besides the
 * operations on its pages — info, servers, security schemes, tags, and one row per named schema.
 */
@Injectable()
export class ApiSourceRepository implements OnModuleInit {
  private readonly sources: Collection<ApiSourceRecord>;
  private readonly schemas: Collection<ApiSchemaRow>;

  constructor(private readonly store: DocumentStore) {
    this.sources = store.collection<ApiSourceRecord>('api_sources');
    this.schemas = store.collection<ApiSchemaRow>('api_schemas');
  }

  async onModuleInit(): Promise<void> {
    await this.sources.ensureIndex({ field: 'source_id', unique: true });
    await this.sources.ensureIndex({ field: 'item_id' });
    await this.schemas.ensureIndex({ field: 'source_id' });
    await this.schemas.ensureIndex({ field: 'item_id' });
  }

  async create(record: Omit<ApiSourceRecord, 'source_id'>): Promise<ApiSourceRecord> {
    return this.sources.insertOne({ source_id: await this.store.nextId('api_source_id'), ...record });
  }

  /** A re-sync's new record in place of the old one; its named schemas are dropped (the new ones follow). */
  async replace(record: ApiSourceRecord): Promise<void> {
    await this.sources.updateOne({ source_id: record.source_id }, { $set: record });
    await this.schemas.deleteMany({ source_id: record.source_id });
  }

  find(sourceId: number): Promise<ApiSourceRecord | null> {
    return this.sources.findOne({ source_id: sourceId });
  }

  findInItem(itemId: number, sourceIds: number[]): Promise<ApiSourceRecord[]> {
    return this.sources.find({ item_id: itemId, source_id: { $in: sourceIds } }, { sort: { source_id: 1 } });
  }

  async addSchemas(rows: ApiSchemaRow[]): Promise<number> {
    if (rows.length > 0) await this.schemas.insertMany(rows);
    return rows.length;
  }

  /** The named schemas of some sources, in the order they were stored. */
  schemasOf(sourceIds: number[]): Promise<ApiSchemaRow[]> {
    return this.schemas.find({ source_id: { $in: sourceIds } });
  }

  /** A staging item's sources join the item its pages join (at its top, or under the catalog `catId`). */
  async moveToItem(fromItemId: number, toItemId: number, catId: number): Promise<void> {
    await this.sources.updateMany({ item_id: fromItemId }, { $set: { item_id: toItemId, cat_id: catId } });
    await this.schemas.updateMany({ item_id: fromItemId }, { $set: { item_id: toItemId } });
  }

  async deleteByItem(itemId: number): Promise<void> {
    await this.schemas.deleteMany({ item_id: itemId });
    await this.sources.deleteMany({ item_id: itemId });
  }
}
