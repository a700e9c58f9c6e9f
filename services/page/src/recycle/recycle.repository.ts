import { Injectable, type OnModuleInit } from '@nestjs/common';
import { type Collection, DocumentStore } from '@quire/platform';
import type { RecycleEntity } from './recycle.entity';

/** The `recycle` collection. */
@Injectable()
export class RecycleRepository implements OnModuleInit {
  private readonly entries: Collection<RecycleEntity>;

  constructor(private readonly store: DocumentStore) {
    this.entries = store.collection<RecycleEntity>('recycle');
  }

  async onModuleInit(): Promise<void> {
    await this.entries.ensureIndex({ field: 'id', unique: true });
    await this.entries.ensureIndex({ field: 'item_id' });
    await this.entries.ensureIndex({ field: 'page_id' });
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

  deleteByItem(itemId: number): Promise<number> {
    return this.entries.deleteMany({ item_id: itemId });
  }
}
