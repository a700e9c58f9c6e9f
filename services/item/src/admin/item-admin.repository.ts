import { Injectable } from '@nestjs/common';
import { type Collection, DocumentStore, type Filter } from '@quire/platform';
import type { ItemEntity } from '../item/item.entity';

/** Regular-expression metacharacters, escaped so the typed text matches literally. */
const literally = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i');

/** The console's queries over the `items` collection (the item slice's ItemRepository keeps the writes). */
@Injectable()
export class ItemAdminRepository {
  private readonly items: Collection<ItemEntity>;

  constructor(store: DocumentStore) {
    this.items = store.collection<ItemEntity>('items');
  }

  /** One page of live items whose name and owner contain the texts (case-insensitive), newest first. */
  search(itemName: string, username: string, skip: number, limit: number): Promise<ItemEntity[]> {
    return this.items.find(liveMatching(itemName, username), { sort: { addtime: -1, item_id: -1 }, skip, limit });
  }

  countMatching(itemName: string, username: string): Promise<number> {
    return this.items.count(liveMatching(itemName, username));
  }

  /** Live items the user owns. */
  countOwnedBy(uid: number): Promise<number> {
    return this.items.count({ uid, is_del: 0 });
  }
}

function liveMatching(itemName: string, username: string): Filter<ItemEntity> {
  const filter: Filter<ItemEntity> = { is_del: 0 };
  if (itemName !== '') filter.item_name = { $regex: literally(itemName) };
  if (username !== '') filter.username = { $regex: literally(username) };
  return filter;
}
