import { DocumentStore } from '@quire/platform';
import { ErrorCode, MemberGroup, type PageRow, Subject } from '@quire/proto';
import { testCaller } from '@quire/testing';
import { SearchFeeder } from '../src/feed/search-feeder';
import { bootSearchApp, failure, SearchWorld, type User } from './search.factory';

describe('search service: search/query and item/search', () => {
  let world: SearchWorld;
  let owner: User;

  beforeAll(async () => {
    world = new SearchWorld(await bootSearchApp());
    owner = await world.user();
  });
  afterAll(() => world.ctx.close());

  describe('matching', () => {
    it('finds a Chinese word in the middle of a sentence, marked in the snippet', async () => {
      const itemId = await world.item(owner);
      const pageId = await world.page(owner, itemId, '接口文档', '本页是创建订单接口说明，调用前请先登录。');
      await world.page(owner, itemId, '其他', '用户登录说明');
      const { results } = await world.search(owner, '订单', { item_id: itemId });
      expect(results.map((hit) => hit.page_id)).toEqual([pageId]);
      expect(results[0].snippet).toContain('创建<mark>订单</mark>接口说明');
    });

    it('finds a word by its stem: exports finds "exported"', async () => {
      const itemId = await world.item(owner);
      const pageId = await world.page(owner, itemId, 'Nightly job', 'The report is exported every night.');
      expect(await world.found(owner, 'exports', { item_id: itemId })).toEqual([pageId]);
      expect((await world.search(owner, 'export', { item_id: itemId })).results[0].snippet).toContain('<mark>exported</mark>');
    });

    it('finds a code identifier whole and by its parts', async () => {
      const itemId = await world.item(owner);
      const camel = await world.page(owner, itemId, 'Users API', 'Call getUserInfo with the token.');
      const snake = await world.page(owner, itemId, 'Orders table', 'Column order_id references orders.');
      expect(await world.found(owner, 'getUserInfo', { item_id: itemId })).toEqual([camel]);
      expect(await world.found(owner, 'user info', { item_id: itemId })).toEqual([camel]);
      expect(await world.found(owner, 'order_id', { item_id: itemId })).toEqual([snake]);
      expect((await world.search(owner, 'info ', { item_id: itemId })).results[0].snippet).toContain('getUser<mark>Info</mark>');
    });

    it('keeps a quoted phrase in a row', async () => {
      const itemId = await world.item(owner);
      const phrase = await world.page(owner, itemId, 'A', 'Shows the order status to the buyer.');
      const scattered = await world.page(owner, itemId, 'B', 'The status of an order is kept for a year.');
      expect((await world.found(owner, 'order status', { item_id: itemId })).sort()).toEqual([phrase, scattered].sort());
      expect(await world.found(owner, '"order status"', { item_id: itemId })).toEqual([phrase]);
    });

    it('ranks title hits first, then exact phrases, newer pages first on ties', async () => {
      const itemId = await world.item(owner);
      const inContent = await world.page(owner, itemId, 'Deploy notes', 'How the invoice service is deployed.');
      const inTitle = await world.page(owner, itemId, 'Invoice service', 'What it does.');
      const first = await world.page(owner, itemId, 'Twin', 'same words here');
      const second = await world.page(owner, itemId, 'Twin', 'same words here');
      const scattered = await world.page(owner, itemId, 'Twin', 'words here, the same');
      expect(await world.found(owner, 'invoice', { item_id: itemId })).toEqual([inTitle, inContent]);
      expect(await world.found(owner, 'same words', { item_id: itemId })).toEqual([second, first, scattered]);
      // The first page saved later than the second: it now ranks first among the equal ones.
      await world.ctx.app
        .get(DocumentStore)
        .collection<PageRow>('pages')
        .updateOne({ page_id: first }, { $set: { addtime: Math.floor(Date.now() / 1000) + 60 } });
      await world.ctx.app.get(SearchFeeder).onChange({ kind: 'page', item_id: itemId, page_id: first });
      expect(await world.found(owner, 'same words', { item_id: itemId })).toEqual([first, second, scattered]);
    });

    it('takes every character literally and answers nothing for a keyword of punctuation only', async () => {
      const itemId = await world.item(owner);
      const pageId = await world.page(owner, itemId, 'Syntax', 'a AND b NEAR c "quoted" (x) col:y');
      for (const keyword of ['AND', 'NEAR(', '"quoted', 'col:y', '(x)', 'b NEAR']) expect(await world.found(owner, keyword, { item_id: itemId })).toEqual([pageId]);
      for (const keyword of ['*', "'", '+++', '{title}:', '^']) {
        expect(await world.search(owner, keyword, { item_id: itemId })).toEqual({ total: 0, took_ms: expect.any(Number), results: [] });
      }
    });
  });

  describe('the reply', () => {
    it('answers the hit with its item, catalog path, author and date; the snippet escaped with only <mark> as markup', async () => {
      const itemId = await world.item(owner, { name: 'Payments <beta>' });
      const top = await world.catalog(owner, itemId, 'Backend');
      const sub = await world.catalog(owner, itemId, 'Billing', top);
      const pageId = await world.page(owner, itemId, 'Refunds <draft>', '<script>alert(1)</script> refund flow & rules', { cat_id: sub });
      const reply = await world.search(owner, 'refund', { item_id: itemId });
      expect(reply).toEqual({ total: 1, took_ms: expect.any(Number), results: [expect.objectContaining({ page_id: pageId })] });
      const [hit] = reply.results;
      expect(hit).toEqual({
        item_id: itemId,
        item_name: 'Payments <beta>',
        page_id: pageId,
        page_title: 'Refunds <draft>',
        cat_path: ['Backend', 'Billing'],
        snippet: '&lt;script&gt;alert(1)&lt;/script&gt; <mark>refund</mark> flow &amp; rules',
        author_username: owner.username,
        addtime: expect.any(Number),
        score: expect.any(Number),
      });
      expect(hit.snippet.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
    });

    it('filters by author and date, pages with a total, and caps count at 50', async () => {
      const itemId = await world.item(owner);
      const writer = await world.user();
      await world.member(owner, itemId, writer, MemberGroup.Edit);
      const mine = await world.page(owner, itemId, 'Mine', 'pagination word');
      const theirs = await world.page(writer, itemId, 'Theirs', 'pagination word');
      for (let i = 0; i < 3; i++) await world.page(owner, itemId, `Filler ${i}`, 'pagination word');
      expect(await world.found(owner, 'pagination', { item_id: itemId, author: writer.username })).toEqual([theirs]);
      expect(await world.found(owner, 'pagination', { item_id: itemId, since: Math.floor(Date.now() / 1000) + 3600 })).toEqual([]);
      const first = await world.search(owner, 'pagination', { item_id: itemId, count: 2, page: 1 });
      const third = await world.search(owner, 'pagination', { item_id: itemId, count: 2, page: 3 });
      expect([first.total, first.results.length, third.results.length]).toEqual([5, 2, 1]);
      const second = await world.found(owner, 'pagination', { item_id: itemId, count: 2, page: 2 });
      expect(new Set([...first.results.map((hit) => hit.page_id), ...second, ...third.results.map((hit) => hit.page_id)]).size).toBe(5);
      expect(await world.found(owner, 'pagination', { item_id: itemId, author: owner.username, count: 500 })).toContain(mine);
      for (let i = 0; i < 50; i++) await world.page(owner, itemId, `More ${i}`, 'pagination word');
      expect(await world.search(owner, 'pagination', { item_id: itemId, count: 500 })).toMatchObject({ total: 55, results: expect.any(Array) });
      expect((await world.found(owner, 'pagination', { item_id: itemId, count: 500 })).length).toBe(50);
    });

    it('answers item/search in ShowDoc 3.x shape, with 100 characters before the match and 200 after between ...', async () => {
      const itemId = await world.item(owner, { name: 'Shop & co' });
      const content = `${'a'.repeat(150)} 订单状态 ${'b'.repeat(400)}`;
      const pageId = await world.page(owner, itemId, '订单 <API>', content);
      const reply = await world.itemSearch(owner, itemId, '订单');
      expect(reply).toEqual({
        item_id: itemId,
        item_name: 'Shop &amp; co',
        pages: [{ page_id: pageId, page_title: '订单 &lt;API&gt;', cat_id: 0, search_content: `...${content.slice(51, 351)}...`, item_id: itemId, item_name: 'Shop &amp; co' }],
      });
    });
  });

  describe('bad input', () => {
    it('answers a blank keyword with 10101 and a message, cuts a long one at 200 characters', async () => {
      expect(await failure(world.search(owner, '   '))).toEqual({ code: ErrorCode.Failed, key: 'search_keyword_required' });
      expect(await failure(world.search(owner, ''))).toEqual({ code: ErrorCode.Failed, key: 'search_keyword_required' });
      expect(await failure(world.itemSearch(owner, 1, ' '))).toEqual({ code: ErrorCode.Failed, key: 'search_keyword_required' });
      const itemId = await world.item(owner);
      const pageId = await world.page(owner, itemId, 'Long', 'x'.repeat(200));
      expect(await world.found(owner, 'x'.repeat(300), { item_id: itemId })).toEqual([pageId]);
    });

    it('answers 10101 for an unknown or deleted item and 10303 for an item the caller may not read', async () => {
      expect(await failure(world.search(owner, 'x', { item_id: 999_999 }))).toEqual({ code: ErrorCode.Failed, key: 'search_item_not_found' });
      const gone = await world.item(owner);
      await world.send(Subject.ItemItemDelete, owner, { item_id: gone, password: owner.password });
      expect(await failure(world.search(owner, 'x', { item_id: gone }))).toEqual({ code: ErrorCode.Failed, key: 'search_item_not_found' });
      const secret = await world.item(owner, { password: 'letmein' });
      expect(await failure(world.search(await world.user(), 'x', { item_id: secret }))).toEqual({ code: ErrorCode.NotCreator, key: 'search_item_no_permission' });
      expect(await failure(world.itemSearch(testCaller(), secret, 'x'))).toEqual({ code: ErrorCode.NotCreator, key: 'search_item_no_permission' });
    });
  });

  describe('permissions', () => {
    it('never shows a private page to a stranger, shows it to the owner, and to a browser that typed the visit password', async () => {
      const itemId = await world.item(owner, { password: 'letmein' });
      const pageId = await world.page(owner, itemId, 'Secret', 'zanzibarite formula');
      const stranger = await world.user();
      expect(await world.found(stranger, 'zanzibarite')).toEqual([]);
      expect(await world.found(testCaller(), 'zanzibarite')).toEqual([]);
      expect(await world.found(owner, 'zanzibarite')).toEqual([pageId]);
      await world.send(Subject.ItemItemPwd, stranger, { item_id: itemId, password: 'letmein' });
      expect(await world.found(stranger, 'zanzibarite')).toEqual([pageId]);
      expect(await world.found({ ...stranger, clientId: 'another-browser' }, 'zanzibarite')).toEqual([]);
    });

    it('shows public items to anonymous callers', async () => {
      const itemId = await world.item(owner);
      const pageId = await world.page(owner, itemId, 'Public', 'quetzalcoatlite notes');
      expect(await world.found(testCaller(), 'quetzalcoatlite')).toEqual([pageId]);
    });

    it('lets a member see until removed, at the very next request', async () => {
      const itemId = await world.item(owner, { password: 'letmein' });
      const pageId = await world.page(owner, itemId, 'Members only', 'xylographite recipe');
      const member = await world.user();
      const memberId = await world.member(owner, itemId, member);
      expect(await world.found(member, 'xylographite')).toEqual([pageId]);
      await world.send(Subject.ItemMemberDelete, owner, { item_id: itemId, item_member_id: memberId });
      expect(await world.found(member, 'xylographite')).toEqual([]);
    });

    it('lets a team member see the team items', async () => {
      const itemId = await world.item(owner, { password: 'letmein' });
      const pageId = await world.page(owner, itemId, 'Team docs', 'yttriumite manual');
      const teammate = await world.user();
      const { id: teamId } = await world.send<{ id: number }>(Subject.TeamTeamSave, owner, { team_name: 'Crew' });
      await world.send(Subject.TeamMemberSave, owner, { team_id: teamId, member_username: teammate.username });
      expect(await world.found(teammate, 'yttriumite')).toEqual([]);
      await world.send(Subject.TeamItemSave, owner, { team_id: teamId, item_id: itemId });
      expect(await world.found(teammate, 'yttriumite')).toEqual([pageId]);
    });
  });

  describe('following every write', () => {
    it('finds a saved page at the very next request, its new text after an edit, and never a deleted one', async () => {
      const itemId = await world.item(owner);
      const pageId = await world.page(owner, itemId, 'Draft', 'vanadinite first text');
      expect(await world.found(owner, 'vanadinite')).toEqual([pageId]);
      await world.send(Subject.PagePageSave, owner, { page_id: pageId, item_id: itemId, page_title: 'Draft', page_content: 'wulfenite second text' });
      expect(await world.found(owner, 'vanadinite')).toEqual([]);
      expect(await world.found(owner, 'wulfenite')).toEqual([pageId]);
      await world.send(Subject.PagePageDelete, owner, { page_id: pageId });
      expect(await world.found(owner, 'wulfenite')).toEqual([]);
      await world.send(Subject.PageRecycleRecover, owner, { item_id: itemId, page_id: pageId });
      expect(await world.found(owner, 'wulfenite')).toEqual([pageId]);
    });

    it('finds every page of a burst of saves at the next request, edits and deletes among them too', async () => {
      const itemId = await world.item(owner);
      // More saves at once than one index commit takes: they are indexed in several batches.
      const pageIds = await Promise.all(Array.from({ length: 70 }, (_, i) => world.page(owner, itemId, `Burst ${i}`, `autunite batch ${i}`)));
      expect((await world.search(owner, 'autunite', { item_id: itemId, count: 50 })).total).toBe(70);
      await Promise.all([
        world.send(Subject.PagePageSave, owner, { page_id: pageIds[0], item_id: itemId, page_title: 'Burst 0', page_content: 'torbernite now' }),
        world.send(Subject.PagePageDelete, owner, { page_id: pageIds[1] }),
        ...pageIds
          .slice(2, 40)
          .map((pageId, i) => world.send(Subject.PagePageSave, owner, { page_id: pageId, item_id: itemId, page_title: `Burst ${i + 2}`, page_content: `autunite again ${i}` })),
      ]);
      expect((await world.search(owner, 'autunite', { item_id: itemId, count: 50 })).total).toBe(68);
      expect(await world.found(owner, 'torbernite', { item_id: itemId })).toEqual([pageIds[0]]);
      expect((await world.found(owner, 'autunite again', { item_id: itemId, count: 50 })).sort()).toEqual(pageIds.slice(2, 40).sort());
    });

    it('follows a catalog rename and delete, and an item delete', async () => {
      const itemId = await world.item(owner);
      const catId = await world.catalog(owner, itemId, 'Chapter');
      const pageId = await world.page(owner, itemId, 'In chapter', 'scheelite section', { cat_id: catId });
      await world.send(Subject.PageCatalogSave, owner, { item_id: itemId, cat_id: catId, cat_name: 'Renamed' });
      expect((await world.search(owner, 'scheelite')).results[0].cat_path).toEqual(['Renamed']);
      expect(await world.found(owner, 'renamed', { item_id: itemId })).toEqual([pageId]);
      await world.send(Subject.PageCatalogDelete, owner, { item_id: itemId, cat_id: catId });
      expect(await world.found(owner, 'scheelite')).toEqual([]);
      const other = await world.item(owner);
      const kept = await world.page(owner, other, 'Kept', 'cinnabarite');
      expect(await world.found(owner, 'cinnabarite')).toEqual([kept]);
      await world.send(Subject.ItemItemDelete, owner, { item_id: other, password: owner.password });
      expect(await world.found(owner, 'cinnabarite')).toEqual([]);
    });
  });
});
