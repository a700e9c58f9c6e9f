import { ChangeFeed, DocumentStore } from '@quire/platform';
import { ACTIVITY_TOPIC, type Activity, type AuditLogPage, type Caller, type ChangeTopics, ErrorCode, parseJsonReply, type Reply, Subject, type WireParams } from '@quire/proto';
import { type ContextApp, createContextApp, createUser, failure } from '@quire/testing';
import { AdminModule } from '../../admin/src/admin.module';
import { ItemModule } from '../../item/src/item.module';
import { AuditModule } from '../src/audit.module';
import { AuditEntryRepository } from '../src/entry/audit-entry.repository';
import { AuditRecorder } from '../src/entry/audit-recorder';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('audit service', () => {
  let ctx: ContextApp;
  let feed: ChangeFeed<ChangeTopics>;
  let admin: Caller;
  let owner: Caller;
  let stranger: Caller;

  beforeAll(async () => {
    ctx = await createContextApp([AuditModule, ItemModule, AdminModule], { env: { LANGUAGE: 'en' } });
    feed = ctx.app.get(ChangeFeed);
    admin = await createUser(ctx.app, { groupid: 1 });
    owner = await createUser(ctx.app, { username: 'Ada' });
    stranger = await createUser(ctx.app);
  });

  afterAll(async () => {
    await ctx?.close();
  });

  const send = <R = unknown>(subject: Subject, caller: Caller, params: WireParams = {}) => ctx.relay(subject, { caller, params }).then((reply) => parseJsonReply<R>(reply));
  const list = (params: WireParams = {}) => send<AuditLogPage>(Subject.AuditLogList, admin, params);
  const newItem = async () => (await send<{ item_id: number }>(Subject.ItemItemAdd, owner, { item_name: 'Audited' })).item_id;
  const activity = (overrides: Partial<Activity> = {}): Activity => ({
    action: 'page.update',
    actor: { uid: owner.uid, username: owner.username, ip: '203.0.113.9' },
    item_id: 0,
    target: { type: 'page', id: '17', name: 'Intro' },
    detail: {},
    time: Date.now(),
    ...overrides,
  });
  /** Every activity published so far is in the log. */
  const recorded = async () => {
    await feed.caughtUp();
    await ctx.app.get(AuditRecorder).flush();
  };
  const publish = async (...activities: Activity[]) => {
    for (const one of activities) await feed.publish(ACTIVITY_TOPIC, one);
    await recorded();
  };

  it('records a published activity once, with actor, address, target and time, even when two replicas follow the feed', async () => {
    const second = new AuditRecorder(feed, ctx.app.get(AuditEntryRepository));
    await second.onApplicationBootstrap();
    try {
      const time = Date.now();
      await publish(activity({ item_id: 999_001, time, target: { type: 'page', id: '17', name: 'Twice followed' }, detail: { cat_id: 3 } }));
      await second.flush();
      const page = await list({ item_id: 999_001 });
      expect(page.total).toBe(1);
      expect(page.entries[0]).toMatchObject({
        action: 'page.update',
        actor_uid: owner.uid,
        actor_username: 'Ada',
        ip: '203.0.113.9',
        item_id: 999_001,
        target_type: 'page',
        target_id: '17',
        target_name: 'Twice followed',
        detail: { cat_id: 3 },
        time: Math.floor(time / 1000),
      });
      expect(page.entries[0].addtime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    } finally {
      await second.onModuleDestroy();
    }
  });

  it('records a burst of activities, more than one batch, each once', async () => {
    await Promise.all(Array.from({ length: 1200 }, (_, n) => feed.publish(ACTIVITY_TOPIC, activity({ item_id: 999_006, target: { type: 'page', id: String(n), name: `Burst ${n}` } }))));
    await recorded();
    const page = await list({ item_id: 999_006, count: 100, page: 12 });
    expect(page.total).toBe(1200);
    expect(new Set((await list({ item_id: 999_006, count: 100 })).entries.map((entry) => entry.target_id)).size).toBe(100);
  });

  it('records the activities the owning services publish (an item made by its owner)', async () => {
    const itemId = await newItem();
    await recorded();
    const page = await list({ item_id: itemId });
    expect(page.entries.map((entry) => [entry.action, entry.actor_username, entry.target_name])).toEqual([['item.create', 'Ada', 'Audited']]);
  });

  it('filters by actor (case-insensitive, exact), action or subject, item and days, newest first, in pages', async () => {
    const base = Date.now() - 3 * DAY_MS;
    await publish(
      activity({ item_id: 999_002, action: 'page.create', time: base }),
      activity({ item_id: 999_002, action: 'page.delete', time: base + DAY_MS }),
      activity({ item_id: 999_002, action: 'catalog.create', time: base + 2 * DAY_MS, actor: { uid: stranger.uid, username: stranger.username, ip: '198.51.100.4' } }),
    );
    const all = await list({ item_id: 999_002 });
    expect(all.entries.map((entry) => entry.action)).toEqual(['catalog.create', 'page.delete', 'page.create']);
    expect((await list({ item_id: 999_002, username: 'ADA' })).entries.map((entry) => entry.action)).toEqual(['page.delete', 'page.create']);
    expect((await list({ item_id: 999_002, username: 'Ad' })).total).toBe(0);
    expect((await list({ item_id: 999_002, action: 'page' })).total).toBe(2);
    expect((await list({ item_id: 999_002, action: 'page.delete' })).total).toBe(1);
    const day = (ms: number) => {
      const d = new Date(ms);
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    };
    expect((await list({ item_id: 999_002, date_from: day(base + DAY_MS), date_to: day(base + DAY_MS) })).entries.map((entry) => entry.action)).toEqual(['page.delete']);
    const second = await list({ item_id: 999_002, page: 2, count: 2 });
    expect(second).toMatchObject({ total: 3, page: 2, count: 2 });
    expect(second.entries.map((entry) => entry.action)).toEqual(['page.create']);
  });

  it('refuses bad filters with readable messages', async () => {
    expect(await failure(list({ action: 'page.explode' }))).toEqual({ code: ErrorCode.Failed, key: 'audit_action_unknown' });
    expect(await failure(list({ date_from: '2026-13-01' }))).toEqual({ code: ErrorCode.Failed, key: 'audit_date_invalid' });
    expect(await failure(list({ count: 1000 }))).toEqual({ code: ErrorCode.Failed, key: 'param_out_of_range' });
  });

  it("answers an item's owner its entries only, refuses others, and keeps the whole log for administrators", async () => {
    const itemId = await newItem();
    await publish(activity({ item_id: itemId, action: 'share.create', target: { type: 'share_link', id: 'abc123…', name: 'item' } }), activity({ item_id: 999_003 }));
    const mine = await send<AuditLogPage>(Subject.AuditLogItem, owner, { item_id: itemId });
    expect(mine.entries.map((entry) => entry.action)).toEqual(['share.create', 'item.create']);
    expect(mine.entries.every((entry) => entry.item_id === itemId)).toBe(true);
    expect(await failure(send(Subject.AuditLogItem, stranger, { item_id: itemId }))).toEqual({ code: ErrorCode.NoPermission, key: 'audit_item_denied' });
    expect(await failure(send(Subject.AuditLogList, owner))).toEqual({ code: ErrorCode.NoPermission, key: 'no_permission' });
    expect((await send<AuditLogPage>(Subject.AuditLogItem, admin, { item_id: itemId })).total).toBe(2);
  });

  it('writes the CSV download to storage with the same filters', async () => {
    await publish(activity({ item_id: 999_004, target: { type: 'page', id: '5', name: '=cmd|calc' } }));
    const reply = await send<Reply>(Subject.AuditLogCsv, admin, { item_id: 999_004 });
    expect(reply.blob).toMatchObject({ key: `exports/audit/admin-${admin.uid}.csv`, contentType: 'text/csv; charset=utf-8', inline: false });
    expect(reply.blob?.filename).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
  });

  it('removes the entries older than the retention the administrator set (365 days when unset)', async () => {
    const now = Date.now();
    await publish(activity({ item_id: 999_005, time: now - 400 * DAY_MS }), activity({ item_id: 999_005, time: now - 40 * DAY_MS }), activity({ item_id: 999_005, time: now - DAY_MS }));
    expect(await send(Subject.AuditMaintenancePurge, admin)).toEqual({ entries: 1 });
    expect((await list({ item_id: 999_005 })).total).toBe(2);
    await send(Subject.AdminSettingSave, admin, { register_open: '1', audit_retention_days: '30' });
    expect(await send(Subject.AuditMaintenancePurge, admin)).toEqual({ entries: 1 });
    expect((await list({ item_id: 999_005 })).total).toBe(1);
    // The retention setting change itself is in the log, by name only.
    await recorded();
    const settings = await list({ action: 'setting.update' });
    expect(settings.entries[0].detail.names).toContain('audit_retention_days');
  });

  it('keeps its entries append-only: the store holds one row per change', async () => {
    const rows = await ctx.app.get(DocumentStore).collection<{ entry_key: string }>('audit_entries').find({});
    expect(new Set(rows.map((row) => row.entry_key)).size).toBe(rows.length);
  });
});
