import type { LoggedInUser, PageRow, WebhookDeliveryPage, WebhookDeliveryRow, WebhookRow, WebhookSecret } from '@quire/proto';
import { ApiClient, type ApiEnvelope, hasValidSignature, type ReceivedHook, startWebhookReceiver, type WebhookReceiver } from '@quire/testing';
import { SYSTEM_ADMIN_PASSWORD } from '../src/embedded-system';
import type { SystemTarget } from '../src/system-target';
import { registerUser } from './auth-flow.scenario';

/** The loopback address the receivers listen on: the system under test allows it (HTTP_PROXY_ALLOW_HOSTS), as the HTTP test tool's tests allow theirs. */
export const WEBHOOK_RECEIVER_HOST = '127.0.0.40';
/** What a system running this flow is started with: the receivers' address allowed, retries 200 ms apart. */
export const WEBHOOK_ENV = { HTTP_PROXY_ALLOW_HOSTS: WEBHOOK_RECEIVER_HOST, WEBHOOK_RETRY_MS: '200' };

function ok<T>(envelope: ApiEnvelope<T>): T {
  expect(envelope).toMatchObject({ error_code: 0 });
  return envelope.data as T;
}

const events = (hooks: ReceivedHook[]) => hooks.map((hook) => `${String(hook.body.event)} ${String((hook.body.target as { name: string }).name)}`);

/**
 * Webhooks through HTTP with real actions (a page saved, a member added, a comment written): each event reaches the
 * item's hook and the site's once, signed with the secret shown at creation; a receiver that fails twice gets it on
 * the third attempt; others may not manage the hooks, and internal addresses are refused.
 */
export function describeWebhooksFlow(target: () => SystemTarget): void {
  const suffix = String(Date.now() % 1_000_000);
  const receivers: WebhookReceiver[] = [];
  let admin: ApiClient;
  let owner: ApiClient;
  let member: ApiClient;
  let memberName: string;

  const receiver = async (answer?: (nth: number) => number | 'reset') => {
    const started = await startWebhookReceiver(WEBHOOK_RECEIVER_HOST, answer);
    receivers.push(started);
    return started;
  };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));

  beforeAll(async () => {
    admin = new ApiClient(target().baseUrl);
    ok(await admin.post<LoggedInUser>('/api/user/login', { username: 'showdoc', password: SYSTEM_ADMIN_PASSWORD }));
    owner = await registerUser(target(), `whowner${suffix}`, 'whowner-pass');
    memberName = `whmember${suffix}`;
    member = await registerUser(target(), memberName, 'whmember-pass');
  });

  afterAll(async () => {
    await Promise.all(receivers.map((r) => r.close()));
  });

  it("delivers each event of real actions once to the item's hook and to the site's, with a valid signature", async () => {
    const itemId = ok(await owner.post<{ item_id: number }>('/api/item/add', { item_name: 'Hooked handbook' })).item_id;
    const otherId = ok(await owner.post<{ item_id: number }>('/api/item/add', { item_name: 'Unhooked' })).item_id;
    const ofItem = await receiver();
    const ofSite = await receiver();
    const mine = ok(await owner.post<WebhookSecret>('/api/webhook/create', { item_id: itemId, url: ofItem.url, events: 'page.create,page.update,member.add,comment.create' }));
    const site = ok(await admin.post<WebhookSecret>('/api/webhook/create', { item_id: 0, url: ofSite.url }));
    // Shown once: never in the list.
    const listed = ok(await owner.post<WebhookRow[]>('/api/webhook/list', { item_id: itemId }));
    expect(listed).toEqual([expect.objectContaining({ webhook_id: mine.webhook_id, url: ofItem.url, enabled: 1 })]);
    expect(JSON.stringify(listed)).not.toContain(mine.secret);

    const page = ok(await owner.post<PageRow>('/api/page/save', { item_id: itemId, page_title: 'Onboarding', page_content: '# Day one' }));
    ok(await owner.post('/api/page/save', { item_id: itemId, page_id: page.page_id, page_title: 'Onboarding', page_content: '# Day one, again' }));
    ok(await owner.post('/api/member/save', { item_id: itemId, username: memberName, member_group_id: 0 }));
    ok(await member.post('/api/pageComment/add', { page_id: page.page_id, content: 'Looks good' }));
    ok(await owner.post('/api/page/save', { item_id: otherId, page_title: 'Elsewhere', page_content: 'x' }));

    const itemGot = await ofItem.waitFor(4, 20_000);
    const siteGot = await ofSite.waitFor(5, 20_000);
    await settle();
    expect(events(ofItem.received).sort()).toEqual(['comment.create Onboarding', `member.add ${memberName}`, 'page.create Onboarding', 'page.update Onboarding']);
    expect(events(ofSite.received).sort()).toEqual(
      ['comment.create Onboarding', 'page.create Elsewhere', 'page.create Onboarding', 'page.update Onboarding', `member.add ${memberName}`].sort(),
    );
    expect(itemGot.every((hook) => hasValidSignature(hook, mine.secret))).toBe(true);
    expect(siteGot.every((hook) => hasValidSignature(hook, site.secret))).toBe(true);
    expect(new Set(itemGot.map((hook) => hook.body.delivery_id)).size).toBe(4);
    const comment = itemGot.find((hook) => hook.body.event === 'comment.create') as ReceivedHook;
    expect(comment.headers).toMatchObject({ 'content-type': 'application/json', 'x-quire-event': 'comment.create', 'x-quire-delivery': comment.body.delivery_id });
    expect(comment.body).toMatchObject({ item_id: itemId, actor: { username: memberName }, target: { type: 'comment', name: 'Onboarding' } });
    expect(comment.body.actor).not.toHaveProperty('ip');

    const log = ok(await owner.post<WebhookDeliveryPage>('/api/webhook/deliveries', { webhook_id: mine.webhook_id }));
    expect(log.total).toBe(4);
    expect(log.list.every((row) => row.ok && row.status === 204 && row.attempt === 1)).toBe(true);
  });

  it('delivers on the third attempt to a receiver that answered 500, then dropped the connection', async () => {
    const itemId = ok(await owner.post<{ item_id: number }>('/api/item/add', { item_name: 'Flaky' })).item_id;
    const flaky = await receiver((nth) => (nth === 1 ? 500 : nth === 2 ? 'reset' : 200));
    const hook = ok(await owner.post<WebhookSecret>('/api/webhook/create', { item_id: itemId, url: flaky.url, events: 'page.create' }));

    ok(await owner.post('/api/page/save', { item_id: itemId, page_title: 'Retry me', page_content: 'x' }));

    const got = await flaky.waitFor(3, 20_000);
    await settle();
    expect(flaky.received).toHaveLength(3);
    expect(new Set(got.map((r) => r.body.delivery_id)).size).toBe(1);
    expect(got.every((r) => hasValidSignature(r, hook.secret))).toBe(true);
    const log = ok(await owner.post<WebhookDeliveryPage>('/api/webhook/deliveries', { webhook_id: hook.webhook_id }));
    expect(log.list.map((row) => [row.attempt, row.status, row.ok])).toEqual([
      [3, 200, true],
      [2, 0, false],
      [1, 500, false],
    ]);
  });

  it('sends a test now; a member without the right and a private address are refused', async () => {
    const itemId = ok(await owner.post<{ item_id: number }>('/api/item/add', { item_name: 'Tested' })).item_id;
    ok(await owner.post('/api/member/save', { item_id: itemId, username: memberName, member_group_id: 1 }));
    const ping = await receiver();
    const hook = ok(await owner.post<WebhookSecret>('/api/webhook/create', { item_id: itemId, url: ping.url }));

    const result = ok(await owner.post<WebhookDeliveryRow>('/api/webhook/test', { webhook_id: hook.webhook_id }));
    expect(result).toMatchObject({ event: 'ping', status: 204, ok: true });
    expect(ping.received.map((r) => r.body.event)).toEqual(['ping']);
    expect(hasValidSignature(ping.received[0], hook.secret)).toBe(true);

    expect(await member.post('/api/webhook/list', { item_id: itemId })).toMatchObject({ error_code: 10103, error_message: 'Only the owner of the item may manage its webhooks' });
    expect(await member.post('/api/webhook/test', { webhook_id: hook.webhook_id })).toMatchObject({ error_code: 10103 });
    expect(await owner.post('/api/webhook/create', { item_id: 0, url: ping.url })).toMatchObject({ error_code: 10103, error_message: 'Only an administrator may manage site-wide webhooks' });
    expect(await owner.post('/api/webhook/create', { item_id: itemId, url: 'http://127.0.0.41:9/hook' })).toMatchObject({ error_code: 10461 });
    expect(await owner.post('/api/webhook/create', { item_id: itemId, url: 'http://169.254.169.254/latest' })).toMatchObject({ error_code: 10461 });
    expect(await owner.post('/api/webhook/create', { item_id: itemId, url: 'gopher://example.com/' })).toMatchObject({ error_code: 10101 });
  });
}
