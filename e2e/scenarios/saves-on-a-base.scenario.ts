import { createHash } from 'node:crypto';
import type { EditConflictData, PageHistoryRow, PageInfo, PageRow } from '@quire/proto';
import { ApiClient, type ApiEnvelope } from '@quire/testing';
import type { SystemTarget } from '../src/system-target';
import { solveCaptcha } from './auth-flow.scenario';

const sha = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

function ok<T>(envelope: ApiEnvelope<T>): T {
  expect(envelope).toMatchObject({ error_code: 0 });
  return envelope.data as T;
}

/** A runbook two people opened at the same time. */
const BASE = ['# Deploy <prod>', '', '1. Build the image.', '2. Push it & tag it.', '3. Roll out.', '', '## Rollback', '', 'Redeploy the previous tag.', ''].join('\n');

/**
 * Conflict-safe saves (issue 18): `page/info` answers `content_hash`, `page/save` takes the
 * `base_hash` the edit started from; saves on an old base merge when their lines do not overlap and
 * answer 10409 with both versions when they do. Scripts that send no base keep last-writer-wins.
 * Through HTTP, as scripts and editors call it; runs unchanged against every target.
 */
export function describeSavesOnABase(target: () => SystemTarget): void {
  let owner: ApiClient;
  let colleague: ApiClient;
  let itemId: number;

  const register = async (prefix: string): Promise<{ client: ApiClient; username: string }> => {
    const client = new ApiClient(target().baseUrl);
    const username = `${prefix}${Date.now() % 1_000_000}`;
    const vCode = await solveCaptcha(target(), client);
    ok(await client.post('/api/user/register', { username, password: 'base-pass', confirm_password: 'base-pass', v_code: vCode }));
    return { client, username };
  };

  const info = async (pageId: number): Promise<PageInfo> => ok(await owner.post<PageInfo>('/api/page/info', { page_id: pageId }));
  const saveOn = (client: ApiClient, pageId: number, content: string, base: string, path = '/api/page/save') =>
    client.post<PageRow>(path, { item_id: itemId, page_id: pageId, page_title: 'Deploy', page_content: content, base_hash: base });
  const newPage = async (): Promise<PageRow> =>
    ok(await owner.post<PageRow>('/api/page/save', { item_id: itemId, page_title: 'Deploy', page_content: encodeURIComponent(BASE), is_urlencode: 1 }));

  beforeAll(async () => {
    ({ client: owner } = await register('baseowner'));
    const joined = await register('basecolleague');
    colleague = joined.client;
    itemId = ok(await owner.post<{ item_id: number }>('/api/item/add', { item_type: 1, item_name: 'Runbooks' })).item_id;
    ok(await owner.post('/api/member/save', { item_id: itemId, username: joined.username, member_group_id: 1 }));
  });

  it('answers content_hash, the SHA-256 of the Markdown as saved, and saves on the current hash', async () => {
    const page = await newPage();
    const read = await info(page.page_id);
    expect(read.page_content).toContain('Push it &amp; tag it.');
    expect(read.content_hash).toBe(sha(BASE));

    const next = BASE.replace('3. Roll out.', '3. Roll out to 10%, then to all.');
    ok(await saveOn(colleague, page.page_id, next, read.content_hash));
    expect((await info(page.page_id)).content_hash).toBe(sha(next));
  });

  it('keeps both edits when two clients save from the same base on different lines, and history has both versions', async () => {
    const page = await newPage();
    const base = (await info(page.page_id)).content_hash;
    const ownerEdit = BASE.replace('# Deploy <prod>', '# Deploy <prod> (v2)');
    const colleagueEdit = BASE.replace('Redeploy the previous tag.', 'Redeploy the previous tag, then page the on-call.');
    ok(await saveOn(owner, page.page_id, ownerEdit, base));
    const saved = ok(await saveOn(colleague, page.page_id, colleagueEdit, base));

    const merged = ownerEdit.replace('Redeploy the previous tag.', 'Redeploy the previous tag, then page the on-call.');
    expect(saved.page_content).toBe(merged.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'));
    expect((await info(page.page_id)).content_hash).toBe(sha(merged));
    const history = ok(await owner.post<PageHistoryRow[]>('/api/page/history', { page_id: page.page_id }));
    expect(history.map((row) => row.page_content)).toEqual([ownerEdit, BASE]);
  });

  it('answers 10409 with both versions, in both languages, when both changed the same line; the page stays as it was', async () => {
    const page = await newPage();
    const base = (await info(page.page_id)).content_hash;
    const ownerEdit = BASE.replace('1. Build the image.', '1. Build the image with the release tag.');
    const colleagueEdit = BASE.replace('1. Build the image.', '1. Build and scan the image.');
    ok(await saveOn(owner, page.page_id, ownerEdit, base));

    const refused = await saveOn(colleague, page.page_id, colleagueEdit, base);
    expect(refused).toEqual({
      error_code: 10409,
      error_message: 'Someone changed the same lines of this page since you opened it, so nothing was saved: both versions are in the reply, merge them and save again',
      data: { current_content: ownerEdit, current_hash: sha(ownerEdit), your_content: colleagueEdit } satisfies EditConflictData,
    });
    const inChinese = await saveOn(colleague, page.page_id, colleagueEdit, base, '/api/page/save?l=zh-cn');
    expect(inChinese).toMatchObject({ error_code: 10409, error_message: '你打开此页面后，有人修改了相同的行，因此本次没有保存：两个版本都在返回内容中，请合并后重新保存' });

    expect((await info(page.page_id)).content_hash).toBe(sha(ownerEdit));
    expect(ok(await owner.post<PageHistoryRow[]>('/api/page/history', { page_id: page.page_id }))).toHaveLength(1);
  });

  it('answers 10409 for a base the page never had, and the validation code for one that is no hash', async () => {
    const page = await newPage();
    const mine = BASE.replace('3. Roll out.', '3. Roll out slowly.');
    expect(await saveOn(colleague, page.page_id, mine, sha('some other text'))).toMatchObject({
      error_code: 10409,
      data: { current_content: BASE, current_hash: sha(BASE), your_content: mine },
    });
    expect(await saveOn(colleague, page.page_id, mine, 'not-a-hash')).toEqual({
      error_code: 10100,
      error_message: "Parameter 'base_hash' must be a page's content_hash as page/info gives it: 64 hexadecimal digits",
    });
    expect((await info(page.page_id)).content_hash).toBe(sha(BASE));
  });

  it('lets the last writer win when no base is sent', async () => {
    const page = await newPage();
    const ownerEdit = BASE.replace('1. Build the image.', '1. Build the image twice.');
    ok(await owner.post('/api/page/save', { item_id: itemId, page_id: page.page_id, page_title: 'Deploy', page_content: ownerEdit }));
    ok(await colleague.post('/api/page/save', { item_id: itemId, page_id: page.page_id, page_title: 'Deploy', page_content: 'Rewritten.' }));
    expect((await info(page.page_id)).content_hash).toBe(sha('Rewritten.'));
    const history = ok(await owner.post<PageHistoryRow[]>('/api/page/history', { page_id: page.page_id }));
    expect(history.map((row) => row.page_content)).toEqual([ownerEdit, BASE]);
  });
}
