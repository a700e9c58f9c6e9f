import { Injectable, type OnModuleInit } from '@nestjs/common';
import { type Collection, DocumentStore, DuplicateKeyError } from '@quire/platform';
import type { ItemSortEntity } from './item-sort.entity';

/** The `item_sorts` collection: one saved order per user. */
@Injectable()
export class ItemSortRepository implements OnModuleInit {
  private readonly sorts: Collection<ItemSortEntity>;

  constructor(store: DocumentStore) {
    this.sorts = store.collection<ItemSortEntity>('item_sorts');
  }

  async onModuleInit(): Promise<void> {
    await this.sorts.ensureIndex({ field: 'uid', unique: true });
  }

  async positions(uid: number): Promise<Map<number, number> | null> {
    const row = await this.sorts.findOne({ uid });
    if (!row) return null;
    return new Map(Object.entries(row.positions).map(([id, position]) => [Number(id), position]));
  }

  /** Replaces the user's saved order. */
  async save(uid: number, positions: Map<number, number>, now: number): Promise<void> {
    const stored = Object.fromEntries([...positions].map(([id, position]) => [String(id), position]));
    if (await this.sorts.updateOne({ uid }, { $set: { positions: stored, addtime: now } })) return;
    try {
      await this.sorts.insertOne({ uid, positions: stored, addtime: now });
    } catch (error) {
      // Two saves raced: the other inserted first, so ours becomes an update.
      if (!(error instanceof DuplicateKeyError)) throw error;
      await this.sorts.updateOne({ uid }, { $set: { positions: stored, addtime: now } });
    }
  }
}
