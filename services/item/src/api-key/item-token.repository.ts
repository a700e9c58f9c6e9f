import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { DocumentStore, SealedCollection, SecretCipher } from '@quire/platform';
import type { ItemTokenEntity } from './item-token.entity';

export interface Credentials {
  api_key: string;
  api_token: string;
}

/**
 * The `item_tokens` collection: at most one credential pair per item. The api token is encrypted at
 * rest (SealedCollection), the api key (what the pair is looked up by) is not.
 */
@Injectable()
export class ItemTokenRepository implements OnModuleInit {
  private readonly logger = new Logger(ItemTokenRepository.name);
  private readonly tokens: SealedCollection<ItemTokenEntity>;

  constructor(
    private readonly store: DocumentStore,
    private readonly cipher: SecretCipher,
  ) {
    this.tokens = new SealedCollection(store.collection<ItemTokenEntity>('item_tokens'), cipher, { key: 'id', fields: ['api_token'] });
  }

  async onModuleInit(): Promise<void> {
    await this.tokens.ensureIndex({ field: 'api_key', unique: true });
    await this.tokens.ensureIndex({ field: 'item_id', unique: true });
    // Tokens stored in clear (before encryption at rest) or under a previous key (rotation): under the current one.
    const resealed = await this.tokens.reseal();
    if (resealed > 0) this.logger.log(`${resealed} api tokens sealed under secret key ${this.cipher.keyId}`);
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
