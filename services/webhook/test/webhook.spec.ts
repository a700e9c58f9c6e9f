import { ChangeFeed, DocumentStore } from '@quire/platform';
import {
  ACTIVITY_TOPIC,
  type Activity,
  type Caller,
  type ChangeTopics,
  ErrorCode,
  JobName,
  parseJsonReply,
  Subject,
  type WebhookDeliveryPage,
  type WebhookDeliveryRow,
  type WebhookRow,
  type WebhookSecret,
  type WireParams,
} from '@quire/proto';
import { ChangeRecorder, type ContextApp, createContextApp, createUser, failure, hasValidSignature, startWebhookReceiver, type WebhookReceiver } from '@quire/testing';
import { AuthModule } from '../../auth/src/auth.module';
import { ItemModule } from '../../item/src/item.module';
import { ActivityFollower } from '../src/delivery/activity-follower';
import { WebhookModule } from '../src/webhook.module';

/** Receivers live on loopback addresses the test allows, as HTTP_PROXY_ALLOW_HOSTS allows them; 127.0.0.31 is not allowed. */
const ALLOWED = '127.0.0.30';
const REFUSED = '127.0.0.31';
/** When the activities of the tests happened: a minute ago (one older than a day is not delivered). */
const ACTED = Date.now() - 60_000;

describe('webhook service', () => {
  let ctx: ContextApp;
  let feed: ChangeFeed<ChangeTopics>;
  let admin: Caller;
  let owner: Caller;
  const receivers: WebhookReceiver[] = [];

  beforeAll(async () => {
    ctx = await createContextApp([WebhookModule, ItemModule, AuthModule], {
      env: { LANGUAGE: 'en', HTTP_PROXY_ALLOW_HOSTS: ALLOWED, WEBHOOK_RETRY_MS: '100', WEBHOOK_TIMEOUT_MS: '2000' },
      consumes: [JobName.DeliverWebhook],
    });
    feed = ctx.app.get(ChangeFeed);
    admin = await createUser(ctx.app, { groupid: 1 });
    owner = await createUser(ctx.app);
  });

  afterAll(async () => {
    await Promise.all(receivers.map((receiver) => receiver.close()));
    await ctx.close();
  });

  const send = <R = unknown>(subject: Subject, caller: Caller, params: WireParams = {}) => ctx.relay(subject, { caller, params }).then((reply) => parseJsonReply<R>(reply));
  const receiver = async (answer?: (nth: number) => number | 'reset') => {
    const started = await startWebhookReceiver(ALLOWED, answer);
    receivers.push(started);
    return started;
  };
  const newItem = async (by: Caller = owner) => (await send<{ item_id: number }>(Subject.ItemItemAdd, by, { item_name: 'Hooked' })).item_id;
  const create = (by: Caller, params: WireParams) => send<WebhookSecret>(Subject.WebhookHookCreate, by, params);
  const activity = (itemId: number, action: Activity['action'] = 'page.update', name = 'Intro'): Activity => ({
    action,
    actor: { uid: owner.uid, username: owner.username, ip: '203.0.113.9' },
    item_id: itemId,
    target: { type: 'page', id: '17', name },
    detail: { cat_id: 3 },
    time: ACTED,
  });

  it('delivers an event of the item once, signed with the secret shown at creation, in the documented shape', async () => {
    const itemId = await newItem();
    const hook = await receiver();
    const { webhook_id, secret } = await create(owner, { item_id: itemId, url: hook.url, events: 'page.update,page.create' });
    expect(secret).toMatch(/^whsec_[0-9a-f]{48}$/);

    await feed.publish(ACTIVITY_TOPIC, activity(itemId));
    const [got] = await hook.waitFor(1);

    expect(hasValidSignature(got, secret)).toBe(true);
    expect(hasValidSignature(got, 'whsec_other')).toBe(false);
    expect(got.headers).toMatchObject({ 'content-type': 'application/json', 'x-quire-event': 'page.update', 'x-quire-delivery': got.body.delivery_id });
    expect(got.body).toEqual({
      event: 'page.update',
      delivery_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      time: new Date(ACTED).toISOString(),
      actor: { uid: owner.uid, username: owner.username },
      item_id: itemId,
      target: { type: 'page', id: '17', name: 'Intro' },
      detail: { cat_id: 3 },
    });
    // An event the hook did not ask for, and one of another item, never arrive.
    await feed.publish(ACTIVITY_TOPIC, activity(itemId, 'member.add'));
    await feed.publish(ACTIVITY_TOPIC, activity(await newItem(), 'page.update'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(hook.received).toHaveLength(1);
    const log = await send<WebhookDeliveryPage>(Subject.WebhookHookDeliveries, owner, { webhook_id });
    expect(log).toMatchObject({ total: 1, page: 1, list: [{ event: 'page.update', attempt: 1, status: 204, ok: true, error: '' }] });
  });

  it('tries again after a 500 and a dropped connection, and delivers on the third attempt; the log shows each attempt', async () => {
    const itemId = await newItem();
    const hook = await receiver((nth) => (nth === 1 ? 500 : nth === 2 ? 'reset' : 200));
    const { webhook_id, secret } = await create(owner, { item_id: itemId, url: hook.url });

    await feed.publish(ACTIVITY_TOPIC, activity(itemId, 'comment.create'));
    const got = await hook.waitFor(3);

    expect(got.map((r) => r.body.delivery_id)).toEqual([got[0].body.delivery_id, got[0].body.delivery_id, got[0].body.delivery_id]);
    expect(got.every((r) => hasValidSignature(r, secret))).toBe(true);
    const settled = async () => (await send<WebhookDeliveryPage>(Subject.WebhookHookDeliveries, owner, { webhook_id })).list;
    for (let i = 0; i < 50 && (await settled()).length < 3; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    const log = await settled();
    expect(log.map((row) => [row.attempt, row.status, row.ok])).toEqual([
      [3, 200, true],
      [2, 0, false],
      [1, 500, false],
    ]);
    expect(log[1].error).toMatch(/could not reach 127\.0\.0\.30:\d+: ECONNRESET|socket hang up/);
    expect(log[2].error).toBe('The receiver answered HTTP 500');
    const [row] = await send<WebhookRow[]>(Subject.WebhookHookList, owner, { item_id: itemId });
    expect(row).toMatchObject({ last_status: 200, last_ok: true });
    expect(row).not.toHaveProperty('secret');
  });

  it("gives site-wide hooks every item's events and item hooks only their item's; a hook turned off gets none", async () => {
    const [first, second] = [await newItem(), await newItem(admin)];
    const site = await receiver();
    const ofFirst = await receiver();
    const off = await receiver();
    await create(admin, { item_id: 0, url: site.url });
    await create(owner, { item_id: first, url: ofFirst.url });
    await create(owner, { item_id: first, url: off.url, enabled: 0 });

    await feed.publish(ACTIVITY_TOPIC, activity(first, 'page.create', 'One'));
    await feed.publish(ACTIVITY_TOPIC, activity(second, 'catalog.delete', 'Two'));
    // Not a webhook event: the audit log's only.
    await feed.publish(ACTIVITY_TOPIC, { ...activity(0, 'user.login'), target: { type: 'user', id: '1', name: 'x' } });

    const siteGot = await site.waitFor(2);
    expect(siteGot.map((r) => [r.body.event, r.body.item_id])).toEqual([
      ['page.create', first],
      ['catalog.delete', second],
    ]);
    expect((await ofFirst.waitFor(1)).map((r) => r.body.event)).toEqual(['page.create']);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(ofFirst.received).toHaveLength(1);
    expect(site.received).toHaveLength(2);
    expect(off.received).toHaveLength(0);
  });

  it('does not deliver an activity older than a day (replayed after a long stop)', async () => {
    const itemId = await newItem();
    const hook = await receiver();
    await create(owner, { item_id: itemId, url: hook.url });

    await feed.publish(ACTIVITY_TOPIC, { ...activity(itemId, 'page.delete', 'Stale'), time: Date.now() - 25 * 60 * 60 * 1000 });
    await feed.publish(ACTIVITY_TOPIC, activity(itemId, 'page.delete', 'Fresh'));

    await hook.waitFor(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(hook.received.map((r) => (r.body.target as { name: string }).name)).toEqual(['Fresh']);
  });

  it('adds each delivery once when two replicas saw the same change (the job key is the change and the hook)', async () => {
    const itemId = await newItem();
    const hook = await receiver();
    await create(owner, { item_id: itemId, url: hook.url });
    const follower = ctx.app.get(ActivityFollower);
    const record = { ...activity(itemId, 'member.remove'), detail: {} };

    await Promise.all([follower.enqueue(900_001, record), follower.enqueue(900_001, record)]);

    await hook.waitFor(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(hook.received).toHaveLength(1);
  });

  it('sends a test ping now and answers the result; regenerating the secret signs with the new one only', async () => {
    const itemId = await newItem();
    const hook = await receiver((nth) => (nth === 1 ? 204 : 418));
    const { webhook_id, secret } = await create(owner, { item_id: itemId, url: hook.url });

    const ok = await send<WebhookDeliveryRow>(Subject.WebhookHookTest, owner, { webhook_id });
    expect(ok).toMatchObject({ event: 'ping', attempt: 1, status: 204, ok: true, error: '' });
    expect(hasValidSignature(hook.received[0], secret)).toBe(true);
    expect(hook.received[0].body).toMatchObject({ event: 'ping', item_id: itemId, actor: { uid: owner.uid }, target: { type: 'webhook', id: String(webhook_id) } });

    const renewed = await send<WebhookSecret>(Subject.WebhookHookRegenerateSecret, owner, { webhook_id });
    expect(renewed.secret).not.toBe(secret);
    const bad = await send<WebhookDeliveryRow>(Subject.WebhookHookTest, owner, { webhook_id });
    expect(bad).toMatchObject({ status: 418, ok: false, error: 'The receiver answered HTTP 418' });
    expect(hasValidSignature(hook.received[1], renewed.secret)).toBe(true);
    expect(hasValidSignature(hook.received[1], secret)).toBe(false);
  });

  it('keeps the newest 100 attempts of a hook, 20 a page, newest first', async () => {
    const itemId = await newItem();
    const hook = await receiver();
    const { webhook_id } = await create(owner, { item_id: itemId, url: hook.url });
    const results: WebhookDeliveryRow[] = [];
    for (let i = 0; i < 102; i++) results.push(await send<WebhookDeliveryRow>(Subject.WebhookHookTest, owner, { webhook_id }));

    const first = await send<WebhookDeliveryPage>(Subject.WebhookHookDeliveries, owner, { webhook_id });
    const last = await send<WebhookDeliveryPage>(Subject.WebhookHookDeliveries, owner, { webhook_id, page: 5 });

    expect(first).toMatchObject({ total: 100, page: 1, per_page: 20 });
    expect(first.list[0].delivery_id).toBe(results[101].delivery_id);
    expect(last.list).toHaveLength(20);
    expect(last.list[19].delivery_id).toBe(results[2].delivery_id);
    expect((await send<WebhookDeliveryPage>(Subject.WebhookHookDeliveries, owner, { webhook_id, page: 6 })).list).toEqual([]);
  });

  it('keeps the secret and the URL encrypted in the store', async () => {
    const itemId = await newItem();
    const hook = await receiver();
    const { webhook_id, secret } = await create(owner, { item_id: itemId, url: `${hook.url}?token=slack-like-1234` });

    const stored = await ctx.app.get(DocumentStore).collection<Record<string, unknown>>('webhooks').findOne({ webhook_id });

    expect(JSON.stringify(stored)).not.toContain(secret);
    expect(JSON.stringify(stored)).not.toContain('slack-like-1234');
    expect(stored?.secret).toMatch(/^enc:v1:/);
    const [row] = await send<WebhookRow[]>(Subject.WebhookHookList, owner, { item_id: itemId });
    expect(row.url).toBe(`${hook.url}?token=slack-like-1234`);
  });

  it('publishes its own changes as activities naming the host only, never the secret or the URL token', async () => {
    const itemId = await newItem();
    const hook = await receiver();
    const recorder = await ChangeRecorder.start<Activity>(ctx.app, ACTIVITY_TOPIC);
    let made: WebhookSecret | undefined;

    const published = await recorder.during(async () => {
      made = await create(owner, { item_id: itemId, url: `${hook.url}?token=hidden-77`, events: 'page.delete' });
      await send(Subject.WebhookHookRegenerateSecret, owner, { webhook_id: made.webhook_id });
      await send(Subject.WebhookHookDelete, owner, { webhook_id: made.webhook_id });
    });

    const host = new URL(hook.url).host;
    expect(published.map((activity) => [activity.action, activity.item_id, activity.target])).toEqual([
      ['webhook.create', itemId, { type: 'webhook', id: String(made?.webhook_id), name: host }],
      ['webhook.update', itemId, { type: 'webhook', id: String(made?.webhook_id), name: host }],
      ['webhook.delete', itemId, { type: 'webhook', id: String(made?.webhook_id), name: host }],
    ]);
    expect(published[0]).toMatchObject({ actor: { uid: owner.uid, username: owner.username }, detail: { events: 'page.delete', enabled: true } });
    expect(published[1].detail).toMatchObject({ secret_regenerated: true });
    expect(JSON.stringify(published)).not.toContain('hidden-77');
    expect(JSON.stringify(published)).not.toContain(made?.secret);
    // Not webhook events themselves: nothing is delivered for them.
    expect(hook.received).toEqual([]);
  });

  it('updates URL, events and the enabled flag; deletes with its log', async () => {
    const itemId = await newItem();
    const hook = await receiver();
    const { webhook_id } = await create(owner, { item_id: itemId, url: hook.url });

    const updated = await send<WebhookRow>(Subject.WebhookHookUpdate, owner, { webhook_id, events: ['member.add', 'member.add', 'page.delete'], enabled: 0 });
    expect(updated).toMatchObject({ webhook_id, url: hook.url, events: ['member.add', 'page.delete'], enabled: 0 });
    expect(await send<WebhookRow>(Subject.WebhookHookUpdate, owner, { webhook_id, events: '*', enabled: 'true' })).toMatchObject({ events: [], enabled: 1 });

    expect(await send(Subject.WebhookHookDelete, owner, { webhook_id })).toEqual([]);
    expect(await send(Subject.WebhookHookList, owner, { item_id: itemId })).toEqual([]);
    expect(await failure(send(Subject.WebhookHookTest, owner, { webhook_id }))).toEqual({ code: ErrorCode.Failed, key: 'webhook_not_found' });
  });

  it('refuses others: members and strangers of the item, non-administrators for site-wide hooks', async () => {
    const itemId = await newItem();
    const hook = await receiver();
    const { webhook_id } = await create(owner, { item_id: itemId, url: hook.url });
    const member = await createUser(ctx.app);
    await send(Subject.ItemMemberSave, owner, { item_id: itemId, username: member.username, member_group_id: 1 });
    const stranger = await createUser(ctx.app);

    expect(await failure(send(Subject.WebhookHookList, member, { item_id: itemId }))).toEqual({ code: ErrorCode.NoPermission, key: 'webhook_owner_only' });
    expect(await failure(create(member, { item_id: itemId, url: hook.url }))).toEqual({ code: ErrorCode.NoPermission, key: 'webhook_owner_only' });
    // A public item: strangers read it, and hear why they may not.
    expect(await failure(send(Subject.WebhookHookDelete, stranger, { webhook_id }))).toEqual({ code: ErrorCode.NoPermission, key: 'webhook_owner_only' });
    const locked = (await send<{ item_id: number }>(Subject.ItemItemAdd, owner, { item_name: 'Locked', password: 'visit-pw' })).item_id;
    expect(await failure(send(Subject.WebhookHookList, stranger, { item_id: locked }))).toEqual({ code: ErrorCode.NoPermission, key: 'no_permission' });
    expect(await failure(send(Subject.WebhookHookRegenerateSecret, member, { webhook_id }))).toEqual({ code: ErrorCode.NoPermission, key: 'webhook_owner_only' });
    expect(await failure(create(owner, { item_id: 0, url: hook.url }))).toEqual({ code: ErrorCode.NoPermission, key: 'webhook_site_admin_only' });
    // Administrators manage any item's hooks.
    expect((await send<WebhookRow[]>(Subject.WebhookHookList, admin, { item_id: itemId })).map((row) => row.webhook_id)).toEqual([webhook_id]);
  });

  it('refuses internal addresses the operator did not allow, and bad URLs and events, with readable errors', async () => {
    const itemId = await newItem();
    const refused = await failure(create(owner, { item_id: itemId, url: `http://${REFUSED}:8080/hook` }));
    expect(refused).toEqual({ code: ErrorCode.HttpProxyForbidden, key: 'http_proxy_forbidden_address' });
    expect(await failure(create(owner, { item_id: itemId, url: 'http://[::1]/x' }))).toEqual({ code: ErrorCode.HttpProxyForbidden, key: 'http_proxy_forbidden_address' });
    expect(await failure(create(owner, { item_id: itemId, url: 'ftp://example.com/' }))).toEqual({ code: ErrorCode.Failed, key: 'webhook_url_invalid' });
    expect(await failure(create(owner, { item_id: itemId, url: 'http://user:pw@example.com/' }))).toEqual({ code: ErrorCode.Failed, key: 'webhook_url_invalid' });
    expect(await failure(create(owner, { item_id: itemId, url: 'https://example.com/', events: 'page.update,user.login' }))).toEqual({
      code: ErrorCode.Failed,
      key: 'webhook_event_unknown',
    });
    expect(await failure(create(owner, { item_id: itemId }))).toEqual({ code: ErrorCode.Failed, key: 'param_required' });
    expect(await failure(send(Subject.WebhookHookUpdate, owner, { webhook_id: 0 }))).toEqual({ code: ErrorCode.Failed, key: 'param_required' });
  });
});
