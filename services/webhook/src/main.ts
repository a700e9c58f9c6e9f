import 'reflect-metadata';
import { runService } from '@quire/platform';
import { appErrors, JobName } from '@quire/proto';
import { WebhookModule } from './webhook.module';

/** The webhook service as its own process: NATS queue group 'webhook', its deliveries on the JobQueue (BullMQ). */
runService('webhook', WebhookModule, { consumes: [JobName.DeliverWebhook], errors: appErrors });
