import { ErrorCode, type ItemTokenRow, type Menu, type PageRow, Subject } from '@quire/proto';
import { type ContextApp, testCaller } from '@quire/testing';
import { bootItemApp, failure, ItemWorld, replyText, type User } from './item.factory';

describe('item service: open API', () => {
  let ctx: ContextApp;
  let world: ItemWorld;
  let owner: User;
  const script = testCaller();

  beforeAll(async () => {
    ctx = await bootItemApp();
    world = new ItemWorld(ctx);
    owner = await world.user();
  });

  afterAll(() => ctx.close());

  async function itemWithKey(options: { password?: string } = {}): Promise<{ itemId: number; key: ItemTokenRow }> {
    const itemId = await world.item(owner, options);
    return { itemId, key: await world.send<ItemTokenRow>(Subject.ItemItemGetKey, owner, { item_id: itemId }) };
  }

  const menuOf = (itemId: number) => world.send<{ menu: Menu }>(Subject.ItemItemInfo, owner, { item_id: itemId }).then((info) => info.menu);

  describe('item/updateByApi (open/updateItem, open/updatePage)', () => {
    it('creates a page under a catalog path, then updates it by title', async () => {
      const { itemId, key } = await itemWithKey({ password: 'private items work too' });
      const creds = { api_key: key.api_key, api_token: key.api_token };
      const created = await world.send<PageRow>(Subject.ItemOpenUpdatePage, script, {
        ...creds,
        cat_name: 'API/Users',
        cat_name_sub: 'Login',
        page_title: 'POST /login',
        page_content: 'v1',
      });
      expect(created).toMatchObject({ page_title: 'POST /login', s_number: 99 });
      const updated = await world.send<PageRow>(Subject.ItemOpenUpdatePage, script, { ...creds, cat_name: 'API/Users/Login', page_title: 'POST /login', page_content: 'v2', s_number: '3' });
      expect(updated.page_id).toBe(created.page_id);
      expect(updated.s_number).toBe(3);

      const menu = await menuOf(itemId);
      const path = menu.catalogs.map((c) => [c.cat_name, c.catalogs?.map((d) => [d.cat_name, d.catalogs?.map((e) => [e.cat_name, e.pages.map((p) => p.page_title)])])]);
      expect(path).toEqual([['API', [['Users', [['Login', ['POST /login']]]]]]]);
      const page = await world.send<{ page_content: string }>(Subject.PagePageInfo, owner, { page_id: created.page_id });
      expect(page.page_content).toBe('v2');
    });

    it('answers 10306 to a wrong or missing key or token, and writes nothing', async () => {
      const { itemId, key } = await itemWithKey();
      const mismatch = { code: ErrorCode.ApiKeyMismatch, key: 'api_key_mismatch' };
      for (const creds of [{ api_key: key.api_key, api_token: 'wrong' }, { api_key: 'wrong', api_token: key.api_token }, { api_key: key.api_key }, {}]) {
        expect(await failure(world.send(Subject.ItemOpenUpdatePage, script, { ...creds, page_title: 't', page_content: 'c' }))).toEqual(mismatch);
      }
      expect((await menuOf(itemId)).pages).toEqual([]);
    });

    it('stops accepting the old credentials the moment they are reset', async () => {
      const { key } = await itemWithKey();
      const reset = await world.send<ItemTokenRow>(Subject.ItemItemResetKey, owner, { item_id: key.item_id });
      expect(await failure(world.send(Subject.ItemOpenUpdatePage, script, { api_key: key.api_key, api_token: key.api_token, page_title: 't', page_content: 'c' }))).toEqual({
        code: ErrorCode.ApiKeyMismatch,
        key: 'api_key_mismatch',
      });
      // Nor does the new key work with the old token.
      expect(await failure(world.send(Subject.ItemOpenUpdatePage, script, { api_key: reset.api_key, api_token: key.api_token, page_title: 't', page_content: 'c' }))).toMatchObject({
        code: ErrorCode.ApiKeyMismatch,
      });
      expect(await world.send(Subject.ItemOpenUpdatePage, script, { api_key: reset.api_key, api_token: reset.api_token, page_title: 't', page_content: 'c' })).toMatchObject({
        page_title: 't',
      });
    });

    it('refuses a deleted item (10306), an archived one (10101), and a missing title or content (10101)', async () => {
      const archived = await itemWithKey();
      await world.setStored(archived.itemId, { is_archived: 1 });
      const creds = { api_key: archived.key.api_key, api_token: archived.key.api_token };
      expect(await failure(world.send(Subject.ItemOpenUpdatePage, script, { ...creds, page_title: 't', page_content: 'c' }))).toEqual({
        code: ErrorCode.Failed,
        key: 'item_archived_read_only',
      });

      const deleted = await itemWithKey();
      await world.setStored(deleted.itemId, { is_del: 1, del_time: Math.floor(Date.now() / 1000) });
      expect(
        await failure(world.send(Subject.ItemOpenUpdatePage, script, { api_key: deleted.key.api_key, api_token: deleted.key.api_token, page_title: 't', page_content: 'c' })),
      ).toMatchObject({ code: ErrorCode.ApiKeyMismatch });

      const live = await itemWithKey();
      const liveCreds = { api_key: live.key.api_key, api_token: live.key.api_token };
      expect(await failure(world.send(Subject.ItemOpenUpdatePage, script, { ...liveCreds, page_content: 'c' }))).toEqual({ code: ErrorCode.Failed, key: 'param_required' });
      expect(await failure(world.send(Subject.ItemOpenUpdatePage, script, { ...liveCreds, page_title: 't' }))).toEqual({ code: ErrorCode.Failed, key: 'param_required' });
      expect((await menuOf(live.itemId)).pages).toEqual([]);
    });
  });

  describe('open/updateDbItem', () => {
    it('writes one page per table and answers in plain text', async () => {
      const { itemId, key } = await itemWithKey();
      const reply = await world.send(Subject.ItemOpenUpdateDbItem, script, {
        api_key: key.api_key,
        api_token: key.api_token,
        table_info: 'TABLE_NAME\tTABLE_COMMENT\nusers\tThe users\n',
        table_detail: 'TABLE_NAME\tCOLUMN_NAME\tCOLUMN_DEFAULT\tIS_NULLABLE\tCOLUMN_TYPE\tCOLUMN_COMMENT\nusers\tuid\tNULL\tNO\tint\tid\n',
        cat_name: 'Database',
      });
      expect(reply).toMatchObject({ raw: { contentType: 'text/plain; charset=utf-8' } });
      expect(replyText(reply)).toBe('成功\n');
      const menu = await menuOf(itemId);
      expect(menu.catalogs.map((c) => [c.cat_name, c.pages.map((p) => p.page_title)])).toEqual([['Database', ['users']]]);
    });

    it('answers the mismatch text to bad credentials and 失败 to an empty dictionary', async () => {
      const { key } = await itemWithKey();
      expect(replyText(await world.send(Subject.ItemOpenUpdateDbItem, script, { api_key: key.api_key, api_token: 'x' }))).toBe('api_key或者api_token不匹配\n');
      expect(replyText(await world.send(Subject.ItemOpenUpdateDbItem, script, { api_key: key.api_key, api_token: key.api_token, table_info: '' }))).toBe('失败\n');
    });
  });

  describe('open/fromComments', () => {
    it('writes an API page per showdoc comment block and answers in plain text', async () => {
      const { itemId, key } = await itemWithKey();
      const content = '/**\n * showdoc\n * @catalog Users\n * @title Login\n * @method post\n * @url /api/user/login\n * @param username required string name\n */';
      const reply = await world.send(Subject.ItemOpenFromComments, script, { api_key: key.api_key, api_token: key.api_token, content });
      expect(replyText(reply)).toBe('\n 成功 \n\n ');
      const menu = await menuOf(itemId);
      expect(menu.catalogs.map((c) => [c.cat_name, c.pages.map((p) => p.page_title)])).toEqual([['Users', ['Login']]]);
    });

    it('answers the mismatch text and 失败 like ShowDoc', async () => {
      const { key } = await itemWithKey();
      expect(replyText(await world.send(Subject.ItemOpenFromComments, script, { api_key: 'x', api_token: 'y', content: '' }))).toBe('\napi_key或者api_token不匹配\n\n');
      expect(replyText(await world.send(Subject.ItemOpenFromComments, script, { api_key: key.api_key, api_token: key.api_token, content: 'no docs here' }))).toBe('失败');
    });
  });
});
