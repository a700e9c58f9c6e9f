import { createHash } from 'node:crypto';
import { BlobStorage, DocumentStore } from '@quire/platform';
import {
  ErrorCode,
  MemberGroup,
  type Menu,
  type PageDiff,
  type PageHistoryRow,
  type PageInfo,
  type PageRow,
  type PurgedPages,
  type RecycleEntry,
  type SharedPageInfo,
  type SinglePageKey,
  Subject,
} from '@quire/proto';
import { testCaller } from '@quire/testing';
import { bootPageApp, failure, PageWorld, type User } from './page.factory';

const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('page service: pages, history, share links, recycle bin', () => {
  let world: PageWorld;
  let owner: User;

  beforeAll(async () => {
    world = new PageWorld(await bootPageApp());
    owner = await world.user();
  });
  afterAll(() => world.ctx.close());

  const blobExists = async (content: string) => (await world.ctx.app.get(BlobStorage).stat(`history/${sha(content)}`)) !== null;

  describe('page/save and page/info', () => {
    it('creates a page with the defaults and reads it back escaped, with a formatted time', async () => {
      const itemId = await world.item(owner);
      const saved = await world.save(owner, { item_id: itemId, page_title: '', page_content: 'Hello <b>&</b>' });
      expect(saved).toMatchObject({
        item_id: itemId,
        cat_id: 0,
        page_title: 'Default',
        page_content: 'Hello &lt;b&gt;&amp;&lt;/b&gt;',
        s_number: 99,
        author_uid: owner.uid,
        author_username: owner.username,
        is_del: 0,
      });
      expect(typeof saved.addtime).toBe('number');
      const info = await world.send<PageInfo>(Subject.PagePageInfo, owner, { page_id: String(saved.page_id) });
      expect(info).toMatchObject({ page_id: saved.page_id, page_content: 'Hello &lt;b&gt;&amp;&lt;/b&gt;', attachment_count: 0, unique_key: '' });
      expect(info.addtime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    });

    it('decodes is_urlencode=1 content once and refuses malformed encoding without storing anything', async () => {
      const itemId = await world.item(owner);
      const markdown = '# 标题 100% <x> & more';
      const saved = await world.page(owner, itemId, 'Encoded', { page_content: encodeURIComponent(markdown), is_urlencode: '1' });
      const stored = await world.ctx.app.get(DocumentStore).collection<{ page_id: number; page_content: string }>('pages').findOne({ page_id: saved.page_id });
      expect(stored?.page_content).toBe(markdown);
      expect(await failure(world.page(owner, itemId, 'Broken', { page_content: '%E0%A4%A', is_urlencode: 1 }))).toEqual({
        code: ErrorCode.Failed,
        key: 'page_content_not_urlencoded',
      });
      const menu = await world.send<Menu>(Subject.PageMenuGet, owner, { item_id: itemId });
      expect(menu.pages.map((page) => page.page_title)).toEqual(['Encoded']);
    });

    it('refuses empty content with 10103 and the contract message', async () => {
      const itemId = await world.item(owner);
      expect(await failure(world.save(owner, { item_id: itemId, page_title: 'x', page_content: '' }))).toEqual({ code: 10103, key: 'page_empty_content' });
      expect(await failure(world.save(owner, { item_id: itemId, page_title: 'x', page_content: '%20', is_urlencode: 1 }))).toEqual({
        code: 10103,
        key: 'page_empty_content',
      });
    });

    it('answers bad input with its code: missing, non-numeric, deleted and negative ids, a 10 MB title, a foreign catalog', async () => {
      const itemId = await world.item(owner);
      const other = await world.item(owner);
      const foreignCat = await world.catalog(owner, other, 'Elsewhere');
      expect(await failure(world.save(owner, { page_title: 't', page_content: 'c' }))).toMatchObject({ code: 10101, key: 'param_required' });
      expect(await failure(world.save(owner, { item_id: 'abc', page_content: 'c' }))).toMatchObject({ code: 10101, key: 'param_not_integer' });
      expect(await failure(world.save(owner, { item_id: -3, page_content: 'c' }))).toMatchObject({ code: 10101, key: 'param_out_of_range' });
      expect(await failure(world.save(owner, { item_id: itemId, page_id: 999999, page_content: 'c' }))).toMatchObject({ key: 'page_not_found' });
      expect(await failure(world.page(owner, itemId, 'x'.repeat(1024 * 1024)))).toEqual({ code: 10101, key: 'param_too_long' });
      // 10 MB never reaches the service: the transport refuses it first (HTTP 413)
      expect(await failure(world.page(owner, itemId, 'x'.repeat(10 * 1024 * 1024)))).toEqual({ code: 10413, key: 'payload_too_large' });
      expect(await failure(world.page(owner, itemId, 'x', { cat_id: foreignCat }))).toEqual({ code: 10101, key: 'catalog_not_found' });
      expect(await failure(world.send(Subject.PagePageInfo, owner, {}))).toMatchObject({ code: 10101, key: 'param_required' });
      expect(await failure(world.send(Subject.PagePageInfo, owner, { page_id: '1e3' }))).toMatchObject({ key: 'param_not_integer' });
      expect(await failure(world.send(Subject.PagePageInfo, owner, { page_id: 987654 }))).toMatchObject({ code: 10101, key: 'page_not_found' });
      const negative = await world.page(owner, itemId, 'Negative', { s_number: '-5' });
      expect(negative.s_number).toBe(-5);
    });

    it('keeps the sort number on update when none is sent and renames a single-page item', async () => {
      const itemId = await world.item(owner);
      const created = await world.page(owner, itemId, 'First', { s_number: 7 });
      const updated = await world.save(owner, { item_id: itemId, page_id: created.page_id, page_title: 'Second', page_content: 'v2' });
      expect(updated).toMatchObject({ page_id: created.page_id, s_number: 7, page_title: 'Second' });

      const single = await world.item(owner, { type: 2, name: 'Single' });
      const first = await world.send<PageRow>(Subject.PageItemSinglePage, owner, { item_id: single });
      expect(first.page_title).toBe('Single');
      await world.save(owner, { item_id: single, page_id: first.page_id, page_title: 'Renamed <doc>', page_content: 'x' });
      const items = world.ctx.app.get(DocumentStore).collection<{ item_id: number; item_name: string }>('items');
      expect((await items.findOne({ item_id: single }))?.item_name).toBe('Renamed <doc>');
    });

    it("never moves a page to another item: an edit member cannot take the owner's page into an item of their own", async () => {
      const itemId = await world.item(owner);
      const page = await world.page(owner, itemId, 'Kept', { page_content: 'the original' });
      await world.save(owner, { item_id: itemId, page_id: page.page_id, page_title: 'Kept', page_content: 'the current text' });
      const editor = await world.user();
      await world.member(itemId, editor, MemberGroup.Edit);
      const theirs = await world.item(editor);
      const refused = { code: ErrorCode.Failed, key: 'page_move_refused' };
      expect(await failure(world.save(editor, { item_id: theirs, page_id: page.page_id, page_title: 'Taken', page_content: 'taken' }))).toEqual(refused);
      // Not the owner either, even with the edit right on both items.
      const ownerOther = await world.item(owner);
      expect(await failure(world.save(owner, { item_id: ownerOther, page_id: page.page_id, page_content: 'moved' }))).toEqual(refused);

      const info = await world.send<PageInfo>(Subject.PagePageInfo, owner, { page_id: page.page_id });
      expect(info).toMatchObject({ item_id: itemId, page_title: 'Kept', page_content: 'the current text' });
      const history = await world.send<PageHistoryRow[]>(Subject.PagePageHistory, owner, { page_id: page.page_id });
      expect(history.map((row) => [row.item_id, row.page_content])).toEqual([[itemId, 'the original']]);
      expect((await world.send<Menu>(Subject.PageMenuGet, editor, { item_id: theirs })).pages).toEqual([]);
      // Naming the page's own item, or none, saves as before.
      expect(await world.save(editor, { item_id: itemId, page_id: page.page_id, page_title: 'Kept', page_content: 'edited' })).toMatchObject({ item_id: itemId });
      expect(await world.save(editor, { page_id: page.page_id, page_title: 'Kept', page_content: 'edited again' })).toMatchObject({ item_id: itemId });
    });
  });

  describe('history', () => {
    it('appends the previous version on each update, newest first, content raw, and diffs against the page', async () => {
      const itemId = await world.item(owner);
      const page = await world.save(owner, { item_id: itemId, page_title: 'T1', page_content: 'one <a>' });
      await world.save(owner, { item_id: itemId, page_id: page.page_id, page_title: 'T2', page_content: 'two' });
      await world.save(owner, { item_id: itemId, page_id: page.page_id, page_title: 'T3', page_content: 'three' });
      const history = await world.send<PageHistoryRow[]>(Subject.PagePageHistory, owner, { page_id: page.page_id });
      expect(history.map((row) => [row.page_title, row.page_content])).toEqual([
        ['T2', 'two'],
        ['T1', 'one <a>'],
      ]);
      expect(history[0].addtime).toMatch(/^\d{4}-/);
      const diff = await world.send<PageDiff>(Subject.PagePageDiff, owner, { page_id: page.page_id, page_history_id: history[1].page_history_id });
      expect(diff.page.page_content).toBe('three');
      expect(diff.history_page).toMatchObject({ page_title: 'T1', page_content: 'one &lt;a&gt;' });
      expect(typeof diff.history_page.addtime).toBe('number');
    });

    it('keeps every one of 20 parallel saves exactly once, in the order they were applied', async () => {
      const itemId = await world.item(owner);
      const page = await world.save(owner, { item_id: itemId, page_title: 'Busy', page_content: 'original' });
      const contents = Array.from({ length: 20 }, (_, n) => `parallel save ${n}`);
      const saved = await Promise.all(contents.map((page_content) => world.save(owner, { item_id: itemId, page_id: page.page_id, page_title: 'Busy', page_content })));
      expect(saved.every((row) => row.page_id === page.page_id)).toBe(true);

      const last = (await world.send<PageInfo>(Subject.PagePageInfo, owner, { page_id: page.page_id })).page_content;
      const history = await world.send<PageHistoryRow[]>(Subject.PagePageHistory, owner, { page_id: page.page_id });
      const versions = history.map((row) => row.page_content);
      expect(versions).toHaveLength(20);
      expect(new Set([...versions, last]).size).toBe(21);
      expect(versions[19]).toBe('original');
      expect([...versions, last].sort()).toEqual(['original', ...contents].sort());
      // Newest first: each row's id is below the one before it (the order in which the saves were applied).
      const ids = history.map((row) => row.page_history_id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
    });

    it('refuses a history id of another page', async () => {
      const itemId = await world.item(owner);
      const a = await world.page(owner, itemId, 'A');
      const b = await world.page(owner, itemId, 'B');
      await world.save(owner, { item_id: itemId, page_id: b.page_id, page_content: 'b2' });
      const [bVersion] = await world.send<PageHistoryRow[]>(Subject.PagePageHistory, owner, { page_id: b.page_id });
      expect(await failure(world.send(Subject.PagePageDiff, owner, { page_id: a.page_id, page_history_id: bVersion.page_history_id }))).toEqual({
        code: 10101,
        key: 'page_history_not_found',
      });
    });

    it('keeps the newest 20 versions and deletes the bodies nobody references any more', async () => {
      const itemId = await world.item(owner);
      const page = await world.save(owner, { item_id: itemId, page_title: 'Trim', page_content: 'trim-v0' });
      for (let v = 1; v <= 25; v++) await world.save(owner, { item_id: itemId, page_id: page.page_id, page_content: `trim-v${v}` });
      const history = await world.send<PageHistoryRow[]>(Subject.PagePageHistory, owner, { page_id: page.page_id });
      expect(history).toHaveLength(20);
      expect(history[0].page_content).toBe('trim-v24');
      expect(history[19].page_content).toBe('trim-v5');
      expect(await blobExists('trim-v4')).toBe(false);
      expect(await blobExists('trim-v5')).toBe(true);
      const stored = await world.ctx.app.get(DocumentStore).collection<Record<string, unknown>>('page_history').find({ page_id: page.page_id });
      expect(stored).toHaveLength(20);
      expect(stored.every((row) => !('page_content' in row) && typeof row.content_hash === 'string')).toBe(true);
    });

    it('stores one body per distinct text and keeps a body while another version still uses it', async () => {
      const itemId = await world.item(owner);
      const shared = `shared body ${Date.now()}`;
      const a = await world.save(owner, { item_id: itemId, page_title: 'A', page_content: shared });
      const b = await world.save(owner, { item_id: itemId, page_title: 'B', page_content: shared });
      await world.save(owner, { item_id: itemId, page_id: a.page_id, page_content: 'a2' });
      await world.save(owner, { item_id: itemId, page_id: b.page_id, page_content: 'b2' });
      await world.save(owner, { item_id: itemId, page_id: a.page_id, page_content: shared });
      await world.save(owner, { item_id: itemId, page_id: a.page_id, page_content: 'a3' });
      const rows = await world.ctx.app
        .get(DocumentStore)
        .collection<{ content_hash: string }>('page_history')
        .find({ content_hash: sha(shared) });
      expect(rows).toHaveLength(3);
      // Purging the item removes every version, so the shared body goes too.
      await world.send(Subject.PageItemPurge, owner, { item_id: itemId });
      expect(await blobExists(shared)).toBe(false);
      const other = await world.item(owner);
      const c = await world.save(owner, { item_id: other, page_title: 'C', page_content: shared });
      const d = await world.save(owner, { item_id: other, page_title: 'D', page_content: shared });
      await world.save(owner, { item_id: other, page_id: c.page_id, page_content: 'c2' });
      await world.save(owner, { item_id: other, page_id: d.page_id, page_content: 'd2' });
      await world.send(Subject.PagePageDelete, owner, { page_id: c.page_id });
      const store = world.ctx.app.get(DocumentStore).collection<{ page_id: number; addtime: number }>('pages');
      await store.updateOne({ page_id: c.page_id }, { $set: { addtime: 1000 } });
      expect(await world.send<PurgedPages>(Subject.PageMaintenancePurge, owner, {})).toEqual({ pages: 1 });
      expect(await blobExists(shared)).toBe(true);
      const [dVersion] = await world.send<PageHistoryRow[]>(Subject.PagePageHistory, owner, { page_id: d.page_id });
      expect(dVersion.page_content).toBe(shared);
    });
  });

  describe('share links', () => {
    it('issues a new unguessable key on each turn-on, reads a private page by key without item ids, and turns off', async () => {
      const itemId = await world.item(owner, { password: 'secret' });
      const page = await world.page(owner, itemId, 'Shared');
      const first = await world.send<SinglePageKey>(Subject.PagePageCreateSinglePage, owner, { page_id: page.page_id, isCreateSiglePage: 'true' });
      expect(first.unique_key).toMatch(/^[0-9a-f]{32}$/);
      const anonymous = testCaller();
      const shared = await world.send<SharedPageInfo>(Subject.PagePageInfoByKey, anonymous, { unique_key: first.unique_key, page_id: 5 });
      expect(shared).toMatchObject({ page_id: page.page_id, page_title: 'Shared', attachment_count: 0 });
      expect(shared).not.toHaveProperty('item_id');
      expect(shared).not.toHaveProperty('cat_id');
      const info = await world.send<PageInfo>(Subject.PagePageInfo, owner, { page_id: page.page_id });
      expect(info.unique_key).toBe(first.unique_key);

      const second = await world.send<SinglePageKey>(Subject.PagePageCreateSinglePage, owner, { page_id: page.page_id, isCreateSiglePage: 'true' });
      expect(second.unique_key).not.toBe(first.unique_key);
      expect(await failure(world.send(Subject.PagePageInfoByKey, anonymous, { unique_key: first.unique_key }))).toEqual({ code: 10101, key: 'page_share_key_unknown' });
      expect(await world.send(Subject.PagePageCreateSinglePage, owner, { page_id: page.page_id, isCreateSiglePage: 'false' })).toEqual([]);
      expect(await failure(world.send(Subject.PagePageInfoByKey, anonymous, { unique_key: second.unique_key }))).toMatchObject({ code: 10101 });
      expect(await failure(world.send(Subject.PagePageInfoByKey, anonymous, {}))).toMatchObject({ code: 10101, key: 'param_required' });
    });
  });

  describe('attachment_count', () => {
    it('counts the files bound to the page in page/info and page/infoByKey', async () => {
      const itemId = await world.item(owner);
      const page = await world.page(owner, itemId, 'With files');
      const pdf = Buffer.from('%PDF-1.4 test');
      for (const name of ['a.pdf', 'b.pdf']) {
        const key = `uploads/2025/01/${sha(name + page.page_id).slice(0, 32)}`;
        await world.ctx.app.get(BlobStorage).put(key, pdf, 'application/pdf');
        await world.send(Subject.PageAttachmentUpload, owner, {
          item_id: itemId,
          page_id: page.page_id,
          file: { key, name, size: pdf.length, detectedType: 'application/pdf' },
        });
      }
      expect((await world.send<PageInfo>(Subject.PagePageInfo, owner, { page_id: page.page_id })).attachment_count).toBe(2);
      const { unique_key } = await world.send<SinglePageKey>(Subject.PagePageCreateSinglePage, owner, { page_id: page.page_id, isCreateSiglePage: 'true' });
      expect((await world.send<SharedPageInfo>(Subject.PagePageInfoByKey, testCaller(), { unique_key })).attachment_count).toBe(2);
    });
  });

  describe('page/delete, recycle bin and purge', () => {
    it('moves a page to the bin, lists it for the creator, restores it to the item root', async () => {
      const itemId = await world.item(owner);
      const catId = await world.catalog(owner, itemId, 'Cat');
      const page = await world.page(owner, itemId, 'Bin me', { cat_id: catId });
      expect(await world.send(Subject.PagePageDelete, owner, { page_id: page.page_id })).toEqual([]);
      expect(await failure(world.send(Subject.PagePageInfo, owner, { page_id: page.page_id }))).toEqual({ code: 10101, key: 'page_not_found' });
      expect(await failure(world.send(Subject.PagePageDelete, owner, { page_id: page.page_id }))).toEqual({ code: 10303, key: 'page_not_found' });
      const bin = await world.send<RecycleEntry[]>(Subject.PageRecycleList, owner, { item_id: itemId });
      expect(bin).toEqual([expect.objectContaining({ page_id: page.page_id, page_title: 'Bin me', del_by_uid: owner.uid, del_by_username: owner.username })]);
      expect(bin[0].del_time).toMatch(/^\d{4}-/);
      expect(await world.send(Subject.PageRecycleRecover, owner, { item_id: itemId, page_id: page.page_id })).toEqual([]);
      const restored = await world.send<PageInfo>(Subject.PagePageInfo, owner, { page_id: page.page_id });
      expect(restored.cat_id).toBe(0);
      expect(await world.send(Subject.PageRecycleList, owner, { item_id: itemId })).toEqual([]);
      expect(await failure(world.send(Subject.PageRecycleRecover, owner, { item_id: itemId, page_id: page.page_id }))).toEqual({
        code: 10101,
        key: 'recycle_page_not_found',
      });
    });

    it('purges recycled pages only after 30 days', async () => {
      const itemId = await world.item(owner);
      const fresh = await world.page(owner, itemId, 'Fresh');
      const old = await world.page(owner, itemId, 'Old');
      await world.send(Subject.PagePageDelete, owner, { page_id: fresh.page_id });
      await world.send(Subject.PagePageDelete, owner, { page_id: old.page_id });
      const pages = world.ctx.app.get(DocumentStore).collection<{ page_id: number; addtime: number }>('pages');
      await pages.updateOne({ page_id: old.page_id }, { $set: { addtime: Math.floor(Date.now() / 1000) - 31 * 24 * 3600 } });
      await world.send(Subject.PageMaintenancePurge, owner, {});
      expect(await pages.findOne({ page_id: old.page_id })).toBeNull();
      expect(await pages.findOne({ page_id: fresh.page_id })).not.toBeNull();
      const bin = await world.send<RecycleEntry[]>(Subject.PageRecycleList, owner, { item_id: itemId });
      expect(bin.map((entry) => entry.page_id)).toEqual([fresh.page_id]);
    });
  });

  describe('page/sort', () => {
    it('sets sort numbers of this item only, negative ones included, and refuses bad JSON without a change', async () => {
      const itemId = await world.item(owner);
      const a = await world.page(owner, itemId, 'A');
      const b = await world.page(owner, itemId, 'B');
      const other = await world.item(owner);
      const foreign = await world.page(owner, other, 'Foreign', { s_number: 5 });
      await world.send(Subject.PagePageSort, owner, { item_id: itemId, pages: JSON.stringify({ [a.page_id]: 2, [b.page_id]: '-1', [foreign.page_id]: 1 }) });
      const menu = await world.send<Menu>(Subject.PageMenuGet, owner, { item_id: itemId });
      expect(menu.pages.map((page) => page.page_title)).toEqual(['B', 'A']);
      expect((await world.send<PageInfo>(Subject.PagePageInfo, owner, { page_id: foreign.page_id })).s_number).toBe(5);
      expect(await failure(world.send(Subject.PagePageSort, owner, { item_id: itemId, pages: '{nope' }))).toMatchObject({ code: 10101, key: 'page_json_invalid' });
      expect(await failure(world.send(Subject.PagePageSort, owner, { item_id: itemId, pages: JSON.stringify({ [a.page_id]: 9, [b.page_id]: 'x' }) }))).toMatchObject({
        key: 'page_json_invalid',
      });
      expect((await world.send<PageInfo>(Subject.PagePageInfo, owner, { page_id: a.page_id })).s_number).toBe(2);
    });
  });

  describe('open API upsert, copy and item purge', () => {
    it('finds or creates the catalog path, then updates the page with that title in it without history', async () => {
      const itemId = await world.item(owner);
      const created = await world.send<PageRow>(Subject.PagePageUpsertByTitle, owner, {
        item_id: itemId,
        cat_name: '/API/Users/Auth',
        page_title: 'Login',
        page_content: 'v1',
        author_username: 'update_by_api',
      });
      const updated = await world.send<PageRow>(Subject.PagePageUpsertByTitle, owner, {
        item_id: itemId,
        cat_name: 'API/Users/Auth',
        page_title: 'Login',
        page_content: 'v2',
        s_number: 3,
        author_username: 'update_by_api',
      });
      expect(updated).toMatchObject({ page_id: created.page_id, page_content: 'v2', s_number: 3, author_uid: 0, author_username: 'update_by_api' });
      const menu = await world.send<Menu>(Subject.PageMenuGet, owner, { item_id: itemId });
      expect(menu.catalogs).toHaveLength(1);
      const leaf = menu.catalogs[0].catalogs?.[0].catalogs?.[0];
      expect(leaf).toMatchObject({ cat_name: 'Auth', level: 4, pages: [{ page_id: created.page_id }] });
      expect(await world.send(Subject.PagePageHistory, owner, { page_id: created.page_id })).toEqual([]);
      expect(await failure(world.send(Subject.PagePageUpsertByTitle, owner, { item_id: itemId, cat_name: 'a/b/c/d', page_title: 'x', page_content: 'y' }))).toEqual({
        code: 10101,
        key: 'catalog_path_too_deep',
      });
    });

    it('creates the catalog path and the page once when upserts of one title arrive together', async () => {
      const itemId = await world.item(owner);
      const upsert = (n: number) => world.send<PageRow>(Subject.PagePageUpsertByTitle, owner, { item_id: itemId, cat_name: 'Guide/Setup', page_title: 'Install', page_content: `v${n}` });

      const rows = await Promise.all(Array.from({ length: 8 }, (_, n) => upsert(n)));

      expect(new Set(rows.map((row) => row.page_id)).size).toBe(1);
      const menu = await world.send<Menu>(Subject.PageMenuGet, owner, { item_id: itemId });
      expect(menu.catalogs).toEqual([
        expect.objectContaining({ cat_name: 'Guide', catalogs: [expect.objectContaining({ cat_name: 'Setup', pages: [expect.objectContaining({ page_id: rows[0].page_id })] })] }),
      ]);
    });

    it('copies catalogs with new ids and live pages, the copier as author', async () => {
      const source = await world.item(owner);
      const top = await world.catalog(owner, source, 'Top');
      const sub = await world.catalog(owner, source, 'Sub', top);
      await world.page(owner, source, 'Root page');
      await world.page(owner, source, 'Deep page', { cat_id: sub });
      const gone = await world.page(owner, source, 'Deleted');
      await world.send(Subject.PagePageDelete, owner, { page_id: gone.page_id });
      const copier = await world.user();
      const target = await world.item(copier);
      expect(await world.send(Subject.PageItemCopy, copier, { from_item_id: source, to_item_id: target })).toEqual({ catalogs: 2, pages: 2 });
      const menu = await world.send<Menu>(Subject.PageMenuGet, copier, { item_id: target });
      expect(menu.pages).toEqual([expect.objectContaining({ page_title: 'Root page', author_uid: copier.uid })]);
      const copiedSub = menu.catalogs[0].catalogs?.[0];
      expect(copiedSub).toMatchObject({ cat_name: 'Sub', item_id: target, parent_cat_id: menu.catalogs[0].cat_id, pages: [{ page_title: 'Deep page' }] });
      expect(copiedSub?.cat_id).not.toBe(sub);
    });
  });

  describe('templates', () => {
    it('keeps templates per user, newest first, content raw, and lets only the owner delete one', async () => {
      const other = await world.user();
      const saved = await world.send<{ id: number; template_content: string; addtime: number }>(Subject.PageTemplateSave, owner, {
        template_title: 'API <doc>',
        template_content: '| a | <b> |',
      });
      expect(saved.template_content).toBe('| a | <b> |');
      expect(typeof saved.addtime).toBe('number');
      await world.send(Subject.PageTemplateSave, owner, { template_title: 'Second', template_content: 'x' });
      const list = await world.send<{ id: number; template_title: string; template_content: string; addtime: string }[]>(Subject.PageTemplateList, owner);
      expect(list.map((t) => t.template_title)).toEqual(['Second', 'API &lt;doc&gt;']);
      expect(list[1]).toMatchObject({ template_content: '| a | <b> |', addtime: expect.stringMatching(/^\d{4}-/) });
      expect(await world.send(Subject.PageTemplateList, other)).toEqual([]);
      expect(await failure(world.send(Subject.PageTemplateDelete, other, { id: saved.id }))).toEqual({ code: 10103, key: 'template_not_found' });
      expect(await world.send(Subject.PageTemplateDelete, owner, { id: saved.id })).toBe(1);
      expect(await failure(world.send(Subject.PageTemplateList, testCaller()))).toMatchObject({ code: 10102 });
      expect(await failure(world.send(Subject.PageTemplateSave, owner, { template_title: 'x'.repeat(300) }))).toMatchObject({ key: 'param_too_long' });
    });
  });
});
