import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { DocumentStore, type Filter, SealedCollection, SecretCipher, type Update } from '@quire/platform';
import { containsText, type ItemType } from '@quire/proto';
import { AccessVersion } from '../access/access-version';
import type { ItemEntity } from './item.entity';

export interface NewItem {
  item_name: string;
  item_description: string;
  uid: number;
  username: string;
  password: string;
  item_domain: string;
  item_type: ItemType;
  now: number;
  /** Stored pending (not live) until `makeLive`: a copy, or a single-page item before its page exists. */
  pending?: boolean;
  /** An imported item keeps its times and archived state (default: `now`, not archived); `now` stays the time of the write. */
  addtime?: number;
  last_update_time?: number;
  is_archived?: 0 | 1;
}

export interface ItemChanges {
  item_name?: string;
  item_description?: string;
  item_domain?: string;
  password?: string;
}

/**
 * The `items` collection. "Live" means not soft-deleted. Visit passwords are encrypted at rest
 * (SealedCollection): entities carry them in clear, the store never does.
 */
@Injectable()
export class ItemRepository implements OnModuleInit {
  private readonly logger = new Logger(ItemRepository.name);
  private readonly items: SealedCollection<ItemEntity>;

  constructor(
    private readonly store: DocumentStore,
    private readonly accessVersion: AccessVersion,
    private readonly cipher: SecretCipher,
  ) {
    this.items = new SealedCollection(store.collection<ItemEntity>('items'), cipher, { key: 'item_id', fields: ['password'] });
  }

  async onModuleInit(): Promise<void> {
    await this.items.ensureIndex({ field: 'item_id', unique: true });
    // Unique among all items, soft-deleted ones included (contract §9.3); items without a domain are left out.
    await this.items.ensureIndex({ field: 'item_domain', unique: true, sparse: true });
    await this.items.ensureIndex({ field: 'uid' });
    await this.resealPasswords();
  }

  /**
   * Encrypts under the current key every visit password stored in clear (before encryption at rest)
   * or under a previous key (after a rotation); the old form leaves the disk too.
   */
  private async resealPasswords(): Promise<number> {
    const resealed = await this.items.reseal();
    if (resealed > 0) this.logger.log(`${resealed} visit passwords sealed under secret key ${this.cipher.keyId}`);
    return resealed;
  }

  /** Stores a new item; rejects with DuplicateKeyError when the domain is taken. */
  async create(item: NewItem): Promise<ItemEntity> {
    const item_id = await this.store.nextId('item_id');
    return this.items.insertOne({
      item_id,
      item_name: item.item_name,
      item_description: item.item_description,
      uid: item.uid,
      username: item.username,
      password: item.password,
      password_version: 0,
      addtime: item.addtime ?? item.now,
      last_update_time: item.last_update_time ?? item.now,
      item_domain: item.item_domain || undefined,
      item_type: item.item_type,
      is_archived: item.is_archived ?? 0,
      is_del: item.pending ? 1 : 0,
      del_time: item.pending ? item.now : 0,
      ...(item.pending ? { pending: 1 as const } : {}),
    });
  }

  /** A pending item goes live in one write; 0 when it is no longer pending (swept as abandoned). */
  makeLive(itemId: number): Promise<number> {
    return this.accessVersion.renewAfter(this.items.updateOne({ item_id: itemId, pending: 1 }, { $set: { is_del: 0, del_time: 0 }, $unset: { pending: true } }));
  }

  /** Live or soft-deleted. */
  findById(itemId: number): Promise<ItemEntity | null> {
    return this.items.findOne({ item_id: itemId });
  }

  findLive(itemId: number): Promise<ItemEntity | null> {
    return this.items.findOne({ item_id: itemId, is_del: 0 });
  }

  /** Live or soft-deleted; exact, case-sensitive. */
  findByDomain(domain: string): Promise<ItemEntity | null> {
    return this.items.findOne({ item_domain: domain });
  }

  /** The live items among `itemIds`, by item id. */
  listLiveByIds(itemIds: number[]): Promise<ItemEntity[]> {
    return this.items.find({ is_del: 0, item_id: { $in: itemIds } }, { sort: { item_id: 1 } });
  }

  /** Every live item, only what deciding the read right needs (`item.access.readable`). */
  listLiveAccessFields(): Promise<Pick<ItemEntity, 'item_id' | 'uid' | 'password' | 'password_version'>[]> {
    return this.items.find({ is_del: 0 }, { fields: ['item_id', 'uid', 'password', 'password_version'] });
  }

  /** Live items the user created or is a member of (`memberItemIds`), by item id. */
  listLiveForUser(uid: number, memberItemIds: number[]): Promise<ItemEntity[]> {
    return this.items.find({ is_del: 0, $or: [{ uid }, { item_id: { $in: memberItemIds } }] }, { sort: { item_id: 1 } });
  }

  /** The console: one page of live items whose name and owner contain the texts (case-insensitive), newest first. */
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

  /** Overwrites the given fields; an empty domain removes it. Rejects with DuplicateKeyError on a taken domain. */
  async update(itemId: number, changes: ItemChanges, passwordChanged: boolean): Promise<number> {
    const update: Update<ItemEntity> = { $set: {} };
    const { item_domain, ...rest } = changes;
    update.$set = { ...rest };
    if (item_domain !== undefined) {
      if (item_domain === '') update.$unset = { item_domain: true };
      else update.$set.item_domain = item_domain;
    }
    if (passwordChanged) update.$inc = { password_version: 1 };
    return this.accessVersion.renewAfter(this.items.updateOne({ item_id: itemId, is_del: 0 }, update));
  }

  softDelete(itemId: number, now: number): Promise<number> {
    return this.accessVersion.renewAfter(this.items.updateOne({ item_id: itemId, is_del: 0 }, { $set: { is_del: 1, del_time: now, last_update_time: now } }));
  }

  /** Archives a live item that is not archived yet; 0 when there was nothing to do. */
  archive(itemId: number): Promise<number> {
    return this.accessVersion.renewAfter(this.items.updateOne({ item_id: itemId, is_del: 0, is_archived: 0 }, { $set: { is_archived: 1 } }));
  }

  setOwner(itemId: number, uid: number, username: string): Promise<ItemEntity | null> {
    return this.accessVersion.renewAfter(this.items.findOneAndUpdate({ item_id: itemId, is_del: 0 }, { $set: { uid, username } }));
  }

  /** Sets `last_update_time`; an item already touched this second is not written again (a burst of saves writes once). No right changes: the access version stays. */
  touch(itemId: number, now: number): Promise<number> {
    return this.items.updateOne({ item_id: itemId, is_del: 0, last_update_time: { $ne: now } }, { $set: { last_update_time: now } });
  }

  rename(itemId: number, itemName: string): Promise<number> {
    return this.accessVersion.renewAfter(this.items.updateOne({ item_id: itemId, is_del: 0 }, { $set: { item_name: itemName } }));
  }

  /** Soft-deleted before `before` (unix seconds). */
  listDeletedBefore(before: number, limit: number): Promise<ItemEntity[]> {
    return this.items.find({ is_del: 1, del_time: { $lt: before } }, { sort: { del_time: 1 }, limit });
  }

  /** Pending items started before `before` (unix seconds): abandoned by a process that died. */
  listPendingBefore(before: number, limit: number): Promise<ItemEntity[]> {
    return this.items.find({ pending: 1, del_time: { $lt: before } }, { sort: { del_time: 1 }, limit });
  }

  /** Removes the row for good (rollback of a failed create, purge). */
  remove(itemId: number): Promise<number> {
    return this.accessVersion.renewAfter(this.items.deleteOne({ item_id: itemId }));
  }
}

function liveMatching(itemName: string, username: string): Filter<ItemEntity> {
  const filter: Filter<ItemEntity> = { is_del: 0 };
  if (itemName !== '') filter.item_name = { $regex: containsText(itemName) };
  if (username !== '') filter.username = { $regex: containsText(username) };
  return filter;
}
