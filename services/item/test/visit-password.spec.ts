import { KeyValueStore } from '@quire/platform';
import { ErrorCode, Subject } from '@quire/proto';
import { type ContextApp, testCaller } from '@quire/testing';
import { visitUnlockKey } from '../src/access/item-access.service';
import { bootItemApp, failure, ItemWorld, type User } from './item.factory';

describe('item service: item/pwd', () => {
  let ctx: ContextApp;
  let world: ItemWorld;
  let owner: User;
  const wrongPassword = { code: ErrorCode.ItemPassword, key: 'access_password_are_incorrect' };
  const locked = { code: ErrorCode.NotCreator, key: 'item_visit_password_required' };

  beforeAll(async () => {
    ctx = await bootItemApp();
    world = new ItemWorld(ctx);
    owner = await world.user();
  });

  afterAll(() => ctx.close());

  it('unlocks a private item for the browser that typed the password, and for 12 hours only', async () => {
    const itemId = await world.item(owner, { password: 'open sesame' });
    const browser = testCaller();
    expect(await failure(world.send(Subject.ItemItemInfo, browser, { item_id: itemId }))).toEqual(locked);
    expect(await world.send(Subject.ItemItemPwd, browser, { item_id: itemId, password: 'open sesame' })).toEqual({ refer_url: '' });
    expect(await world.send(Subject.ItemItemInfo, browser, { item_id: itemId })).toMatchObject({ item_id: itemId, is_login: false });
    expect(await failure(world.send(Subject.ItemItemInfo, testCaller(), { item_id: itemId }))).toEqual(locked);
    const ttl = await ctx.app.get(KeyValueStore).ttl(visitUnlockKey(browser.clientId, itemId));
    expect(ttl).toBeGreaterThan(12 * 3600 - 60);
    expect(ttl).toBeLessThanOrEqual(12 * 3600);
  });

  it('accepts the personal domain in item_id', async () => {
    const itemId = await world.item(owner, { password: 'pw', domain: 'secretdocs' });
    const browser = testCaller();
    await world.send(Subject.ItemItemPwd, browser, { item_id: 'secretdocs', password: 'pw' });
    expect(await world.send(Subject.ItemItemInfo, browser, { item_id: itemId })).toMatchObject({ item_id: itemId });
  });

  it('unlocks from a page id alone, as /page/{id} sends /item/password/0?page_id=', async () => {
    const itemId = await world.item(owner, { password: 'from-page' });
    const { page_id } = await world.page(owner, itemId, 'Deep link');
    const browser = testCaller();
    expect(await failure(world.send(Subject.ItemItemPwd, browser, { item_id: 0, page_id, password: 'wrong' }))).toEqual(wrongPassword);
    expect(await world.send(Subject.ItemItemPwd, browser, { item_id: 0, page_id, password: 'from-page' })).toEqual({ refer_url: '' });
    expect(await world.send(Subject.ItemItemInfo, browser, { item_id: itemId })).toMatchObject({ item_id: itemId });
  });

  it('compares exactly: no loose equality, no case folding, no trimming', async () => {
    const itemId = await world.item(owner, { password: '1000' });
    for (const password of ['1e3', '1000.0', ' 1000', '']) {
      expect(await failure(world.send(Subject.ItemItemPwd, testCaller(), { item_id: itemId, password }))).toEqual(wrongPassword);
    }
    const caseItem = await world.item(owner, { password: 'Secret' });
    expect(await failure(world.send(Subject.ItemItemPwd, testCaller(), { item_id: caseItem, password: 'secret' }))).toEqual(wrongPassword);
  });

  it('locks every browser out again when the creator changes the password', async () => {
    const itemId = await world.item(owner, { password: 'old' });
    const browser = testCaller();
    await world.send(Subject.ItemItemPwd, browser, { item_id: itemId, password: 'old' });
    await world.send(Subject.ItemItemUpdate, owner, { item_id: itemId, password: 'new' });
    expect(await failure(world.send(Subject.ItemItemInfo, browser, { item_id: itemId }))).toEqual(locked);
    await world.send(Subject.ItemItemPwd, browser, { item_id: itemId, password: 'new' });
    expect(await world.send(Subject.ItemItemInfo, browser, { item_id: itemId })).toMatchObject({ item_id: itemId });
  });

  it('answers 10101 for a missing or deleted item, or a page_id without item_id', async () => {
    const deleted = await world.item(owner, { password: 'pw' });
    await world.setStored(deleted, { is_del: 1, del_time: Math.floor(Date.now() / 1000) });
    const missing = { code: ErrorCode.Failed, key: 'item_not_exist' };
    expect(await failure(world.send(Subject.ItemItemPwd, testCaller(), { item_id: deleted, password: 'pw' }))).toEqual(missing);
    expect(await failure(world.send(Subject.ItemItemPwd, testCaller(), { item_id: 999999, password: 'pw' }))).toEqual(missing);
    expect(await failure(world.send(Subject.ItemItemPwd, testCaller(), { page_id: 999999, password: 'pw' }))).toEqual(missing);
    expect(await failure(world.send(Subject.ItemItemPwd, testCaller(), { item_id: 'nosuch', password: 'pw' }))).toEqual(missing);
  });

  it('refuses a 1 MB password and a negative page_id without counting a failure', async () => {
    const itemId = await world.item(owner, { password: 'pw' });
    expect(await failure(world.send(Subject.ItemItemPwd, testCaller(), { item_id: itemId, password: 'x'.repeat(1024 * 1024) }))).toEqual({ code: ErrorCode.Failed, key: 'param_too_long' });
    expect(await failure(world.send(Subject.ItemItemPwd, testCaller(), { item_id: itemId, page_id: -1, password: 'pw' }))).toEqual({ code: ErrorCode.Failed, key: 'param_out_of_range' });
    expect(await ctx.app.get(KeyValueStore).get(`item-pwd-fail:${itemId}`)).toBeNull();
  });

  it('gives back refer_url only when it is a path on this site', async () => {
    const itemId = await world.item(owner, { password: 'pw' });
    const encode = (url: string) => Buffer.from(url).toString('base64');
    expect(await world.send(Subject.ItemItemPwd, testCaller(), { item_id: itemId, password: 'pw', refer_url: encode('/5?page_id=3') })).toEqual({ refer_url: '/5?page_id=3' });
    for (const url of ['https://evil.example/', '//evil.example/', 'javascript:alert(1)']) {
      expect(await world.send(Subject.ItemItemPwd, testCaller(), { item_id: itemId, password: 'pw', refer_url: encode(url) })).toEqual({ refer_url: '' });
    }
  });

  it('needs nothing for a public item', async () => {
    const itemId = await world.item(owner);
    expect(await world.send(Subject.ItemItemPwd, testCaller(), { item_id: itemId, password: 'anything' })).toEqual({ refer_url: '' });
  });

  it('after 10 wrong passwords for an item (any visitor) answers 10308, then demands the captcha (10206)', async () => {
    const itemId = await world.item(owner, { password: 'right' });
    for (let i = 1; i <= 9; i++) {
      expect(await failure(world.send(Subject.ItemItemPwd, testCaller(), { item_id: itemId, password: `wrong${i}` }))).toEqual(wrongPassword);
    }
    expect(await failure(world.send(Subject.ItemItemPwd, testCaller(), { item_id: itemId, password: 'wrong10' }))).toEqual({
      code: ErrorCode.ItemPasswordCaptcha,
      key: 'access_password_are_incorrect',
    });
    const browser = testCaller();
    const captcha = { code: ErrorCode.Captcha, key: 'verification_code_are_incorrect' };
    // Even the right password needs the captcha now.
    expect(await failure(world.send(Subject.ItemItemPwd, browser, { item_id: itemId, password: 'right' }))).toEqual(captcha);
    const shown = await world.showCaptcha(browser);
    const wrongCode = shown === '1111' ? '2222' : '1111';
    expect(await failure(world.send(Subject.ItemItemPwd, browser, { item_id: itemId, password: 'right', v_code: wrongCode }))).toEqual(captcha);
    // The code was used up by the wrong guess.
    expect(await failure(world.send(Subject.ItemItemPwd, browser, { item_id: itemId, password: 'right', v_code: shown }))).toEqual(captcha);
    // With a fresh, right code, a wrong password still answers 10308.
    expect(await failure(world.send(Subject.ItemItemPwd, browser, { item_id: itemId, password: 'wrong', v_code: await world.showCaptcha(browser) }))).toEqual({
      code: ErrorCode.ItemPasswordCaptcha,
      key: 'access_password_are_incorrect',
    });
    expect(await world.send(Subject.ItemItemPwd, browser, { item_id: itemId, password: 'right', v_code: await world.showCaptcha(browser) })).toEqual({ refer_url: '' });
    expect(await world.send(Subject.ItemItemInfo, browser, { item_id: itemId })).toMatchObject({ item_id: itemId });
  });

  it('keeps the counter per item: other items still answer 10307', async () => {
    const itemId = await world.item(owner, { password: 'right' });
    expect(await failure(world.send(Subject.ItemItemPwd, testCaller(), { item_id: itemId, password: 'wrong' }))).toEqual(wrongPassword);
  });
});
