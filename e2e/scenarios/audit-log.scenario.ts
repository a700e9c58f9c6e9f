import type { AuditEntryRow, AuditLogPage, CatalogRow, CreatedShareLink, MemberListEntry, PageRow, RecycleBin, StartedExport } from '@quire/proto';
import { ApiClient, type ApiEnvelope } from '@quire/testing';
import { SYSTEM_ADMIN_PASSWORD } from '../src/embedded-system';
import type { SystemTarget } from '../src/system-target';
import { registerUser } from './auth-flow.scenario';

function ok<T>(envelope: ApiEnvelope<T>): T {
  expect(envelope).toMatchObject({ error_code: 0 });
  return envelope.data as T;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A small OpenAPI document, for the import. */
const OPENAPI = JSON.stringify({
  openapi: '3.0.0',
  info: { title: 'Audited API', version: '1' },
  paths: { '/ping': { get: { summary: 'Ping', responses: { '200': { description: 'pong' } } } } },
});

/** Parses CSV text (RFC 4180: quoted cells, doubled quotes, line breaks inside quotes). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || (c === '\r' && text[i + 1] === '\n')) {
      if (c === '\r') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

export interface AuditLogTarget {
  target: () => SystemTarget;
}

/** The administrator's session, logged in as the seeded `showdoc` account. */
export async function administrator(target: SystemTarget): Promise<ApiClient> {
  const admin = new ApiClient(target.baseUrl);
  ok(await admin.post('/api/user/login', { username: 'showdoc', password: SYSTEM_ADMIN_PASSWORD }));
  return admin;
}

/**
 * The entries matching `filters`, once at least one is there, checked again a moment later: an entry recorded twice
 * (two audit replicas both writing it) would show up by then.
 */
export async function settled(admin: ApiClient, filters: Record<string, string | number>, timeoutMs = 30_000): Promise<AuditEntryRow[]> {
  const read = async () => ok(await admin.post<AuditLogPage>('/api/admin/auditLog', { count: 100, ...filters })).entries;
  for (const deadline = Date.now() + timeoutMs; ; await sleep(100)) {
    if ((await read()).length > 0) break;
    if (Date.now() > deadline) throw new Error(`no audit entry for ${JSON.stringify(filters)} within ${timeoutMs} ms`);
  }
  await sleep(300);
  return read();
}

/**
 * Every audited action done once through HTTP, each leaving exactly one entry with its actor, address, target and
 * time; a failed login names the user tried; an item's owner reads their item's entries only; the administrator's
 * log refuses others and downloads as CSV.
 */
export function describeAuditLog({ target }: AuditLogTarget): void {
  const suffix = String(Date.now() % 1_000_000);
  const started = Math.floor(Date.now() / 1000) - 1;
  let admin: ApiClient;
  let owner: ApiClient;
  let ownerName: string;
  let memberName: string;
  let member: ApiClient;
  let itemId: number;
  let page: PageRow;

  const register = async (prefix: string): Promise<{ client: ApiClient; username: string }> => ({
    client: await registerUser(target(), `${prefix}${suffix}`, `${prefix}-pass`),
    username: `${prefix}${suffix}`,
  });

  /** Exactly one entry of `action` by `actor` (in `item`, when given), recorded with the caller's address and a time of this run. */
  const one = async (action: string, actor: string, extra: Record<string, string | number> = {}): Promise<AuditEntryRow> => {
    const entries = await settled(admin, { action, username: actor, ...extra });
    expect(entries.map((entry) => `${entry.action} by ${entry.actor_username}`)).toEqual([`${action} by ${actor}`]);
    const [entry] = entries;
    expect(entry.ip).toMatch(/127\.0\.0\.1/);
    expect(entry.time).toBeGreaterThanOrEqual(started);
    expect(entry.time).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 1);
    return entry;
  };

  beforeAll(async () => {
    admin = await administrator(target());
    ({ client: owner, username: ownerName } = await register('aowner'));
    ({ client: member, username: memberName } = await register('amember'));
  });

  it('records registration, login, a failed login with the name tried, logout and a password change', async () => {
    expect(await one('user.register', ownerName)).toMatchObject({ item_id: 0, target_type: 'user', target_name: ownerName });
    ok(await owner.post('/api/user/logout'));
    ok(await owner.post('/api/user/login', { username: ownerName, password: 'aowner-pass' }));
    expect((await owner.post('/api/user/login', { username: `ghost${suffix}`, password: 'guess' })).error_code).not.toBe(0);
    ok(await owner.post('/api/user/resetPassword', { password: 'aowner-pass', new_password: 'aowner-pass2' }));

    expect(await one('user.logout', ownerName)).toMatchObject({ target_type: 'user', target_name: ownerName });
    expect(await one('user.login', ownerName)).toMatchObject({ target_type: 'user' });
    expect(await one('user.login_failed', `ghost${suffix}`)).toMatchObject({ actor_uid: 0, target_type: 'user', target_name: `ghost${suffix}` });
    expect(await one('user.password_change', ownerName)).toMatchObject({ target_type: 'user' });
  });

  it('records item, page, catalog, member, comment, share link, export and import writes once each, with their target', async () => {
    itemId = ok(await owner.post<{ item_id: number }>('/api/item/add', { item_type: 1, item_name: 'Audited handbook' })).item_id;
    ok(await owner.post('/api/item/update', { item_id: itemId, item_name: 'Audited handbook 2', password: 'visit-secret' }));
    page = ok(await owner.post<PageRow>('/api/page/save', { item_id: itemId, page_title: 'Onboarding', page_content: '# Day one' }));
    ok(await owner.post('/api/page/save', { item_id: itemId, page_id: page.page_id, page_title: 'Onboarding', page_content: '# Day one, again' }));
    ok(await owner.post('/api/page/delete', { page_id: page.page_id }));
    ok(await owner.post('/api/recycle/recover', { item_id: itemId, page_id: page.page_id }));
    const catalog = ok(await owner.post<CatalogRow>('/api/catalog/save', { item_id: itemId, cat_name: 'Guides' }));
    ok(await owner.post('/api/catalog/save', { item_id: itemId, cat_id: catalog.cat_id, cat_name: 'How-to guides' }));
    ok(await owner.post('/api/catalog/delete', { item_id: itemId, cat_id: catalog.cat_id }));
    const bin = ok(await owner.post<RecycleBin>('/api/recycle/getBin', { item_id: itemId }));
    ok(await owner.post('/api/recycle/restore', { item_id: itemId, kind: 'catalog', id: bin.catalogs[0].id }));
    ok(await owner.post('/api/member/save', { item_id: itemId, username: memberName, member_group_id: 1 }));
    const comment = ok(await member.post<{ comment_id: number }>('/api/pageComment/add', { page_id: page.page_id, content: 'Nice' }));
    ok(await owner.post('/api/pageComment/delete', { comment_id: comment.comment_id }));
    const link = ok(await owner.post<CreatedShareLink>('/api/share/create', { item_id: itemId, page_id: page.page_id, password: 'letmein' }));
    ok(await owner.post('/api/share/revoke', { share_key: link.share_key }));
    const exported = ok(await owner.post<StartedExport>('/api/export/start', { item_id: itemId, format: 'markdown' }));
    const members = ok(await owner.post<MemberListEntry[]>('/api/member/getList', { item_id: itemId }));
    ok(await owner.post('/api/member/delete', { item_id: itemId, item_member_id: members[0].item_member_id }));
    const form = new FormData();
    form.append('item_id', String(itemId));
    form.append('file', new Blob([OPENAPI]), 'audited.json');
    ok((await owner.request('/api/importSwagger/import', { method: 'POST', body: form })).json<ApiEnvelope<{ item_id: number }>>());

    const inItem = { item_id: itemId };
    expect(await one('item.create', ownerName, inItem)).toMatchObject({ target_type: 'item', target_id: String(itemId), target_name: 'Audited handbook' });
    const updated = await one('item.update', ownerName, inItem);
    expect(updated.detail).toEqual({ fields: 'item_name,password' });
    expect(JSON.stringify(updated)).not.toContain('visit-secret');
    expect(await one('page.create', ownerName, inItem)).toMatchObject({ target_type: 'page', target_id: String(page.page_id), target_name: 'Onboarding' });
    expect(await one('page.update', ownerName, inItem)).toMatchObject({ target_id: String(page.page_id) });
    expect(await one('page.delete', ownerName, inItem)).toMatchObject({ target_id: String(page.page_id) });
    expect(await one('page.restore', ownerName, inItem)).toMatchObject({ target_id: String(page.page_id) });
    expect(await one('catalog.create', ownerName, inItem)).toMatchObject({ target_type: 'catalog', target_id: String(catalog.cat_id), target_name: 'Guides' });
    expect(await one('catalog.update', ownerName, inItem)).toMatchObject({ target_name: 'How-to guides' });
    expect(await one('catalog.delete', ownerName, inItem)).toMatchObject({ target_id: String(catalog.cat_id) });
    expect(await one('catalog.restore', ownerName, inItem)).toMatchObject({ target_id: String(catalog.cat_id) });
    expect(await one('member.add', ownerName, inItem)).toMatchObject({ target_type: 'member', target_name: memberName, detail: { member_group_id: 1 } });
    expect(await one('member.remove', ownerName, inItem)).toMatchObject({ target_type: 'member', target_name: memberName });
    expect(await one('comment.create', memberName, inItem)).toMatchObject({ target_type: 'comment', target_id: String(comment.comment_id) });
    expect(await one('comment.delete', ownerName, inItem)).toMatchObject({ target_id: String(comment.comment_id) });
    const shared = await one('share.create', ownerName, inItem);
    expect(shared).toMatchObject({ target_type: 'share_link', target_id: `${link.share_key.slice(0, 6)}…`, detail: { scope: 'page', password: true } });
    expect(JSON.stringify(shared)).not.toContain(link.share_key);
    expect(JSON.stringify(shared)).not.toContain('letmein');
    expect(await one('share.revoke', ownerName, inItem)).toMatchObject({ target_id: `${link.share_key.slice(0, 6)}…` });
    expect(await one('export.create', ownerName, inItem)).toMatchObject({ target_type: 'export', target_id: exported.job_id, detail: { format: 'markdown' } });
    expect(await one('import.create', ownerName, inItem)).toMatchObject({ target_type: 'import', target_name: 'audited.json', detail: { kind: 'api', pages: 1 } });
  });

  it('records page writes by the open API (its author, no user) and the single-page links of ShowDoc', async () => {
    const scripted = ok(await owner.post<{ item_id: number }>('/api/item/add', { item_type: 1, item_name: 'Scripted' })).item_id;
    const key = ok(await owner.post<{ api_key: string; api_token: string }>('/api/item/getKey', { item_id: scripted }));
    const script = new ApiClient(target().baseUrl);
    const credentials = { api_key: key.api_key, api_token: key.api_token, cat_name: 'API', page_title: 'GET /ping' };
    const created = ok(await script.post<PageRow>('/api/item/updateByApi', { ...credentials, page_content: 'v1' }));
    ok(await script.post<PageRow>('/api/item/updateByApi', { ...credentials, page_content: 'v2' }));
    const single = ok(await owner.post<{ unique_key: string }>('/api/page/createSinglePage', { page_id: created.page_id, isCreateSiglePage: 'true' }));
    ok(await owner.post('/api/page/createSinglePage', { page_id: created.page_id, isCreateSiglePage: 'false' }));

    const inItem = { item_id: scripted };
    for (const action of ['page.create', 'page.update']) {
      const entries = await settled(admin, { action, ...inItem });
      expect(entries).toHaveLength(1);
      const [entry] = entries;
      expect(entry).toMatchObject({ actor_uid: 0, target_id: String(created.page_id), target_name: 'GET /ping', detail: { via: 'open_api' } });
      expect(entry.ip).toMatch(/127\.0\.0\.1/);
    }
    expect(await one('share.create', ownerName, inItem)).toMatchObject({ target_id: `${single.unique_key.slice(0, 6)}…`, detail: { legacy: true } });
    expect(await one('share.revoke', ownerName, inItem)).toMatchObject({ target_id: `page ${created.page_id}` });
  });

  it('records the settings changed (names only), users added, changed and deleted by the administrator', async () => {
    ok(await admin.post('/api/adminSetting/saveConfig', { register_open: '1', audit_retention_days: '400' }));
    const added = ok(await admin.post<{ uid: number; username: string }>('/api/adminUser/addUser', { username: `temp${suffix}`, password: 'temp-pass' }));
    ok(await admin.post('/api/adminUser/changePassword', { uid: added.uid, new_password: 'temp-pass2' }));
    ok(await admin.post('/api/adminUser/deleteUser', { uid: added.uid }));

    const setting = await one('setting.update', 'showdoc');
    expect(String(setting.detail.names).split(',')).toContain('audit_retention_days');
    expect(JSON.stringify([setting.target_id, setting.target_name, setting.detail])).not.toContain('400');
    for (const [action, change] of [
      ['admin.user_add', 'add'],
      ['admin.user_update', 'password'],
      ['admin.user_delete', 'delete'],
    ] as const) {
      const entries = (await settled(admin, { action, username: 'showdoc' })).filter((entry) => entry.target_name === `temp${suffix}`);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ target_type: 'user', target_id: String(added.uid), detail: { change } });
    }
  });

  it('records a hand-over, archiving and deleting an item, by whoever did it', async () => {
    const handed = ok(await owner.post<{ item_id: number }>('/api/item/add', { item_type: 1, item_name: 'Handed over' })).item_id;
    ok(await owner.post('/api/item/attorn', { item_id: handed, username: memberName, password: 'aowner-pass2' }));
    ok(await member.post('/api/item/archive', { item_id: handed, password: 'amember-pass' }));
    ok(await member.post('/api/item/delete', { item_id: handed, password: 'amember-pass' }));

    expect(await one('item.transfer', ownerName, { item_id: handed })).toMatchObject({ detail: { from_username: ownerName, to_username: memberName } });
    expect(await one('item.archive', memberName, { item_id: handed })).toMatchObject({ target_name: 'Handed over' });
    expect(await one('item.delete', memberName, { item_id: handed })).toMatchObject({ target_name: 'Handed over' });
  });

  it("shows an item's owner the entries of their item only; others get the contract's errors", async () => {
    const mine = ok(await owner.post<AuditLogPage>('/api/item/auditLog', { item_id: itemId, count: 100 }));
    expect(mine.total).toBeGreaterThanOrEqual(18);
    expect(mine.entries.every((entry) => entry.item_id === itemId)).toBe(true);
    expect(mine.entries.map((entry) => entry.action)).toContain('page.create');

    const stranger = await register('astranger');
    expect(await stranger.client.post('/api/item/auditLog', { item_id: itemId })).toEqual({ error_code: 10103, error_message: "Only the item's owner can read its activity" });
    expect(await owner.post('/api/admin/auditLog', {})).toEqual({ error_code: 10103, error_message: 'No permissions' });
    expect((await owner.get('/api/admin/auditLogCsv')).error_code).toBe(10103);
    expect((await new ApiClient(target().baseUrl).post('/api/admin/auditLog', {})).error_code).toBe(10102);
    expect(await admin.post('/api/admin/auditLog', { date_from: '26-11-2026' })).toEqual({ error_code: 10101, error_message: 'The date date_from must be written as YYYY-MM-DD' });
  });

  it('downloads the filtered log as CSV that parses back, with formula-like cells defused', async () => {
    ok(await owner.post('/api/page/save', { item_id: itemId, page_title: '=HYPERLINK("http://evil")', page_content: 'x' }));
    await settled(admin, { action: 'page.create', item_id: itemId, username: ownerName });
    await sleep(500);
    const response = await admin.request(`/api/admin/auditLogCsv?item_id=${itemId}&action=page.create`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"/);
    const text = response.body.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = parseCsv(text.slice(1));
    expect(header).toEqual(['time', 'action', 'actor_uid', 'actor', 'ip', 'item_id', 'target_type', 'target_id', 'target', 'detail']);
    expect(rows.map((row) => [row[1], row[3], row[5], row[8]])).toEqual([
      ['page.create', ownerName, String(itemId), `'=HYPERLINK("http://evil")`],
      ['page.create', ownerName, String(itemId), 'Onboarding'],
    ]);
    expect(rows[0][0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });
}
