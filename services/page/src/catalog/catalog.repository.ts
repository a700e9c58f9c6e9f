import { Injectable, type OnModuleInit } from '@nestjs/common';
import { type Collection, DocumentStore } from '@quire/platform';
import { ContentVersion } from '../cache/content-version';
import type { CatalogEntity } from './catalog.entity';

/** The `catalogs` collection. */
@Injectable()
export class CatalogRepository implements OnModuleInit {
  private readonly catalogs: Collection<CatalogEntity>;

  constructor(
    private readonly store: DocumentStore,
    private readonly version: ContentVersion,
  ) {
    this.catalogs = store.collection<CatalogEntity>('catalogs');
  }

  async onModuleInit(): Promise<void> {
    await this.catalogs.ensureIndex({ field: 'cat_id', unique: true });
    await this.catalogs.ensureIndex({ field: 'item_id' });
  }

  nextId(): Promise<number> {
    return this.store.nextId('cat_id');
  }

  async create(catalog: Omit<CatalogEntity, 'cat_id'>): Promise<CatalogEntity> {
    return this.version.renewAfter(this.catalogs.insertOne({ cat_id: await this.nextId(), ...catalog }));
  }

  insertMany(catalogs: CatalogEntity[]): Promise<CatalogEntity[]> {
    return this.version.renewAfter(this.catalogs.insertMany(catalogs));
  }

  findInItem(itemId: number, catId: number): Promise<CatalogEntity | null> {
    return this.catalogs.findOne({ item_id: itemId, cat_id: catId });
  }

  findById(catId: number): Promise<CatalogEntity | null> {
    return this.catalogs.findOne({ cat_id: catId });
  }

  /** Every catalog of an item, menu order. */
  ofItem(itemId: number): Promise<CatalogEntity[]> {
    return this.catalogs.find({ item_id: itemId }, { sort: { s_number: 1, cat_id: 1 } });
  }

  /** Find-or-create lookup of the open API: the first catalog with that name under that parent. */
  findByName(itemId: number, parentId: number, name: string): Promise<CatalogEntity | null> {
    return this.catalogs.findOne({ item_id: itemId, parent_cat_id: parentId, cat_name: name }, { sort: { cat_id: 1 } });
  }

  update(catId: number, changes: Partial<Omit<CatalogEntity, 'cat_id' | 'item_id'>>): Promise<CatalogEntity | null> {
    return this.version.renewAfter(this.catalogs.findOneAndUpdate({ cat_id: catId }, { $set: changes }));
  }

  deleteByIds(itemId: number, catIds: number[]): Promise<number> {
    return this.version.renewAfter(this.catalogs.deleteMany({ item_id: itemId, cat_id: { $in: catIds } }));
  }

  deleteByItem(itemId: number): Promise<number> {
    return this.version.renewAfter(this.catalogs.deleteMany({ item_id: itemId }));
  }

  /** A staging item's top catalogs under a catalog of the item they join, every level of theirs `levels` deeper (API import). */
  async nestUnder(itemId: number, parentCatId: number, levels: number): Promise<void> {
    await this.version.renewAfter(this.catalogs.updateMany({ item_id: itemId, parent_cat_id: 0 }, { $set: { parent_cat_id: parentCatId } }));
    if (levels !== 0) await this.version.renewAfter(this.catalogs.updateMany({ item_id: itemId }, { $inc: { level: levels } }));
  }

  /** Every catalog of one item (a Markdown import's staging item) into another, tree and levels as they are. */
  moveToItem(fromItemId: number, toItemId: number): Promise<number> {
    return this.version.renewAfter(this.catalogs.updateMany({ item_id: fromItemId }, { $set: { item_id: toItemId } }));
  }
}
