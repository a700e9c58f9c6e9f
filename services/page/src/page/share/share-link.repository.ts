import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DocumentStore, hashSecret, SealedCollection, SecretCipher } from '@quire/platform';
import type { ShareLinkEntity } from './share-link.entity';

/**
 * The `share_links` collection (scoped share links), looked up by the SHA-256 of their key; the key itself (shown
 * to the item's editors in `share/list`) is encrypted at rest (SealedCollection).
 */
@Injectable()
export class ShareLinkRepository implements OnModuleInit {
  private readonly links: SealedCollection<ShareLinkEntity>;

  constructor(
    private readonly store: DocumentStore,
    cipher: SecretCipher,
  ) {
    this.links = new SealedCollection(store.collection<ShareLinkEntity>('share_links'), cipher, { key: 'id', fields: ['share_key'] });
  }

  async onModuleInit(): Promise<void> {
    await this.links.ensureIndex({ field: 'key_hash', unique: true });
    await this.links.ensureIndex({ field: 'item_id' });
    // Keys sealed under a previous secret key (rotation): under the current one.
    await this.links.reseal();
  }

  async create(link: Omit<ShareLinkEntity, 'id'>): Promise<ShareLinkEntity> {
    const id = await this.store.nextId('share_link_id');
    return this.links.insertOne({ id, ...link });
  }

  findByKey(shareKey: string): Promise<ShareLinkEntity | null> {
    return this.links.findOne({ key_hash: hashSecret(shareKey) });
  }

  /** The links of an item not revoked and not expired at `now`, newest first. */
  activeOfItem(itemId: number, now: number): Promise<ShareLinkEntity[]> {
    return this.links.find({ item_id: itemId, revoked_time: 0, $or: [{ expire_time: 0 }, { expire_time: { $gt: now } }] }, { sort: { id: -1 } });
  }

  async revoke(id: number, now: number): Promise<void> {
    await this.links.updateOne({ id }, { $set: { revoked_time: now } });
  }

  async countView(id: number): Promise<void> {
    await this.links.updateOne({ id }, { $inc: { views: 1 } });
  }
}
