import type { PageRow } from '@quire/proto';
import { ApiClient, type ApiEnvelope } from '@quire/testing';
import { administrator, parseCsv, settled } from '../scenarios/audit-log.scenario';
import { describeDistributed, startDistributedSystem, type DistributedSystem } from '../src/distributed-system';

function ok<T>(envelope: ApiEnvelope<T>): T {
  expect(envelope).toMatchObject({ error_code: 0 });
  return envelope.data as T;
}

/**
 * The audit service as processes of its own: two replicas follow the JetStream change feed (each sees every
 * change) and share one document store, yet a page save is recorded once; a replica that was down catches up.
 */
describeDistributed('audit log, distributed with two audit replicas', () => {
  let system: DistributedSystem;

  beforeAll(async () => {
    system = await startDistributedSystem({ services: ['auth', 'item', 'page', 'admin', 'audit'], replicas: { audit: 2 } });
  }, 120_000);

  afterAll(async () => {
    await system?.stop();
  }, 60_000);

  it('records a page save and a failed login once, with actor, address and target', async () => {
    const admin = await administrator(system.target);
    const itemId = ok(await admin.post<{ item_id: number }>('/api/item/add', { item_type: 1, item_name: 'Replicated' })).item_id;
    const page = ok(await admin.post<PageRow>('/api/page/save', { item_id: itemId, page_title: 'Saved once', page_content: 'hello' }));
    expect((await new ApiClient(system.target.baseUrl).post('/api/user/login', { username: 'nobody-here', password: 'guess' })).error_code).not.toBe(0);

    const saves = await settled(admin, { action: 'page.create', item_id: itemId });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await settled(admin, { action: 'page.create', item_id: itemId })).toHaveLength(1);
    expect(saves[0]).toMatchObject({ actor_username: 'showdoc', target_type: 'page', target_id: String(page.page_id), target_name: 'Saved once', ip: expect.stringMatching(/127\.0\.0\.1/) });
    const failed = await settled(admin, { action: 'user.login_failed', username: 'nobody-here' });
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ actor_uid: 0, target_name: 'nobody-here' });
  });

  it('a replica stopped while pages are saved records them once it is back (the other one meanwhile too, once)', async () => {
    const admin = await administrator(system.target);
    const [first, second] = system.replicas('audit');
    await second.stop();
    await first.stop();
    const itemId = ok(await admin.post<{ item_id: number }>('/api/item/add', { item_type: 1, item_name: 'While away' })).item_id;
    ok(await admin.post('/api/page/save', { item_id: itemId, page_title: 'Saved while away', page_content: 'x' }));
    await Promise.all([first.start(), second.start()]);
    await settled(admin, { item_id: itemId }, 30_000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await settled(admin, { item_id: itemId })).map((entry) => entry.action).sort()).toEqual(['item.create', 'page.create']);
  });

  it('downloads the CSV through the gateway from the storage the audit service wrote it to', async () => {
    const admin = await administrator(system.target);
    const response = await admin.request('/api/admin/auditLogCsv?action=page.create');
    expect(response.status).toBe(200);
    const [header, ...rows] = parseCsv(response.body.toString('utf8').slice(1));
    expect(header[1]).toBe('action');
    expect(rows.map((row) => row[8]).sort()).toEqual(['Saved once', 'Saved while away']);
  });
});
