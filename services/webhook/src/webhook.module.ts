import { Module } from '@nestjs/common';
import { ItemClient } from './clients/item.client';
import { ActivityFollower } from './delivery/activity-follower';
import { DeliveryProcessor } from './delivery/delivery.processor';
import { DeliveryRepository } from './delivery/delivery.repository';
import { WebhookSender } from './delivery/webhook-sender';
import { WebhookController } from './hook/webhook.controller';
import { WebhookRepository } from './hook/webhook.repository';
import { WebhookService } from './hook/webhook.service';

/**
 * Webhooks (issue 20): an item's hooks (its owner's) and the site's (administrators'), collections `webhooks`
 * (URL and secret encrypted at rest) and `webhook_deliveries` (the last attempts of each hook). It follows the
 * ChangeFeed's `activity` topic and delivers each event as a job on the JobQueue. It imports no adapter: the
 * ports come from the global PlatformModule.
 */
@Module({
  controllers: [WebhookController],
  providers: [ItemClient, WebhookRepository, DeliveryRepository, WebhookSender, WebhookService, DeliveryProcessor, ActivityFollower],
})
export class WebhookModule {}
