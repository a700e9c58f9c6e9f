import { Injectable, type OnModuleInit } from '@nestjs/common';
import { type Collection, DocumentStore } from '@quire/platform';
import { WEBHOOK_DELIVERIES_KEPT } from '@quire/proto';
import type { DeliveryEntity } from './delivery.entity';

const NEWEST_FIRST = { id: -1 } as const;

/** The `webhook_deliveries` collection: every attempt, the newest WEBHOOK_DELIVERIES_KEPT of each hook kept. */
@Injectable()
export class DeliveryRepository implements OnModuleInit {
  private readonly deliveries: Collection<DeliveryEntity>;

  constructor(private readonly store: DocumentStore) {
    this.deliveries = store.collection<DeliveryEntity>('webhook_deliveries');
  }

  async onModuleInit(): Promise<void> {
    await this.deliveries.ensureIndex({ field: 'id', unique: true });
    await this.deliveries.ensureIndex({ field: 'webhook_id' });
  }

  /** Records an attempt, then drops the hook's attempts beyond the newest WEBHOOK_DELIVERIES_KEPT. */
  async add(attempt: Omit<DeliveryEntity, 'id'>): Promise<DeliveryEntity> {
    const id = await this.store.nextId('webhook_delivery_id');
    const stored = await this.deliveries.insertOne({ id, ...attempt });
    const [oldestKept] = await this.deliveries.find({ webhook_id: attempt.webhook_id }, { sort: NEWEST_FIRST, skip: WEBHOOK_DELIVERIES_KEPT - 1, limit: 1, fields: ['id'] });
    if (oldestKept) await this.deliveries.deleteMany({ webhook_id: attempt.webhook_id, id: { $lt: oldestKept.id } });
    return stored;
  }

  /** A page of a hook's attempts, newest first, with how many it has. */
  async page(webhookId: number, page: number, perPage: number): Promise<{ total: number; list: DeliveryEntity[] }> {
    const [total, list] = await Promise.all([
      this.deliveries.count({ webhook_id: webhookId }),
      this.deliveries.find({ webhook_id: webhookId }, { sort: NEWEST_FIRST, skip: (page - 1) * perPage, limit: perPage }),
    ]);
    return { total, list };
  }

  async deleteOfHook(webhookId: number): Promise<void> {
    await this.deliveries.deleteMany({ webhook_id: webhookId });
  }
}
