import { Injectable, type OnModuleInit } from '@nestjs/common';
import { type Collection, DocumentStore } from '@quire/platform';
import type { ItemTokenEntity } from './item-token.entity';

export interface Credentials {
  api_key: string;
  api_token: string;
}

/** The `item_tokens` collection: at most one credential pair per item. */
@Injectable()
export class ItemTokenRepository implements OnModuleInit {
  private readonly tokens: Collection<ItemTokenEntity>;

  constructor(private readonly store: DocumentStore) {
    this.tokens = store.collection<ItemTokenEntity>('item_tokens');
  }

  async onModuleInit(): Promise<void> {
    await this.tokens.ensureIndex({ field: 'api_key', unique: true });
    await this.tokens.ensureIndex({ field: 'item_id', unique: true });
  }

  findByItem(itemId: number): Promise<ItemTokenEntity | null> {
    return this.tokens.findOne({ item_id: itemId });
  }

  findByKey(apiKey: string): Promise<ItemTokenEntity | null> {
    return this.tokens.findOne({ api_key: apiKey });
  }

  /** Rejects with DuplicateKeyError when the item already has credentials. */
  async create(itemId: number, credentials: Credentials, now: number): Promise<ItemTokenEntity> {
    const id = await this.store.nextId('item_token_id');
    return this.tokens.insertOne({ id, item_id: itemId, ...credentials, addtime: now, last_check_time: 0 });
  }

  /** New key and token: the old pair stops working with this write. */
  replace(itemId: number, credentials: Credentials, now: number): Promise<ItemTokenEntity | null> {
    return this.tokens.findOneAndUpdate({ item_id: itemId }, { $set: { ...credentials, addtime: now, last_check_time: 0 } });
  }

  touchCheck(id: number, now: number): Promise<number> {
    return this.tokens.updateOne({ id }, { $set: { last_check_time: now } });
  }

  removeByItem(itemId: number): Promise<number> {
    return this.tokens.deleteMany({ item_id: itemId });
  }
}
