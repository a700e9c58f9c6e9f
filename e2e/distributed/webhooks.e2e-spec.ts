import type { LoggedInUser, WebhookSecret } from '@quire/proto';
import { ApiClient, startWebhookReceiver } from '@quire/testing';
import { describeWebhooksFlow, WEBHOOK_ENV, WEBHOOK_RECEIVER_HOST } from '../scenarios/webhooks.scenario';
import { describeDistributed, startDistributedSystem, type DistributedSystem } from '../src/distributed-system';
import { SYSTEM_ADMIN_PASSWORD } from '../src/embedded-system';

/**
 * Webhooks across processes: the owning services publish activities on JetStream, two webhook replicas follow them
 * (each sees every change) and add each delivery under one key to BullMQ on a real redis-server, so every event
 * reaches its receiver once.
 */
describeDistributed('webhooks, distributed', () => {
  let system: DistributedSystem;

  beforeAll(async () => {
    system = await startDistributedSystem({ services: ['auth', 'item', 'page', 'team', 'notice', 'admin', 'webhook'], replicas: { webhook: 2 }, env: WEBHOOK_ENV });
  }, 180_000);

  afterAll(async () => {
    await system?.stop();
  }, 60_000);

  it('runs two webhook replicas', () => {
    expect(system.replicas('webhook')).toHaveLength(2);
  });

  describeWebhooksFlow(() => system.target);

  it('delivers, once a replica is back, what happened while every webhook replica was down', async () => {
    const admin = new ApiClient(system.target.baseUrl);
    expect(await admin.post<LoggedInUser>('/api/user/login', { username: 'showdoc', password: SYSTEM_ADMIN_PASSWORD })).toMatchObject({ error_code: 0 });
    const receiver = await startWebhookReceiver(WEBHOOK_RECEIVER_HOST);
    try {
      expect(await admin.post<WebhookSecret>('/api/webhook/create', { item_id: 0, url: receiver.url, events: 'item.create' })).toMatchObject({ error_code: 0 });
      const [first, second] = system.replicas('webhook');
      await Promise.all([first.stop(), second.stop()]);

      expect(await admin.post('/api/item/add', { item_name: 'Made while nobody listened' })).toMatchObject({ error_code: 0 });
      await first.start();

      const [got] = await receiver.waitFor(1, 30_000);
      expect(got.body).toMatchObject({ event: 'item.create', target: { name: 'Made while nobody listened' } });
      await second.start();
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(receiver.received).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  }, 120_000);
});
