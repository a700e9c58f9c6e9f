import { z } from 'zod';
import { integer, requiredText } from '../validation';
import { WEBHOOK_ACTIONS, type WebhookAction } from './activity.schema';

/**
 * Quire's webhooks (issue 20): an item's owner (or an administrator for the whole site, `item_id` 0) has what
 * happens in the item POSTed to a URL, signed with a secret shown once. Owned by the webhook service
 * (`services/webhook`), which follows the `activity` topic of the ChangeFeed and delivers through the JobQueue.
 */

/** The event a "send test" delivers; never an activity. */
export const WEBHOOK_PING_EVENT = 'ping';
/** The longest URL a webhook takes. */
export const WEBHOOK_URL_MAX = 2000;
/** Delivery attempts per event (the first and four retries). */
export const WEBHOOK_ATTEMPTS = 5;
/** Delivery log rows kept per webhook (older ones go). */
export const WEBHOOK_DELIVERIES_KEPT = 100;
/** Rows of one `webhook/deliveries` page. */
export const WEBHOOK_DELIVERIES_PER_PAGE = 20;

const itemId = () => integer().pipe(z.number().min(0));
const webhookId = () => integer().pipe(z.number().min(1, { error: (issue) => (issue.input === 0 ? 'param_required' : 'param_out_of_range') }));

/** An absolute http(s) URL without user name or password (the address guard checks where it leads). */
const url = () =>
  requiredText({ trim: true })
    .pipe(z.string().max(WEBHOOK_URL_MAX))
    .refine(
      (value) => {
        try {
          const parsed = new URL(value);
          return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && !parsed.username && !parsed.password && parsed.hostname !== '';
        } catch {
          return false;
        }
      },
      { error: 'webhook_url_invalid' },
    );

/**
 * The events a hook wants: a list (JSON array, or comma-separated text from a form) of `WEBHOOK_ACTIONS`; absent,
 * empty or `*` for all of them (then also those added in later versions). Duplicates are dropped.
 */
const events = () =>
  z.preprocess(
    (value) => {
      if (value === undefined || value === null) return [];
      if (typeof value === 'string') {
        const trimmed = value.trim();
        return trimmed === '' || trimmed === '*' ? [] : trimmed.split(',').map((part) => part.trim());
      }
      return value;
    },
    z
      .array(z.enum(WEBHOOK_ACTIONS, { error: 'webhook_event_unknown' }), { error: 'webhook_event_unknown' })
      .max(WEBHOOK_ACTIONS.length * 2)
      .transform((list): WebhookAction[] => [...new Set(list)]),
  );

/** 1 or 0 (also `true`/`false`); absent gives the default. */
const flag = (fallback: 0 | 1) =>
  z.preprocess(
    (value) => (value === undefined || value === null || value === '' ? fallback : value === true || value === 'true' ? 1 : value === false || value === 'false' ? 0 : value),
    integer().pipe(z.literal([0, 1], { error: 'param_not_one_of' })),
  );

/** `webhook/create`: `item_id` 0 makes a site-wide hook (administrators only). */
export const CreateWebhookSchema = z.object({ item_id: itemId(), url: url(), events: events(), enabled: flag(1) });
export type CreateWebhookDto = z.output<typeof CreateWebhookSchema>;

export const ListWebhooksSchema = z.object({ item_id: itemId() });
export type ListWebhooksDto = z.output<typeof ListWebhooksSchema>;

/** `webhook/update`: what is absent stays as it is. */
export const UpdateWebhookSchema = z.object({
  webhook_id: webhookId(),
  url: url().optional(),
  events: events().optional(),
  enabled: z.preprocess((value) => (value === undefined || value === '' ? undefined : value), flag(1).optional()),
});
export type UpdateWebhookDto = z.output<typeof UpdateWebhookSchema>;

/** `webhook/delete`, `webhook/regenerateSecret`, `webhook/test`. */
export const WebhookIdSchema = z.object({ webhook_id: webhookId() });
export type WebhookIdDto = z.output<typeof WebhookIdSchema>;

/** `webhook.item.purge` (internal): the item purged; never the site's hooks (item 0). */
export const WebhookItemPurgeSchema = z.object({ item_id: integer().pipe(z.number().min(1, { error: 'param_out_of_range' })) });
export type WebhookItemPurgeDto = z.output<typeof WebhookItemPurgeSchema>;

export const ListWebhookDeliveriesSchema = z.object({ webhook_id: webhookId(), page: integer(1).pipe(z.number().min(1).max(1000)) });
export type ListWebhookDeliveriesDto = z.output<typeof ListWebhookDeliveriesSchema>;

/** `webhook/create`, `webhook/regenerateSecret`: the secret, shown this once. */
export interface WebhookSecret {
  webhook_id: number;
  secret: string;
}

/** One hook of `webhook/list` (never its secret). */
export interface WebhookRow {
  webhook_id: number;
  item_id: number;
  url: string;
  /** Empty: every event. */
  events: WebhookAction[];
  enabled: 0 | 1;
  creator_uid: number;
  creator_username: string;
  /** Unix seconds. */
  addtime: number;
  /** The last delivery: unix seconds (0 for none), its HTTP status (0 when none came back) and whether it succeeded. */
  last_delivery_time: number;
  last_status: number;
  last_ok: boolean;
}

/** One attempt of a delivery (`webhook/deliveries`, `webhook/test`). */
export interface WebhookDeliveryRow {
  delivery_id: string;
  /** A `WEBHOOK_ACTIONS` event, or `ping`. */
  event: string;
  /** Unix seconds when the attempt started. */
  time: number;
  /** 1 for the first try. */
  attempt: number;
  /** The receiver's HTTP status; 0 when it did not answer (then `error` says why). */
  status: number;
  ok: boolean;
  /** '' when the receiver answered 2xx. */
  error: string;
  duration_ms: number;
}

export interface WebhookDeliveryPage {
  total: number;
  page: number;
  per_page: number;
  list: WebhookDeliveryRow[];
}

/** What a receiver is POSTed (`X-Quire-Signature: sha256=<hex HMAC-SHA256 of these bytes with the secret>`). */
export interface WebhookBody {
  event: WebhookAction | typeof WEBHOOK_PING_EVENT;
  delivery_id: string;
  /** ISO 8601, when the action happened. */
  time: string;
  actor: { uid: number; username: string };
  item_id: number;
  target: { type: string; id: string; name: string };
  detail: Record<string, string | number | boolean>;
}
