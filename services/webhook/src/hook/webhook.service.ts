import { randomBytes, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ChangeFeed } from '@quire/platform';
import {
  ACTIVITY_TOPIC,
  activityOf,
  ADMIN_GROUP,
  AppError,
  type Caller,
  type ChangeTopics,
  type CreateWebhookDto,
  ErrorCode,
  nowSeconds,
  type UpdateWebhookDto,
  WEBHOOK_DELIVERIES_PER_PAGE,
  WEBHOOK_PING_EVENT,
  type WebhookBody,
  type WebhookDeliveryPage,
  type WebhookDeliveryRow,
  type WebhookRow,
  type WebhookSecret,
} from '@quire/proto';
import { ItemClient } from '../clients/item.client';
import type { DeliveryEntity } from '../delivery/delivery.entity';
import { DeliveryRepository } from '../delivery/delivery.repository';
import { WebhookSender } from '../delivery/webhook-sender';
import type { WebhookEntity } from './webhook.entity';
import { WebhookRepository } from './webhook.repository';

/** A new secret: 192 random bits, with a prefix that tells what it is when it turns up in a config file. */
const newSecret = (): string => `whsec_${randomBytes(24).toString('hex')}`;

/**
 * The rules of webhooks: an item's hooks are its owner's (administrators may manage them too), the site's
 * (`item_id` 0) administrators' only; a URL must lead to an address the guard allows; the secret is shown when it
 * is made and never again. Changes to hooks are published as activities (`webhook.create|update|delete`).
 */
@Injectable()
export class WebhookService {
  constructor(
    private readonly hooks: WebhookRepository,
    private readonly deliveries: DeliveryRepository,
    private readonly sender: WebhookSender,
    private readonly items: ItemClient,
    private readonly feed: ChangeFeed<ChangeTopics>,
  ) {}

  async create(caller: Caller, dto: CreateWebhookDto): Promise<WebhookSecret> {
    await this.mayManage(caller, dto.item_id);
    await this.checkUrl(dto.url);
    const hook = await this.hooks.create({
      item_id: dto.item_id,
      url: dto.url,
      events: dto.events,
      enabled: dto.enabled,
      secret: newSecret(),
      creator_uid: caller.uid,
      creator_username: caller.username,
      addtime: nowSeconds(),
      last_delivery_time: 0,
      last_status: 0,
      last_ok: false,
    });
    await this.published(caller, 'webhook.create', hook);
    return { webhook_id: hook.webhook_id, secret: hook.secret };
  }

  async list(caller: Caller, itemId: number): Promise<WebhookRow[]> {
    await this.mayManage(caller, itemId);
    return (await this.hooks.listOfItem(itemId)).map(toRow);
  }

  async update(caller: Caller, dto: UpdateWebhookDto): Promise<WebhookRow> {
    const hook = await this.managed(caller, dto.webhook_id);
    if (dto.url !== undefined && dto.url !== hook.url) await this.checkUrl(dto.url);
    const changes = {
      ...(dto.url === undefined ? {} : { url: dto.url }),
      ...(dto.events === undefined ? {} : { events: dto.events }),
      ...(dto.enabled === undefined ? {} : { enabled: dto.enabled }),
    };
    const updated = (await this.hooks.update(hook.webhook_id, changes)) ?? notFound();
    await this.published(caller, 'webhook.update', updated);
    return toRow(updated);
  }

  async delete(caller: Caller, webhookId: number): Promise<never[]> {
    const hook = await this.managed(caller, webhookId);
    if (!(await this.hooks.delete(webhookId))) notFound();
    await this.deliveries.deleteOfHook(webhookId);
    await this.published(caller, 'webhook.delete', hook);
    return [];
  }

  /** Removes every hook of a purged item and their delivery logs; answers how many hooks went. */
  async purgeItem(itemId: number): Promise<{ removed: number }> {
    const hooks = await this.hooks.listOfItem(itemId);
    for (const hook of hooks) {
      await this.hooks.delete(hook.webhook_id);
      await this.deliveries.deleteOfHook(hook.webhook_id);
    }
    return { removed: hooks.length };
  }

  async regenerateSecret(caller: Caller, webhookId: number): Promise<WebhookSecret> {
    const hook = await this.managed(caller, webhookId);
    const updated = (await this.hooks.update(hook.webhook_id, { secret: newSecret() })) ?? notFound();
    await this.published(caller, 'webhook.update', updated, { secret_regenerated: true });
    return { webhook_id: updated.webhook_id, secret: updated.secret };
  }

  /** Sends a `ping` now (once, even to a hook turned off) and answers how it went; the attempt joins the delivery log. */
  async test(caller: Caller, webhookId: number): Promise<WebhookDeliveryRow> {
    const hook = await this.managed(caller, webhookId);
    const body: WebhookBody = {
      event: WEBHOOK_PING_EVENT,
      delivery_id: randomUUID(),
      time: new Date().toISOString(),
      actor: { uid: caller.uid, username: caller.username },
      item_id: hook.item_id,
      target: { type: 'webhook', id: String(hook.webhook_id), name: new URL(hook.url).host },
      detail: {},
    };
    return toDeliveryRow(await this.attempt(hook, body, 1));
  }

  async deliveriesOf(caller: Caller, webhookId: number, page: number): Promise<WebhookDeliveryPage> {
    await this.managed(caller, webhookId);
    const { total, list } = await this.deliveries.page(webhookId, page, WEBHOOK_DELIVERIES_PER_PAGE);
    return { total, page, per_page: WEBHOOK_DELIVERIES_PER_PAGE, list: list.map(toDeliveryRow) };
  }

  /** One POST of a body to a hook, recorded in its log and on the hook. */
  async attempt(hook: WebhookEntity, body: WebhookBody, attempt: number): Promise<DeliveryEntity> {
    const time = nowSeconds();
    const outcome = await this.sender.send(hook.url, hook.secret, body);
    const [recorded] = await Promise.all([
      this.deliveries.add({ webhook_id: hook.webhook_id, delivery_id: body.delivery_id, event: body.event, time, attempt, ...outcome }),
      this.hooks.recordAttempt(hook.webhook_id, time, outcome.status, outcome.ok),
    ]);
    return recorded;
  }

  /** Site-wide hooks: administrators; an item's: its owner or an administrator. Others get the contract's 10103. */
  private async mayManage(caller: Caller, itemId: number): Promise<void> {
    if (!caller || caller.uid <= 0) throw new AppError(ErrorCode.NotLoggedIn, 'not_logged_in');
    if (caller.groupid === ADMIN_GROUP) {
      if (itemId > 0 && !(await this.items.access(caller, itemId)).exists) throw new AppError(ErrorCode.NoPermission, 'no_permission');
      return;
    }
    if (itemId === 0) throw new AppError(ErrorCode.NoPermission, 'webhook_site_admin_only');
    const access = await this.items.access(caller, itemId);
    if (!access.exists || !access.creator) throw new AppError(ErrorCode.NoPermission, access.visit ? 'webhook_owner_only' : 'no_permission');
  }

  /** A hook the caller may manage (webhook_not_found when there is none). */
  private async managed(caller: Caller, webhookId: number): Promise<WebhookEntity> {
    const hook = (await this.hooks.findById(webhookId)) ?? notFound();
    await this.mayManage(caller, hook.item_id);
    return hook;
  }

  private async checkUrl(url: string): Promise<void> {
    const refusal = await this.sender.refusal(url);
    if (!refusal) return;
    const code = refusal.key === 'http_proxy_forbidden_address' ? ErrorCode.HttpProxyForbidden : ErrorCode.HttpProxyFailed;
    throw new AppError(code, refusal.key, refusal.params);
  }

  /** The activity of a change to a hook: its host only (a URL's path or query may hold a token), never its secret. */
  private async published(caller: Caller, action: 'webhook.create' | 'webhook.update' | 'webhook.delete', hook: WebhookEntity, detail: Record<string, boolean> = {}): Promise<void> {
    const events = hook.events.length === 0 ? '*' : hook.events.join(',');
    await this.feed.publishAfterCommit(
      ACTIVITY_TOPIC,
      activityOf(caller, action, hook.item_id, { type: 'webhook', id: hook.webhook_id, name: new URL(hook.url).host }, { events, enabled: hook.enabled === 1, ...detail }),
    );
  }
}

function notFound(): never {
  throw AppError.failed('webhook_not_found');
}

/** A hook as `webhook/list` shows it: everything but its secret. */
function toRow({ secret: _secret, ...row }: WebhookEntity): WebhookRow {
  return row;
}

function toDeliveryRow({ id: _id, webhook_id: _hook, ...row }: DeliveryEntity): WebhookDeliveryRow {
  return row;
}
