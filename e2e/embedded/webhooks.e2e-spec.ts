import { describeWebhooksFlow, WEBHOOK_ENV } from '../scenarios/webhooks.scenario';
import { startEmbeddedSystem, type EmbeddedSystem } from '../src/embedded-system';

/** Webhooks in one process: the in-process change feed and job queue, receivers started by the test. */
describe('webhooks, embedded', () => {
  let system: EmbeddedSystem;

  beforeAll(async () => {
    system = await startEmbeddedSystem(WEBHOOK_ENV);
  });

  afterAll(async () => {
    await system?.stop();
  });

  describeWebhooksFlow(() => system.target);
});
