import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  CreateWebhookSchema,
  type Incoming,
  ListWebhookDeliveriesSchema,
  ListWebhooksSchema,
  parseParams,
  Subject,
  UpdateWebhookSchema,
  type WebhookDeliveryPage,
  type WebhookDeliveryRow,
  WebhookIdSchema,
  WebhookItemPurgeSchema,
  type WebhookRow,
  type WebhookSecret,
} from '@quire/proto';
import { Handles } from '../handles';
import { WebhookService } from './webhook.service';

@Controller()
export class WebhookController {
  constructor(private readonly webhooks: WebhookService) {}

  @Handles(Subject.WebhookHookCreate)
  create(@Payload() message: Incoming<typeof Subject.WebhookHookCreate>): Promise<WebhookSecret> {
    return this.webhooks.create(message.caller, parseParams(CreateWebhookSchema, message.params));
  }

  @Handles(Subject.WebhookHookList)
  list(@Payload() message: Incoming<typeof Subject.WebhookHookList>): Promise<WebhookRow[]> {
    return this.webhooks.list(message.caller, parseParams(ListWebhooksSchema, message.params).item_id);
  }

  @Handles(Subject.WebhookHookUpdate)
  update(@Payload() message: Incoming<typeof Subject.WebhookHookUpdate>): Promise<WebhookRow> {
    return this.webhooks.update(message.caller, parseParams(UpdateWebhookSchema, message.params));
  }

  @Handles(Subject.WebhookHookDelete)
  delete(@Payload() message: Incoming<typeof Subject.WebhookHookDelete>): Promise<never[]> {
    return this.webhooks.delete(message.caller, parseParams(WebhookIdSchema, message.params).webhook_id);
  }

  @Handles(Subject.WebhookHookRegenerateSecret)
  regenerateSecret(@Payload() message: Incoming<typeof Subject.WebhookHookRegenerateSecret>): Promise<WebhookSecret> {
    return this.webhooks.regenerateSecret(message.caller, parseParams(WebhookIdSchema, message.params).webhook_id);
  }

  @Handles(Subject.WebhookHookTest)
  test(@Payload() message: Incoming<typeof Subject.WebhookHookTest>): Promise<WebhookDeliveryRow> {
    return this.webhooks.test(message.caller, parseParams(WebhookIdSchema, message.params).webhook_id);
  }

  @Handles(Subject.WebhookHookDeliveries)
  deliveries(@Payload() message: Incoming<typeof Subject.WebhookHookDeliveries>): Promise<WebhookDeliveryPage> {
    const dto = parseParams(ListWebhookDeliveriesSchema, message.params);
    return this.webhooks.deliveriesOf(message.caller, dto.webhook_id, dto.page);
  }

  /** Internal: a purged item's hooks go, with their delivery logs. */
  @Handles(Subject.WebhookItemPurge)
  purgeItem(@Payload() message: Incoming<typeof Subject.WebhookItemPurge>): Promise<{ removed: number }> {
    return this.webhooks.purgeItem(parseParams(WebhookItemPurgeSchema, message.params).item_id);
  }
}
