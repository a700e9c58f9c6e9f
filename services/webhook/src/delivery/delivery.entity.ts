import type { WebhookDeliveryRow } from '@quire/proto';

/** One attempt to deliver one event to one hook, as `webhook/deliveries` shows it (the last WEBHOOK_DELIVERIES_KEPT per hook are kept). */
export interface DeliveryEntity extends WebhookDeliveryRow {
  /** Allocated by nextId: orders the attempts. */
  id: number;
  webhook_id: number;
}
