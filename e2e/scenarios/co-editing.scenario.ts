import { createHash } from 'node:crypto';
import type { MemberListEntry, PageHistoryRow, PageInfo, PageRow } from '@quire/proto';
import { COLLAB_PATH } from '@quire/proto';
import { ApiClient, type ApiEnvelope, eventually, sleep } from '@quire/testing';
import WebSocket from 'ws';
import { CoEditor, upgradeStatus } from '../src/co-editor';
import type { SystemTarget } from '../src/system-target';
import { solveCaptcha } from './auth-flow.scenario';

const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** The site a WebSocket URL belongs to (the Origin its pages send). */
const siteOf = (url: string): string => new URL(url.replace(/^ws/, 'http')).origin;

function ok<T>(envelope: ApiEnvelope<T>): T {
  expect(envelope).toMatchObject({ error_code: 0 });
  return envelope.data as T;
}

/** A browser's user: registered through HTTP with a captcha, logged in by the cookie it got. */
export async function registerEditor(target: SystemTarget, name: string): Promise<{ client: ApiClient; username: string; uid: number }> {
  const client = new ApiClient(target.baseUrl);
  const username = `${name}${Date.now() % 1_000_000}${Math.floor(Math.random() * 1000)}`;
  const vCode = await solveCaptcha(target, client);
  ok(await client.post('/api/user/register', { username, password: `${name}-pass`, confirm_password: `${name}-pass`, v_code: vCode }));
  const { uid } = ok(await client.post<{ uid: number }>('/api/user/info'));
  return { client, username, uid };
}

/** The page's content as `page/info` answers it (HTML-escaped: the texts here have nothing to escape). */
export async function pageContent(client: ApiClient, pageId: number): Promise<string> {
  return ok(await client.post<PageInfo>('/api/page/info', { page_id: pageId })).page_content;
}

/**
 * Live co-editing through the site's WebSocket path, as editors in browsers do it: concurrent typing
 * converges, watchers watch, saves write the page and its history with its contributors, saves from
 * outside the editor are merged in, a member removed is cut off, and other sites are refused.
 * `target()` serves COLLAB_SAVE_QUIET_MS=1500 (the quiet-period save) and a rate limit for many calls.
 */
export function describeCoEditing(target: () => SystemTarget, options: { editorUrls?: () => string[] } = {}): void {
  type Editor = Awaited<ReturnType<typeof registerEditor>>;
  let owner: Editor;
  let writer: Editor;
  let watcher: Editor;
  let late: Editor;
  let itemId: number;
  let pageId: number;
  const open: CoEditor[] = [];
  /** The i-th editor opened connects to the i-th URL given (distributed: replicas in turn). */
  const editor = (who: Editor, origin?: string): CoEditor => {
    const urls = options.editorUrls?.() ?? [];
    const url = urls.length > 0 ? urls[open.length % urls.length] : undefined;
    const opened = new CoEditor({ baseUrl: target().baseUrl, cookies: who.client.cookies }, pageId, { origin: origin ?? (url ? siteOf(url) : undefined), url });
    open.push(opened);
    return opened;
  };

  beforeAll(async () => {
    owner = await registerEditor(target(), 'owner');
    writer = await registerEditor(target(), 'writer');
    watcher = await registerEditor(target(), 'watcher');
    late = await registerEditor(target(), 'late');
    itemId = ok(await owner.client.post<{ item_id: number }>('/api/item/add', { item_type: 1, item_name: 'Handbook', password: 'members-only' })).item_id;
    pageId = ok(await owner.client.post<PageRow>('/api/page/save', { item_id: itemId, page_title: 'Onboarding', page_content: 'Welcome\n' })).page_id;
    for (const [who, group] of [
      [writer, 1],
      [watcher, 0],
      [late, 1],
    ] as const) {
      ok(await owner.client.post('/api/member/save', { item_id: itemId, username: who.username, member_group_id: group }));
    }
  });

  afterEach(() => {
    for (const opened of open.splice(0)) opened.destroy();
  });

  it('two writers typing at once end with the same text holding both edits; one joining late sees it all', async () => {
    const [a, b] = await Promise.all([editor(owner).ready(), editor(writer).ready()]);
    expect([a.scope, b.scope]).toEqual(['read-write', 'read-write']);
    expect(a.toString()).toBe('Welcome\n');
    for (let i = 0; i < 5; i++) {
      a.type(0, `a${i} `);
      b.append(`b${i} `);
    }
    await eventually(() => (a.toString() === b.toString() && /a4 .*b4 /s.test(a.toString()) ? true : undefined), 'both writers to converge');
    expect(a.toString()).toBe('a4 a3 a2 a1 a0 Welcome\nb0 b1 b2 b3 b4 ');

    const c = await editor(late).ready();
    expect(c.toString()).toBe(a.toString());

    // Presence: each sees the others, under the uid and name of their session whatever they claim.
    b.provider.setAwarenessField('user', { uid: owner.uid, name: 'Not the owner', color: '#123456' });
    const claimed = await eventually(
      () =>
        [...(a.provider.awareness?.getStates().values() ?? [])]
          .map((state) => state.user as { uid: number; name: string; color: string } | undefined)
          .find((user) => user?.color === '#123456'),
      "the writer's presence",
    );
    expect(claimed).toEqual({ uid: writer.uid, name: writer.username, color: '#123456' });
  });

  it('a read-only member watches the edits, but what it types never reaches the others', async () => {
    const [a, reader] = await Promise.all([editor(owner).ready(), editor(watcher).ready()]);
    expect(reader.scope).toBe('readonly');
    a.append('seen by the watcher ');
    await eventually(() => (reader.toString().includes('seen by the watcher') ? true : undefined), 'the watcher to see the edit');

    reader.append('typed by the watcher');
    reader.save();
    const refusal = await eventually(() => reader.notices.find((notice) => notice.type === 'save-failed'), 'the refused save');
    expect(refusal).toEqual({ type: 'save-failed', message: 'You may only watch this page: saving it is for its editors' });
    a.append('after ');
    await eventually(() => (reader.toString().includes('after') ? true : undefined), 'the next edit to reach the watcher');
    const fresh = await editor(late).ready();
    expect(fresh.toString()).not.toContain('typed by the watcher');
    expect(a.toString()).not.toContain('typed by the watcher');
  });

  it('the save message writes the page and a history version naming everyone who typed', async () => {
    const [a, b] = await Promise.all([editor(owner).ready(), editor(writer).ready()]);
    a.append('saved by hand ');
    b.append('with help ');
    await eventually(() => (a.toString() === b.toString() && a.toString().includes('with help') ? true : undefined), 'the edits to converge');
    a.save();
    const hash = sha256(a.toString());
    const saved = await eventually(() => b.notices.find((notice) => notice.type === 'saved' && notice.content_hash === hash), 'the saved notice');
    expect(saved).toMatchObject({ type: 'saved', page_id: pageId, by: owner.username, auto: false });
    expect(await pageContent(owner.client, pageId)).toBe(a.toString());

    // The next write sends that version to the history, with who wrote it.
    b.append('and more ');
    await eventually(() => (a.toString().includes('and more') ? true : undefined), 'the edit to reach the owner');
    b.save();
    const second = sha256(b.toString());
    await eventually(() => a.notices.find((notice) => notice.type === 'saved' && notice.content_hash === second && notice.by === writer.username), 'the second saved notice');
    const [latest] = ok(await owner.client.post<PageHistoryRow[]>('/api/page/history', { page_id: pageId }));
    expect(latest.page_content).toContain('with help');
    expect(latest.author_username).toBe(owner.username);
    expect(latest.contributors).toEqual(
      [
        { uid: owner.uid, username: owner.username },
        { uid: writer.uid, username: writer.username },
      ].sort((x, y) => x.uid - y.uid),
    );
  });

  it('a changed page is written after a quiet period without any save', async () => {
    const a = await editor(owner).ready();
    a.append('written after a pause ');
    const saved = await eventually(() => a.notices.find((notice) => notice.type === 'saved'), 'the quiet-period save', 20_000);
    expect(saved).toMatchObject({ by: owner.username, auto: true });
    expect(await pageContent(owner.client, pageId)).toContain('written after a pause');
  });

  it('a page/save from outside the editor during a session is merged into every open editor', async () => {
    const [a, b] = await Promise.all([editor(owner).ready(), editor(writer).ready()]);
    await eventually(async () => ((await pageContent(owner.client, pageId)) === a.toString() ? true : undefined), 'the page to hold the live text');
    const before = a.toString();
    a.type(0, 'Live line\n');
    // A script saves the page it read (the text before the live edit) with a line added at the end.
    ok(await owner.client.post('/api/page/save', { page_id: pageId, page_title: 'Onboarding', page_content: `${before}\nScript line\n` }));
    const merged = `Live line\n${before}\nScript line\n`;
    await eventually(() => (a.toString() === merged && b.toString() === merged ? true : undefined), 'the outside save to be merged in both editors');
    await eventually(async () => ((await pageContent(owner.client, pageId)) === merged ? true : undefined), 'the merged text to be written', 20_000);
  });

  it('an outside save changing the lines being edited keeps the live text and tells the editors', async () => {
    const a = await editor(owner).ready();
    a.append('Status: draft\n');
    a.save();
    await eventually(() => a.notices.find((notice) => notice.type === 'saved' && notice.content_hash === sha256(a.toString())), 'the save');
    const saved = a.toString();
    const at = saved.lastIndexOf('draft');
    a.text.delete(at, 'draft'.length);
    a.text.insert(at, 'in review');
    const live = a.toString();
    ok(await owner.client.post('/api/page/save', { page_id: pageId, page_title: 'Onboarding', page_content: saved.replace('Status: draft', 'Status: published') }));
    const conflict = await eventually(() => a.notices.find((notice) => notice.type === 'conflict'), 'the conflict notice');
    expect(conflict).toMatchObject({ page_id: pageId, by: owner.username });
    expect(a.toString()).toBe(live);
    // The next write keeps the live text; the outside version goes to the history.
    a.save();
    await eventually(async () => ((await pageContent(owner.client, pageId)) === live ? true : undefined), 'the live text to be written');
    const [latest] = ok(await owner.client.post<PageHistoryRow[]>('/api/page/history', { page_id: pageId }));
    expect(latest.page_content).toContain('Status: published');
  });

  it('survives messages that are not Yjs and messages over the size limit', async () => {
    const cookie = [...owner.client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const url = options.editorUrls?.()[0] ?? `${target().baseUrl.replace(/^http/, 'ws')}${COLLAB_PATH}`;
    const site = siteOf(url);
    const closedWith = (payload: Buffer) =>
      new Promise<number>((resolve, reject) => {
        const socket = new WebSocket(url, { headers: { cookie, origin: site } });
        socket.on('open', () => socket.send(payload));
        socket.on('close', (code) => resolve(code));
        socket.on('error', (error) => (/ECONNRESET|EPIPE/.test(error.message) ? undefined : reject(error)));
        setTimeout(() => socket.close(), 1_000);
      });
    // 1009 "message too big"; or 1006 when the server's close ends the connection before the client has sent it all.
    expect([1006, 1009]).toContain(await closedWith(Buffer.alloc(9 * 1024 * 1024, 1)));
    await closedWith(Buffer.from([0xff, 0xff, 0xff, 0x7f, 0x03, 0x00, 0x01]));
    const a = await editor(owner).ready();
    expect(a.toString()).toContain('Welcome');
  });

  it('a member removed from the item is disconnected at once, and nothing it types arrives', async () => {
    const [a, removed] = await Promise.all([editor(owner).ready(), editor(late).ready()]);
    const [row] = ok(await owner.client.post<MemberListEntry[]>('/api/member/getList', { item_id: itemId })).filter((member) => member.username === late.username);
    ok(await owner.client.post('/api/member/delete', { item_id: itemId, item_member_id: row.item_member_id }));
    await eventually(() => (removed.closes.length > 0 ? true : undefined), 'the removed member to be disconnected');
    removed.append('after removal');
    await sleep(300);
    a.append('still here ');
    // A fresh editor may sync before the other connection's edit has reached the server: it then arrives live.
    const fresh = await editor(owner).ready();
    await eventually(() => (fresh.toString().includes('still here') ? true : undefined), "the owner's edit to reach a fresh editor");
    expect(fresh.toString()).not.toContain('after removal');
    const again = editor(late);
    await expect(again.ready()).rejects.toThrow(/refused/);
    ok(await owner.client.post('/api/member/save', { item_id: itemId, username: late.username, member_group_id: 1 }));
  });

  it('closes an editor whose session ended (logout) within COLLAB_SESSION_CHECK_MS, and nothing typed after it arrives', async () => {
    const leaver = await registerEditor(target(), 'leaver');
    ok(await owner.client.post('/api/member/save', { item_id: itemId, username: leaver.username, member_group_id: 1 }));
    const [a, gone] = await Promise.all([editor(owner).ready(), editor(leaver).ready()]);
    const cookie = [...leaver.client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    ok(await leaver.client.post('/api/user/logout'));
    // The systems here check every 300 ms (the default is 15 s).
    await eventually(() => (gone.closes.includes('session-ended') ? true : undefined), 'the logged-out editor to be closed');
    gone.append('typed after logout');
    await sleep(300);
    a.append('owner goes on ');
    const fresh = await editor(owner).ready();
    await eventually(() => (fresh.toString().includes('owner goes on') ? true : undefined), "the owner's edit to reach a fresh editor");
    expect(fresh.toString()).not.toContain('typed after logout');
    // The ended session opens no new editor either.
    expect(await upgradeStatus(target().baseUrl, { cookie, origin: target().baseUrl })).toBe(401);
  });

  it('refuses upgrades from another site or without a session, and names no page it may not open', async () => {
    const cookie = [...owner.client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    expect(await upgradeStatus(target().baseUrl, { cookie, origin: 'https://evil.example' })).toBe(403);
    expect(await upgradeStatus(target().baseUrl, { cookie })).toBe(403);
    expect(await upgradeStatus(target().baseUrl, { origin: target().baseUrl })).toBe(401);
    expect(await upgradeStatus(target().baseUrl, { cookie, origin: target().baseUrl }, '/api/other-socket')).toBe(0);

    const stranger = await registerEditor(target(), 'stranger');
    await expect(editor(stranger).ready()).rejects.toThrow(/refused/);
    const nowhere = new CoEditor({ baseUrl: target().baseUrl, cookies: owner.client.cookies }, 99_999_999);
    open.push(nowhere);
    await expect(nowhere.ready()).rejects.toThrow(/refused/);
    // The endpoint still serves the page.
    expect((await editor(owner).ready()).toString()).toContain('Welcome');
  });
}
