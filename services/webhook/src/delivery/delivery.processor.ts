import { Injectable } from '@nestjs/common';
import { type JobContext, OnJob } from '@quire/platform';
import { JobName, type WebhookJobPayload } from '@quire/proto';
import { WebhookRepository } from '../hook/webhook.repository';
import { WebhookService } from '../hook/webhook.service';

/**
 * Works on `webhook.deliver` jobs: one POST per attempt, recorded in the hook's delivery log; anything but a 2xx
 * answer throws, so the queue tries again after its backoff (WEBHOOK_ATTEMPTS in all). A hook deleted or turned off
 * since the event is skipped.
 */
@Injectable()
export class DeliveryProcessor {
  constructor(
    private readonly hooks: WebhookRepository,
    private readonly webhooks: WebhookService,
  ) {}

  @OnJob(JobName.DeliverWebhook)
  async deliver(job: JobContext<WebhookJobPayload>): Promise<{ status: number; skipped?: true }> {
    const hook = await this.hooks.findById(job.data.webhook_id);
    if (!hook || hook.enabled !== 1) return { status: 0, skipped: true };
    const attempt = await this.webhooks.attempt(hook, job.data.body, job.attempt);
    if (!attempt.ok) throw new Error(attempt.error);
    return { status: attempt.status };
  }
}
