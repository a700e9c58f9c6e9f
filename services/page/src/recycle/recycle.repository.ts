import { Injectable, type OnModuleInit } from '@nestjs/common';
import { type Collection, DocumentStore } from '@quire/platform';
import type { RecycleEntity, RecycledCatalogEntity } from './recycle.entity';

/** The `recycle` collection (deleted pages) and `recycle_catalogs` (deleted catalogs, Quire). */
@Injectable()
export class RecycleRepository implements OnModuleInit {
  private readonly entries: Collection<RecycleEntity>;
  private readonly catalogEntries: Collection<RecycledCatalogEntity>;

  constructor(private readonly store: DocumentStore) {
    this.entries = store.collection<RecycleEntity>('recycle');
    this.catalogEntries = store.collection<RecycledCatalogEntity>('recycle_catalogs');
  }

  async onModuleInit(): Promise<void> {
    await this.entries.ensureIndex({ field: 'id', unique: true });
    await this.entries.ensureIndex({ field: 'item_id' });
    await this.entries.ensureIndex({ field: 'page_id' });
    await this.catalogEntries.ensureIndex({ field: 'id', unique: true });
    await this.catalogEntries.ensureIndex({ field: 'item_id' });
  }

  async createCatalog(entry: Omit<RecycledCatalogEntity, 'id'>): Promise<RecycledCatalogEntity> {
    return this.catalogEntries.insertOne({ id: await this.store.nextId('recycle_catalog_id'), ...entry });
  }

  /** Deleted catalogs of an item, newest deletion first. */
  catalogsOfItem(itemId: number): Promise<RecycledCatalogEntity[]> {
    return this.catalogEntries.find({ item_id: itemId }, { sort: { del_time: -1, id: -1 } });
  }

  findCatalog(itemId: number, id: number): Promise<RecycledCatalogEntity | null> {
    return this.catalogEntries.findOne({ item_id: itemId, id });
  }

  deleteCatalogs(ids: number[]): Promise<number> {
    return this.catalogEntries.deleteMany({ id: { $in: ids } });
  }

  /** Deleted catalogs whose deletion is older than the time. */
  catalogsBefore(time: number): Promise<Pick<RecycledCatalogEntity, 'id'>[]> {
    return this.catalogEntries.find({ del_time: { $lt: time } }, { fields: ['id'] });
  }

  async createMany(entries: Omit<RecycleEntity, 'id'>[]): Promise<void> {
    const rows: RecycleEntity[] = [];
    for (const entry of entries) rows.push({ id: await this.store.nextId('recycle_id'), ...entry });
    await this.entries.insertMany(rows);
  }

  /** Newest deletion first. */
  ofItem(itemId: number): Promise<RecycleEntity[]> {
    return this.entries.find({ item_id: itemId }, { sort: { del_time: -1, id: -1 } });
  }

  deleteByPage(itemId: number, pageId: number): Promise<number> {
    return this.entries.deleteMany({ item_id: itemId, page_id: pageId });
  }

  deleteByPages(pageIds: number[]): Promise<number> {
    return this.entries.deleteMany({ page_id: { $in: pageIds } });
  }

  async deleteByItem(itemId: number): Promise<number> {
    await this.catalogEntries.deleteMany({ item_id: itemId });
    return this.entries.deleteMany({ item_id: itemId });
  }
}
