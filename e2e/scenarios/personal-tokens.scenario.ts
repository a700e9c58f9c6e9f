import type { CreatedToken, TokenRow } from '@quire/proto';
import { ApiClient, type ApiEnvelope } from '@quire/testing';
import { SYSTEM_ADMIN_PASSWORD } from '../src/embedded-system';
import type { SystemTarget } from '../src/system-target';
import { solveCaptcha } from './auth-flow.scenario';

function ok<T>(envelope: ApiEnvelope<T>): T {
  expect(envelope).toMatchObject({ error_code: 0 });
  return envelope.data as T;
}

/** A new user registered through the API (captcha solved from the store), and a client holding their session. */
export async function registerAccount(target: SystemTarget, prefix: string): Promise<{ client: ApiClient; username: string }> {
  const client = new ApiClient(target.baseUrl);
  const username = `${prefix}${Date.now() % 1_000_000}`;
  const vCode = await solveCaptcha(target, client);
  ok(await client.post('/api/user/register', { username, password: 'pass-1234', confirm_password: 'pass-1234', v_code: vCode }));
  return { client, username };
}

/** Calls made with `Authorization: Bearer <token>` and no cookie, as a script makes them. */
export class BearerClient {
  private readonly http: ApiClient;

  constructor(
    baseUrl: string,
    private readonly token: string,
  ) {
    this.http = new ApiClient(baseUrl);
  }

  async post<T = unknown>(path: string, params: Record<string, string | number> = {}): Promise<ApiEnvelope<T>> {
    const body = new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();
    const response = await this.http.request(path, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${this.token}` },
    });
    return response.json<ApiEnvelope<T>>();
  }
}

/**
 * Personal API tokens (issue 21) over HTTP: made in a session and shown once, listed without the token and with
 * their last use, accepted as `Authorization: Bearer` on the API with exactly the owner's rights narrowed by the
 * scope, refused for credential management, and dead at once when revoked or when their owner is deleted.
 */
export function describePersonalTokens(system: () => SystemTarget): void {
  let owner: ApiClient;
  let ownerName: string;
  let itemId: number;
  let pageId: number;

  const register = (prefix: string) => registerAccount(system(), prefix);
  const create = async (params: Record<string, string | number>, client = owner): Promise<CreatedToken> =>
    ok(await client.post<CreatedToken>('/api/token/create', { name: 'ci', scope: 'read', expire_days: 30, ...params }));
  const list = async (client = owner): Promise<TokenRow[]> => ok(await client.post<TokenRow[]>('/api/token/list'));
  const bearer = (token: string) => new BearerClient(system().baseUrl, token);

  beforeAll(async () => {
    const registered = await register('tokens');
    owner = registered.client;
    ownerName = registered.username;
    itemId = ok(await owner.post<{ item_id: number }>('/api/item/add', { item_type: 1, item_name: 'Runbooks', password: 'members-only' })).item_id;
    pageId = ok(await owner.post<{ page_id: number }>('/api/page/save', { item_id: itemId, page_title: 'Restart', page_content: 'Turn it off and on' })).page_id;
  });

  it('shows a new token once and lists it by name, scope, prefix and expiry, never the token itself', async () => {
    const before = Math.floor(Date.now() / 1000);
    const created = await create({ name: 'Nightly backup', scope: 'read', expire_days: 7 });
    expect(created.token).toMatch(/^qpat_[A-Za-z0-9_-]{40}$/);
    const rows = await list();
    const row = rows.find((r) => r.id === created.id);
    expect(row).toMatchObject({ name: 'Nightly backup', scope: 'read', prefix: created.token.slice(0, 9), last_used_time: 0, expired: false });
    expect(row!.expire_time - row!.addtime).toBe(7 * 24 * 3600);
    expect(row!.addtime).toBeGreaterThanOrEqual(before);
    expect(JSON.stringify(rows)).not.toContain(created.token);
  });

  it('a read token reads what its owner may read, refuses every write and changes nothing', async () => {
    const { token } = await create({ scope: 'read' });
    const script = bearer(token);
    const items = ok(await script.post<{ item_id: number; item_name: string }[]>('/api/item/myList'));
    expect(items.map((item) => item.item_name)).toEqual(['Runbooks']);
    expect(ok(await script.post<{ page_content: string }>('/api/page/info', { page_id: pageId })).page_content).toBe('Turn it off and on');
    expect(ok(await script.post<{ username: string }>('/api/user/info')).username).toBe(ownerName);

    const refused = await script.post('/api/page/save', { item_id: itemId, page_id: pageId, page_title: 'Restart', page_content: 'rewritten' });
    expect(refused).toMatchObject({ error_code: 10103, error_message: expect.stringContaining('may only read') });
    expect(await script.post('/api/item/add', { item_name: 'Sneaky' })).toMatchObject({ error_code: 10103 });
    expect(ok(await owner.post<{ page_content: string }>('/api/page/info', { page_id: pageId })).page_content).toBe('Turn it off and on');
    expect(ok(await owner.post<unknown[]>('/api/item/myList'))).toHaveLength(1);
  });

  it('a write token writes as its owner, and no further than the owner may', async () => {
    const { token } = await create({ name: 'deploy', scope: 'write' });
    const script = bearer(token);
    const saved = ok(await script.post<{ page_id: number }>('/api/page/save', { item_id: itemId, page_title: 'Deploy', page_content: 'ship it' }));
    const page = ok(await owner.post<{ page_content: string; author_username: string }>('/api/page/info', { page_id: saved.page_id }));
    expect(page).toMatchObject({ page_content: 'ship it', author_username: ownerName });

    const other = await register('stranger');
    const theirs = ok(await other.client.post<{ item_id: number }>('/api/item/add', { item_name: 'Private', password: 'keep-out' })).item_id;
    const refused = await script.post('/api/page/save', { item_id: theirs, page_title: 'Intruder', page_content: 'x' });
    expect(refused.error_code).not.toBe(0);
    expect(ok(await other.client.post<{ menu: { pages: unknown[] } }>('/api/item/info', { item_id: theirs })).menu.pages).toEqual([]);
  });

  it('a token cannot make tokens, list them or change the password: those need a session', async () => {
    const { token } = await create({ scope: 'write' });
    const script = bearer(token);
    const rowsBefore = await list();
    for (const [path, params] of [
      ['/api/token/create', { name: 'escalate', scope: 'write', expire_days: 0 }],
      ['/api/token/list', {}],
      ['/api/token/revoke', { id: rowsBefore[0].id }],
      ['/api/user/resetPassword', { password: 'pass-1234', new_password: 'taken-over-1' }],
    ] as const) {
      expect(await script.post(path, params)).toMatchObject({ error_code: 10103, error_message: expect.stringContaining('sign in to do this') });
    }
    expect(await list()).toEqual(rowsBefore);
  });

  it("an administrator's token cannot change single sign-on or reset someone's second factor: those need a session", async () => {
    const admin = new ApiClient(system().baseUrl);
    ok(await admin.post('/api/user/login', { username: 'showdoc', password: SYSTEM_ADMIN_PASSWORD }));
    const script = bearer(ok(await admin.post<CreatedToken>('/api/token/create', { name: 'admin-script', scope: 'write', expire_days: 1 })).token);
    const uid = ok(await owner.post<{ uid: number }>('/api/user/info')).uid;
    for (const [path, params] of [
      ['/api/adminOidc/save', { enabled: 1, issuer: 'https://sso.attacker.example', client_id: 'quire', client_secret: 'x' }],
      ['/api/adminUser/resetTwoFactor', { uid }],
    ] as const) {
      expect(await script.post(path, params)).toMatchObject({ error_code: 10103, error_message: expect.stringContaining('sign in to do this') });
    }
    expect(ok(await admin.post<{ issuer: string }>('/api/adminOidc/load')).issuer).not.toBe('https://sso.attacker.example');
  });

  it('keeps the last use of a token', async () => {
    const created = await create({});
    const before = Math.floor(Date.now() / 1000);
    ok(await bearer(created.token).post('/api/item/myList'));
    let row: TokenRow | undefined;
    for (let i = 0; i < 50 && !row?.last_used_time; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      row = (await list()).find((r) => r.id === created.id);
    }
    expect(row!.last_used_time).toBeGreaterThanOrEqual(before);
  });

  it('a revoked token stops at once with a message that says so; revoking twice or another user’s token is refused', async () => {
    const created = await create({ scope: 'write' });
    const script = bearer(created.token);
    ok(await script.post('/api/item/myList'));

    const other = await register('thief');
    expect(await other.client.post('/api/token/revoke', { id: created.id })).toMatchObject({ error_code: 10101, error_message: expect.stringContaining('does not exist') });
    ok(await script.post('/api/item/myList'));

    ok(await owner.post('/api/token/revoke', { id: created.id }));
    expect(await script.post('/api/item/myList')).toMatchObject({ error_code: 10102, error_message: expect.stringContaining('revoked') });
    expect(await script.post('/api/page/info', { page_id: pageId })).toMatchObject({ error_code: 10102 });
    expect((await list()).map((r) => r.id)).not.toContain(created.id);
    expect(await owner.post('/api/token/revoke', { id: created.id })).toMatchObject({ error_code: 10101 });
    expect(await bearer('qpat_made-up-token-that-never-existed-0000').post('/api/item/myList')).toMatchObject({ error_code: 10102, error_message: expect.stringContaining('never existed') });
  });

  it('refuses bad input with a message naming the parameter and makes no token', async () => {
    const before = await list();
    expect(await owner.post('/api/token/create', { name: 'x', scope: 'admin', expire_days: 7 })).toMatchObject({ error_code: 10101, error_message: expect.stringContaining('scope') });
    expect(await owner.post('/api/token/create', { name: 'x', scope: 'read', expire_days: 99999 })).toMatchObject({
      error_code: 10101,
      error_message: expect.stringContaining('expire_days'),
    });
    expect(await owner.post('/api/token/create', { name: '   ', scope: 'read', expire_days: 7 })).toMatchObject({ error_code: 10101, error_message: expect.stringContaining('name') });
    expect(await owner.post('/api/token/create', { name: 'x'.repeat(61), scope: 'read', expire_days: 7 })).toMatchObject({ error_code: 10101 });
    expect(await owner.post('/api/token/revoke', { id: 'abc' })).toMatchObject({ error_code: 10101, error_message: expect.stringContaining('id') });
    expect(await new ApiClient(system().baseUrl).post('/api/token/create', { name: 'anon', scope: 'read', expire_days: 7 })).toMatchObject({ error_code: 10102 });
    expect(await list()).toEqual(before);
  });

  it('a token never expires with expire_days 0, and dies with its owner', async () => {
    const doomed = await register('leaver');
    const created = await create({ scope: 'read', expire_days: 0 }, doomed.client);
    expect((await list(doomed.client)).find((r) => r.id === created.id)).toMatchObject({ expire_time: 0, expired: false });
    const script = bearer(created.token);
    ok(await script.post('/api/item/myList'));

    const admin = new ApiClient(system().baseUrl);
    ok(await admin.post('/api/user/login', { username: 'showdoc', password: SYSTEM_ADMIN_PASSWORD }));
    const uid = ok(await doomed.client.post<{ uid: number }>('/api/user/info')).uid;
    ok(await admin.post('/api/adminUser/deleteUser', { uid }));
    expect(await script.post('/api/item/myList')).toMatchObject({ error_code: 10102 });
  });
}

/** The token's own budget per minute (the system runs with TOKEN_RATE_LIMIT_PER_MINUTE=`limit`). */
export function describePersonalTokenRateLimit(system: () => SystemTarget, limit: number): void {
  it(`refuses the calls of a token past ${limit} a minute with 10429, other tokens and sessions unaffected`, async () => {
    const owner = new ApiClient(system().baseUrl);
    ok(await owner.post('/api/user/login', { username: 'showdoc', password: SYSTEM_ADMIN_PASSWORD }));
    const busy = new BearerClient(system().baseUrl, ok(await owner.post<CreatedToken>('/api/token/create', { name: 'busy', scope: 'read', expire_days: 1 })).token);
    const calm = new BearerClient(system().baseUrl, ok(await owner.post<CreatedToken>('/api/token/create', { name: 'calm', scope: 'read', expire_days: 1 })).token);
    for (let i = 0; i < limit; i++) ok(await busy.post('/api/item/myList'));
    expect(await busy.post('/api/item/myList')).toMatchObject({ error_code: 10429, error_message: expect.stringContaining('API token') });
    ok(await calm.post('/api/item/myList'));
    ok(await owner.post('/api/item/myList'));
  });
}
