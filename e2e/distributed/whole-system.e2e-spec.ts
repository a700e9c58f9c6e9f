import { ApiClient } from '@quire/testing';
import { describeAuthFlow } from '../scenarios/auth-flow.scenario';
import { describeCollaborationFlow } from '../scenarios/collaboration.scenario';
import { describeContentFlow } from '../scenarios/content.scenario';
import { ALL_SERVICES, describeDistributed, startDistributedSystem, type DistributedSystem } from '../src/distributed-system';

/**
 * The whole backend distributed, as Compose or Kubernetes runs it: the gateway and all seven
 * services as OS processes over nats-server, redis-server (sessions, BullMQ), an S3 server
 * (files) and, for the two page replicas in the 'page' queue group, a shared MongoDB-protocol
 * document store. The same scenarios as the embedded suites, unchanged.
 */
describeDistributed('the whole backend, distributed with two page replicas', () => {
  let system: DistributedSystem;

  beforeAll(async () => {
    system = await startDistributedSystem({ services: ALL_SERVICES, replicas: { page: 2 }, s3: true, env: { RATE_LIMIT_PER_MINUTE: '1000' } });
  }, 120_000);

  afterAll(async () => {
    await system?.stop();
  }, 60_000);

  describe('auth', () => describeAuthFlow(() => system.target));
  describe('content', () => describeContentFlow(() => system.target));
  describe('collaboration and export', () => describeCollaborationFlow(() => system.target));

  it('shares the page reads and writes between both replicas of the queue group', async () => {
    const client = new ApiClient(system.target.baseUrl);
    expect((await client.post('/api/user/login', { username: 'showdoc', password: 'admin-pass' })).error_code).toBe(0);
    const itemId = (await client.post<{ item_id: number }>('/api/item/add', { item_type: 1, item_name: 'Spread' })).data?.item_id;
    const before = system.servers.mongo?.commands() ?? 0;
    const saved = await client.post<{ page_id: number }>('/api/page/save', { item_id: itemId, page_title: 'Shared', page_content: 'one store' });
    // Every read lands on one replica or the other; each sees what the other wrote.
    for (let i = 0; i < 20; i++) {
      const read = await client.post<{ page_content: string }>('/api/page/info', { page_id: saved.data?.page_id });
      expect(read).toMatchObject({ error_code: 0, data: { page_content: 'one store' } });
    }
    expect((system.servers.mongo?.commands() ?? 0) - before).toBeGreaterThan(20);
    expect(system.replicas('page').map((replica) => replica.output())).toEqual([expect.stringMatching(/service ready/), expect.stringMatching(/service ready/)]);
  });
});
