import { randomBytes, randomInt } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DuplicateKeyError, secretsEqual } from '@quire/platform';
import { type Caller, type ItemTokenRow, nowSeconds } from '@quire/proto';
import { ItemAccessService } from '../access/item-access.service';
import type { ItemEntity } from '../item/item.entity';
import { ItemRepository } from '../item/item.repository';
import type { ItemTokenEntity } from './item-token.entity';
import { type Credentials, ItemTokenRepository } from './item-token.repository';

/** [ERA] shape: 32 hex characters then a decimal number; the hex part carries 128 random bits. */
const newSecret = () => `${randomBytes(16).toString('hex')}${randomInt(1, 1_000_000_000)}`;
const newCredentials = (): Credentials => ({ api_key: newSecret(), api_token: newSecret() });

const toRow = (token: ItemTokenEntity): ItemTokenRow => ({
  id: token.id,
  item_id: token.item_id,
  api_key: token.api_key,
  api_token: token.api_token,
  addtime: token.addtime,
  last_check_time: token.last_check_time,
});

/** An item's open-API credentials (contract §9.3 getKey/resetKey, §11). */
@Injectable()
export class ApiKeyService {
  constructor(
    private readonly tokens: ItemTokenRepository,
    private readonly items: ItemRepository,
    private readonly access: ItemAccessService,
  ) {}

  /** The creator sees the item's credentials; they are made on first request. */
  async getKey(caller: Caller, itemId: number): Promise<ItemTokenRow> {
    const item = await this.access.requireCreator(caller, itemId);
    const existing = await this.tokens.findByItem(item.item_id);
    if (existing) return toRow(existing);
    try {
      return toRow(await this.tokens.create(item.item_id, newCredentials(), nowSeconds()));
    } catch (error) {
      // Two first requests raced; the other one's pair stands.
      const raced = error instanceof DuplicateKeyError ? await this.tokens.findByItem(item.item_id) : null;
      if (!raced) throw error;
      return toRow(raced);
    }
  }

  /** New key and token; the old pair stops working at once. */
  async resetKey(caller: Caller, itemId: number): Promise<ItemTokenRow> {
    const item = await this.access.requireCreator(caller, itemId);
    const now = nowSeconds();
    const replaced = await this.tokens.replace(item.item_id, newCredentials(), now);
    if (replaced) return toRow(replaced);
    return this.getKey(caller, itemId);
  }

  /** A transferred item gets a new pair (when it has one): whatever its former owner kept stops working. */
  async renew(itemId: number): Promise<void> {
    await this.tokens.replace(itemId, newCredentials(), nowSeconds());
  }

  /** The live item a key/token pair opens, or null; the token is compared in constant time. */
  async authorize(apiKey: string, apiToken: string): Promise<ItemEntity | null> {
    if (!apiKey || !apiToken) return null;
    const token = await this.tokens.findByKey(apiKey);
    if (!token || !secretsEqual(token.api_token, apiToken)) return null;
    const item = await this.items.findLive(token.item_id);
    if (!item) return null;
    await this.tokens.touchCheck(token.id, nowSeconds());
    return item;
  }
}
