import type { WebhookRow } from '@quire/proto';

/**
 * A webhook: an item's (`item_id` > 0) or the site's (`item_id` 0), as `webhook/list` shows it, with the secret that
 * signs each body (HMAC-SHA256), shown once, at creation and on regeneration. URL and secret are sealed at rest.
 */
export interface WebhookEntity extends WebhookRow {
  secret: string;
}
