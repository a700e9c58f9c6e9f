import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { DocumentStore, SealedCollection, SecretCipher } from '@quire/platform';
import type { WebhookEntity } from './webhook.entity';

/** The `webhooks` collection; each hook's URL (which may carry a token) and secret are encrypted at rest (SealedCollection). */
@Injectable()
export class WebhookRepository implements OnModuleInit {
  private readonly logger = new Logger(WebhookRepository.name);
  private readonly hooks: SealedCollection<WebhookEntity>;

  constructor(
    private readonly store: DocumentStore,
    private readonly cipher: SecretCipher,
  ) {
    this.hooks = new SealedCollection(store.collection<WebhookEntity>('webhooks'), cipher, { key: 'webhook_id', fields: ['url', 'secret'] });
  }

  async onModuleInit(): Promise<void> {
    await this.hooks.ensureIndex({ field: 'webhook_id', unique: true });
    await this.hooks.ensureIndex({ field: 'item_id' });
    // Secrets sealed under a previous key (rotation): under the current one.
    const resealed = await this.hooks.reseal();
    if (resealed > 0) this.logger.log(`${resealed} webhook secrets sealed under secret key ${this.cipher.keyId}`);
  }

  async create(hook: Omit<WebhookEntity, 'webhook_id'>): Promise<WebhookEntity> {
    const webhook_id = await this.store.nextId('webhook_id');
    return this.hooks.insertOne({ webhook_id, ...hook });
  }

  findById(webhookId: number): Promise<WebhookEntity | null> {
    return this.hooks.findOne({ webhook_id: webhookId });
  }

  /** An item's hooks (or the site's, item 0), oldest first. */
  listOfItem(itemId: number): Promise<WebhookEntity[]> {
    return this.hooks.find({ item_id: itemId }, { sort: { webhook_id: 1 } });
  }

  /** The enabled hooks an event of the item reaches: the item's and the site's. */
  enabledFor(itemId: number): Promise<WebhookEntity[]> {
    return this.hooks.find({ item_id: { $in: itemId > 0 ? [itemId, 0] : [0] }, enabled: 1 }, { sort: { webhook_id: 1 } });
  }

  async update(webhookId: number, changes: Partial<Pick<WebhookEntity, 'url' | 'events' | 'enabled' | 'secret'>>): Promise<WebhookEntity | null> {
    return this.hooks.findOneAndUpdate({ webhook_id: webhookId }, { $set: changes });
  }

  async recordAttempt(webhookId: number, time: number, status: number, ok: boolean): Promise<void> {
    await this.hooks.updateOne({ webhook_id: webhookId }, { $set: { last_delivery_time: time, last_status: status, last_ok: ok } });
  }

  async delete(webhookId: number): Promise<boolean> {
    return (await this.hooks.deleteOne({ webhook_id: webhookId })) > 0;
  }
}
