import type { WebhookAction, WebhookDeliveryPage, WebhookDeliveryRow, WebhookRow, WebhookSecret } from '@quire/proto';
import useSWR, { mutate } from 'swr';
import { apiRequest } from '../../../lib/api-client';

export type { WebhookAction, WebhookDeliveryPage, WebhookDeliveryRow, WebhookRow, WebhookSecret };

/** A hook as the dialog edits it; `events` empty: every event. */
export interface WebhookInput {
  url: string;
  events: WebhookAction[];
  enabled: boolean;
}

/** An item's hooks, or the site's (`itemId` 0). */
export const webhooksKey = (itemId: number) => ['webhook/list', { item_id: itemId }] as const;
export const deliveriesKey = (webhookId: number, page: number) => ['webhook/deliveries', { webhook_id: webhookId, page }] as const;

const wire = (input: WebhookInput) => ({ url: input.url.trim(), events: input.events.join(','), enabled: input.enabled ? 1 : 0 });

/** `webhook/list` (the item's owner; administrators for the site's). */
export function useWebhooks(itemId: number) {
  return useSWR(webhooksKey(itemId), () => apiRequest<WebhookRow[]>('webhook/list', { item_id: itemId }, { alert: false }));
}

/** `webhook/create`: the answer holds the secret, shown this once; the list is read again. */
export async function createWebhook(itemId: number, input: WebhookInput): Promise<WebhookSecret> {
  const created = await apiRequest<WebhookSecret>('webhook/create', { item_id: itemId, ...wire(input) }, { alert: false });
  await mutate(webhooksKey(itemId));
  return created;
}

/** `webhook/update`: URL, events and the enabled flag. */
export async function updateWebhook(itemId: number, webhookId: number, input: WebhookInput): Promise<void> {
  await apiRequest('webhook/update', { webhook_id: webhookId, ...wire(input) }, { alert: false });
  await mutate(webhooksKey(itemId));
}

/** `webhook/delete`: the hook and its delivery log. */
export async function deleteWebhook(itemId: number, webhookId: number): Promise<void> {
  await apiRequest('webhook/delete', { webhook_id: webhookId });
  await mutate(webhooksKey(itemId));
}

/** `webhook/regenerateSecret`: a new secret, shown this once; the old one stops signing at once. */
export function regenerateWebhookSecret(webhookId: number): Promise<WebhookSecret> {
  return apiRequest<WebhookSecret>('webhook/regenerateSecret', { webhook_id: webhookId });
}

/** `webhook/test`: a `ping` sent now; the answer is the attempt (status, error, time taken). */
export async function testWebhook(itemId: number, webhookId: number): Promise<WebhookDeliveryRow> {
  const result = await apiRequest<WebhookDeliveryRow>('webhook/test', { webhook_id: webhookId });
  await Promise.all([mutate(webhooksKey(itemId)), mutate((key) => Array.isArray(key) && key[0] === 'webhook/deliveries')]);
  return result;
}

/** `webhook/deliveries`: a page of the hook's attempts, newest first. */
export function useWebhookDeliveries(webhookId: number, page: number) {
  return useSWR(deliveriesKey(webhookId, page), () => apiRequest<WebhookDeliveryPage>('webhook/deliveries', { webhook_id: webhookId, page }));
}
