import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DocumentStore, hashSecret, KeyValueStore, UpgradeHandler } from '@quire/platform';
import { type Caller, encodeSession, type LivePage, MemberGroup, type PageRow, parseJsonReply, sessionKey, sessionLanguageKey, Subject, type WireParams } from '@quire/proto';
import { createContextApp, createUser, type ContextApp, eventually, sleep } from '@quire/testing';
import { CoEditor } from '../../../e2e/src/co-editor';
import { AuthModule } from '../../auth/src/auth.module';
import { ItemModule } from '../../item/src/item.module';
import { MemberRepository } from '../../item/src/member/member.repository';
import { PageModule } from '../../page/src/page.module';
import { CollabModule } from '../src/collab.module';
import { CollabDocumentRepository } from '../src/document/collab-document.repository';
import { CollabDocumentSweeper } from '../src/document/collab-document-sweeper';

/**
 * The collab module with the page, item and auth services on the embedded platform, its upgrades
 * served by a plain HTTP server as the gateway's would: what an editor is told when a save fails,
 * in its own language, and how a change another replica already merged is left alone.
 */
describe('CollabModule', () => {
  let ctx: ContextApp;
  let server: Server;
  let baseUrl: string;

  const send = <R>(subject: Subject, caller: Caller, params: WireParams): Promise<R> => ctx.relay(subject, { caller, params }).then((reply) => parseJsonReply<R>(reply));

  /** A user with a live session (as auth writes one), and the cookies their browser would send. */
  const signedIn = async (language?: 'zh-cn'): Promise<{ caller: Caller & { password: string }; cookies: Map<string, string> }> => {
    const caller = await createUser(ctx.app);
    const token = randomBytes(24).toString('hex');
    const kv = ctx.app.get(KeyValueStore);
    await kv.set(sessionKey(hashSecret(token)), encodeSession({ uid: caller.uid, username: caller.username, groupid: caller.groupid, createdAt: Date.now() }), 3600);
    if (language) await kv.set(sessionLanguageKey(hashSecret(token)), language, 3600);
    return { caller, cookies: new Map([['cookie_token', token]]) };
  };

  const newPage = async (owner: Caller, content: string): Promise<PageRow> => {
    const { item_id: itemId } = await send<{ item_id: number }>(Subject.ItemItemAdd, owner, { item_name: 'Docs', item_type: 1, password: 'private' });
    return send<PageRow>(Subject.PagePageSave, owner, { item_id: itemId, page_title: 'Guide', page_content: content });
  };

  const open: CoEditor[] = [];
  const editor = (cookies: Map<string, string>, pageId: number): Promise<CoEditor> => {
    const opened = new CoEditor({ baseUrl, cookies }, pageId);
    open.push(opened);
    return opened.ready();
  };

  beforeAll(async () => {
    ctx = await createContextApp([CollabModule, PageModule, ItemModule, AuthModule], { env: { LANGUAGE: 'en', COLLAB_SAVE_QUIET_MS: '600000', COLLAB_SAVE_MAX_MS: '600000' } });
    const upgrades = ctx.app.get(UpgradeHandler);
    server = createServer();
    server.on('upgrade', (request, socket, head: Buffer) => upgrades.handleUpgrade(request, socket, head));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterEach(() => {
    for (const opened of open.splice(0)) opened.destroy();
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await ctx.close();
  });

  it("answers a watcher's save in the watcher's language", async () => {
    const owner = await signedIn();
    const page = await newPage(owner.caller, 'Hello\n');
    const watcher = await signedIn('zh-cn');
    await ctx.app.get(MemberRepository).add({ item_id: page.item_id, uid: watcher.caller.uid, username: watcher.caller.username, member_group_id: MemberGroup.ReadOnly, addtime: 0 });
    const sut = await editor(watcher.cookies, page.page_id);
    expect(sut.scope).toBe('readonly');
    sut.save();
    expect(await eventually(() => sut.notices.find((notice) => notice.type === 'save-failed'), 'the refusal')).toEqual({
      type: 'save-failed',
      message: '你只能查看此页面：只有编辑者可以保存',
    });
  });

  it('tells the editor why the page service refused its save, and keeps the text', async () => {
    const owner = await signedIn();
    const page = await newPage(owner.caller, 'Hello\n');
    const sut = await editor(owner.cookies, page.page_id);
    sut.append('more\n');
    // Archived behind the service's back (no change of rights announced): the connection stays writable, the write is refused.
    await ctx.app
      .get(DocumentStore)
      .collection<{ item_id: number; is_archived: number }>('items')
      .updateOne({ item_id: page.item_id }, { $set: { is_archived: 1 } });
    sut.save();
    const refusal = await eventually(() => sut.notices.find((notice) => notice.type === 'save-failed'), 'the refusal');
    expect(refusal).toEqual({ type: 'save-failed', message: 'This item is archived and read-only: its pages and catalogs can no longer change' });
    expect(sut.toString()).toBe('Hello\nmore\n');
    expect((await send<LivePage>(Subject.PagePageLive, owner.caller, { page_id: page.page_id })).page_content).toBe('Hello\n');
  });

  it('sends the writers of an item just archived back to reconnect as watchers: what they type no longer counts', async () => {
    const owner = await signedIn();
    const page = await newPage(owner.caller, 'Hello\n');
    const sut = await editor(owner.cookies, page.page_id);
    sut.append('before\n');
    await eventually(async () => ((await editor(owner.cookies, page.page_id)).toString() === 'Hello\nbefore\n' ? true : undefined), 'the edit to be taken');
    await send(Subject.ItemItemArchive, owner.caller, { item_id: page.item_id, password: owner.caller.password });
    await eventually(() => (sut.closes.includes('rights-changed') ? true : undefined), 'the writer to be told to reconnect');
    sut.append('after\n');
    await sleep(300);
    expect((await editor(owner.cookies, page.page_id)).scope).toBe('readonly');
    expect((await editor(owner.cookies, page.page_id)).toString()).toBe('Hello\nbefore\n');
  });

  it('leaves alone a page change that another replica already merged (its base recorded in the key-value store)', async () => {
    const owner = await signedIn();
    const page = await newPage(owner.caller, 'one\n');
    const sut = await editor(owner.cookies, page.page_id);
    const outside = 'one\ntwo\n';
    // Another replica merged this very content and recorded it; its edits reach this one through Redis (none here).
    await ctx.app.get(KeyValueStore).set(`collab:base:${page.page_id}`, sha256(outside));
    await send(Subject.PagePageSave, owner.caller, { page_id: page.page_id, page_title: 'Guide', page_content: outside });
    await sleep(500);
    expect(sut.toString()).toBe('one\n');

    // A change nobody merged yet is merged here.
    await send(Subject.PagePageSave, owner.caller, { page_id: page.page_id, page_title: 'Guide', page_content: 'zero\none\ntwo\n' });
    await eventually(() => (sut.toString() === 'zero\none\n' ? true : undefined), 'the merge of the change from the base this replica knows');
  });

  it("removes a deleted page's co-editing state once it has been idle an hour, and keeps a living page's", async () => {
    const owner = await signedIn();
    const kept = await newPage(owner.caller, 'stays\n');
    const deleted = await newPage(owner.caller, 'secret plans\n');
    for (const page of [kept, deleted]) {
      const sut = await editor(owner.cookies, page.page_id);
      sut.append('typed\n');
      sut.destroy();
    }
    const repository = ctx.app.get(CollabDocumentRepository);
    // The last editor out persists the document.
    await eventually(async () => ((await repository.find(deleted.page_id)) && (await repository.find(kept.page_id)) ? true : undefined), 'both documents to be kept');
    await send(Subject.PagePageDelete, owner.caller, { page_id: deleted.page_id });
    const sweeper = ctx.app.get(CollabDocumentSweeper);

    // Written a moment ago: not idle yet.
    expect(await sweeper.sweep()).toBe(0);
    expect(await repository.find(deleted.page_id)).not.toBeNull();
    expect(await sweeper.sweep(Date.now() + 61 * 60 * 1000)).toBe(1);
    expect(await repository.find(deleted.page_id)).toBeNull();
    expect((await repository.find(kept.page_id))?.base_content).toBeDefined();
  });
});

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
