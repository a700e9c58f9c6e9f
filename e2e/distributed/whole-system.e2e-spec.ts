import * as fs from 'node:fs';
import { ApiClient, type QuireProcess } from '@quire/testing';
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
    const itemId = (await client.post<{ item_id: number }>('/api/item/add', { item_type: 1, item_name: 'Spread' })).data?.item_id as number;
    const pageId = (await client.post<{ page_id: number }>('/api/page/save', { item_id: itemId, page_title: 'Shared', page_content: 'one store' })).data?.page_id as number;
    const replicas = system.replicas('page');
    const before = replicas.map(cpuTicks);
    // NATS hands each read to one replica or the other; each sees what the other wrote. A cached
    // read costs a replica a tenth of a millisecond: enough of them that each one's work shows.
    for (let i = 0; i < 1000; i += 10) {
      const reads = await Promise.all(Array.from({ length: 10 }, () => client.post<{ page_content: string }>('/api/page/info', { page_id: pageId })));
      for (const read of reads) expect(read).toMatchObject({ error_code: 0, data: { page_content: 'one store' } });
    }
    const worked = replicas.map((replica, i) => cpuTicks(replica) - before[i]);
    expect(worked.every((ticks) => ticks >= 3)).toBe(true);
  });

  it('answers every read with the last acknowledged save, whichever replica cached the page before', async () => {
    const client = new ApiClient(system.target.baseUrl);
    expect((await client.post('/api/user/login', { username: 'showdoc', password: 'admin-pass' })).error_code).toBe(0);
    const itemId = (await client.post<{ item_id: number }>('/api/item/add', { item_type: 1, item_name: 'Fresh reads' })).data?.item_id as number;
    const pageId = (await client.post<{ page_id: number }>('/api/page/save', { item_id: itemId, page_title: 'Draft', page_content: 'version 0' })).data?.page_id as number;
    for (let version = 1; version <= 10; version++) {
      // Both replicas read (and keep) the current version, then one of them saves the next.
      await Promise.all(Array.from({ length: 6 }, () => client.post('/api/page/info', { page_id: pageId })));
      const saved = await client.post('/api/page/save', { item_id: itemId, page_id: pageId, page_title: 'Draft', page_content: `version ${version}` });
      expect(saved.error_code).toBe(0);
      const reads = await Promise.all(Array.from({ length: 6 }, () => client.post<{ page_content: string }>('/api/page/info', { page_id: pageId })));
      expect(reads.map((read) => read.data?.page_content)).toEqual(Array(6).fill(`version ${version}`));
    }
  });
});

/** CPU time (1/100 s ticks) a process has used, from /proc (Linux). */
function cpuTicks(app: QuireProcess): number {
  const fields = fs.readFileSync(`/proc/${app.pid()}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]);
}
