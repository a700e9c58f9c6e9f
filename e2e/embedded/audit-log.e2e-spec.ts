import { DocumentStore } from '@quire/platform';
import type { AuditLogPage } from '@quire/proto';
import { ApiClient } from '@quire/testing';
import { describeAuditLog } from '../scenarios/audit-log.scenario';
import { startEmbeddedSystem, SYSTEM_ADMIN_PASSWORD, type EmbeddedSystem } from '../src/embedded-system';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('audit log, embedded', () => {
  let system: EmbeddedSystem;

  beforeAll(async () => {
    system = await startEmbeddedSystem();
  });

  afterAll(async () => {
    await system?.stop();
  });

  describeAuditLog({ target: () => system.target });

  it('removes the entries older than the retention setting when the scheduled purge runs', async () => {
    const admin = new ApiClient(system.target.baseUrl);
    expect((await admin.post('/api/user/login', { username: 'showdoc', password: SYSTEM_ADMIN_PASSWORD })).error_code).toBe(0);
    const entries = system.app.get(DocumentStore).collection('audit_entries');
    const old = (days: number, key: string) => ({
      entry_key: key,
      seq: 0,
      action: 'page.update',
      actor_uid: 1,
      actor_username: 'retired',
      actor_key: 'retired',
      ip: '192.0.2.1',
      item_id: 424_242,
      target_type: 'page',
      target_id: '1',
      target_name: 'Old',
      detail: {},
      time: Date.now() - days * DAY_MS,
    });
    await entries.insertMany([old(40, 'old-40-days'), old(10, 'old-10-days')]);
    const count = async () => ((await admin.post<AuditLogPage>('/api/admin/auditLog', { item_id: 424_242 })).data as AuditLogPage).total;
    expect(await count()).toBe(2);

    expect((await admin.post('/api/adminSetting/saveConfig', { audit_retention_days: '30' })).error_code).toBe(0);
    expect((await admin.request('/api/ScriptCron/run', { method: 'POST' })).status).toBe(200);
    for (const deadline = Date.now() + 5000; (await count()) !== 1 && Date.now() < deadline;) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await count()).toBe(1);
  });
});
