import { KeyValueStore } from '@quire/platform';
import { type Caller, ErrorCode, Subject, translate } from '@quire/proto';
import { type ContextApp, testCaller } from '@quire/testing';
import { visitUnlockKey } from '../src/access/item-access.service';
import { VISIT_PASSWORD_ADDRESS_LIMIT, VISIT_PASSWORD_ADDRESS_WINDOW_SECONDS, visitPasswordAddressKey } from '../src/item/visit-password-failure-counter';
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
    expect(await ctx.app.get(KeyValueStore).keysWithPrefix(`item-pwd-fail:${itemId}:`)).toEqual([]);
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

  describe('failures counted per visitor', () => {
    let addressCounter = 0;
    /** A machine at an address of its own. */
    const newAddress = () => `198.51.100.${++addressCounter}`;
    const wrongNowCaptcha = { code: ErrorCode.ItemPasswordCaptcha, key: 'access_password_are_incorrect' };
    const captchaRequired = { code: ErrorCode.Captcha, key: 'verification_code_required' };
    const captchaWrong = { code: ErrorCode.Captcha, key: 'verification_code_are_incorrect' };
    const unlocked = { refer_url: '' };

    /** A wrong guess from a fresh browser (cookies cleared) at `ip`, as a stranger sends it. */
    const guessFromNewBrowser = (itemId: number, ip: string, password: string) => failure(world.send(Subject.ItemItemPwd, testCaller({ ip }), { item_id: itemId, password }));
    /** A try with a freshly solved captcha, as a machine that reads the image sends it. */
    const solvedTry = async (browser: Caller, itemId: number, password: string) =>
      world.send(Subject.ItemItemPwd, browser, { item_id: itemId, password, v_code: await world.showCaptcha(browser) });

    it("lets every other reader in with the right password, without a captcha, after a stranger's 12 failures", async () => {
      const itemId = await world.item(owner, { password: 'right' });
      const stranger = testCaller({ ip: newAddress() });
      for (let i = 1; i <= 9; i++) expect(await failure(world.send(Subject.ItemItemPwd, stranger, { item_id: itemId, password: `wrong${i}` }))).toEqual(wrongPassword);
      expect(await failure(world.send(Subject.ItemItemPwd, stranger, { item_id: itemId, password: 'wrong10' }))).toEqual(wrongNowCaptcha);
      expect(await failure(world.send(Subject.ItemItemPwd, stranger, { item_id: itemId, password: 'wrong11' }))).toEqual(captchaRequired);
      expect(await failure(solvedTry(stranger, itemId, 'wrong12'))).toEqual(wrongNowCaptcha);

      const reader = testCaller({ ip: newAddress() });
      expect(await world.send(Subject.ItemItemPwd, reader, { item_id: itemId, password: 'right' })).toEqual(unlocked);
      expect(await world.send(Subject.ItemItemInfo, reader, { item_id: itemId })).toMatchObject({ item_id: itemId });
      // Another reader's typo is that reader's first failure, not the item's thirteenth.
      expect(await failure(world.send(Subject.ItemItemPwd, testCaller({ ip: newAddress() }), { item_id: itemId, password: 'typo' }))).toEqual(wrongPassword);
    });

    it('asks a stranger who clears cookies for the captcha after 10 failures from the address, then refuses the address after 20', async () => {
      const itemId = await world.item(owner, { password: 'right' });
      const address = newAddress();
      for (let i = 1; i <= 9; i++) expect(await guessFromNewBrowser(itemId, address, `wrong${i}`)).toEqual(wrongPassword);
      expect(await guessFromNewBrowser(itemId, address, 'wrong10')).toEqual(wrongNowCaptcha);
      expect(await guessFromNewBrowser(itemId, address, 'wrong11')).toEqual(captchaRequired);

      const stranger = testCaller({ ip: address });
      const shown = await world.showCaptcha(stranger);
      expect(await failure(world.send(Subject.ItemItemPwd, stranger, { item_id: itemId, password: 'wrong11', v_code: shown === '1111' ? '2222' : '1111' }))).toEqual(captchaWrong);
      // The code was used up by the wrong guess.
      expect(await failure(world.send(Subject.ItemItemPwd, stranger, { item_id: itemId, password: 'wrong11', v_code: shown }))).toEqual(captchaWrong);
      for (let i = 11; i <= VISIT_PASSWORD_ADDRESS_LIMIT; i++) expect(await failure(solvedTry(stranger, itemId, `wrong${i}`))).toEqual(wrongNowCaptcha);

      // Reading every captcha buys nothing more: the address is refused, even with the right password.
      const refused = { code: ErrorCode.RateLimited, key: 'item_password_too_many_failures' };
      expect(await failure(solvedTry(stranger, itemId, 'wrong21'))).toEqual(refused);
      expect(await failure(solvedTry(testCaller({ ip: address }), itemId, 'right'))).toEqual(refused);
      const ttl = await ctx.app.get(KeyValueStore).ttl(visitPasswordAddressKey(itemId, address));
      expect(ttl).toBeGreaterThan(VISIT_PASSWORD_ADDRESS_WINDOW_SECONDS - 60);

      // Readers elsewhere are not refused; the stranger's address may still try other items.
      expect(await world.send(Subject.ItemItemPwd, testCaller({ ip: newAddress() }), { item_id: itemId, password: 'right' })).toEqual(unlocked);
      const otherItem = await world.item(owner, { password: 'other' });
      expect(await guessFromNewBrowser(otherItem, address, 'guess')).toEqual(wrongPassword);
    });

    it('says how long an address must wait, in both languages', () => {
      expect(translate('item_password_too_many_failures', 'en', { minutes: 60 })).toBe('Too many wrong visit passwords for this item from your address: try again in 60 minutes');
      expect(translate('item_password_too_many_failures', 'zh-cn', { minutes: 60 })).toBe('你所在地址对该项目输错访问密码的次数过多，请 60 分钟后再试');
      expect(translate('verification_code_required', 'en')).toBe('Please enter the verification code shown in the image');
      expect(translate('verification_code_required', 'zh-cn')).toBe('请输入图片中的验证码');
    });

    it('lets a reader behind the same address in with the captcha and the right password', async () => {
      const itemId = await world.item(owner, { password: 'right' });
      const office = newAddress();
      for (let i = 1; i <= 10; i++) await guessFromNewBrowser(itemId, office, `wrong${i}`);
      const colleague = testCaller({ ip: office });
      expect(await failure(world.send(Subject.ItemItemPwd, colleague, { item_id: itemId, password: 'right' }))).toEqual(captchaRequired);
      expect(await solvedTry(colleague, itemId, 'right')).toEqual(unlocked);
      expect(await world.send(Subject.ItemItemInfo, colleague, { item_id: itemId })).toMatchObject({ item_id: itemId });
    });

    it('counts a browser that changes address: its 10th failure asks for the captcha wherever it is', async () => {
      const itemId = await world.item(owner, { password: 'right' });
      const phone = testCaller({ ip: newAddress() });
      for (let i = 1; i <= 9; i++) expect(await failure(world.send(Subject.ItemItemPwd, { ...phone, ip: newAddress() }, { item_id: itemId, password: `wrong${i}` }))).toEqual(wrongPassword);
      expect(await failure(world.send(Subject.ItemItemPwd, { ...phone, ip: newAddress() }, { item_id: itemId, password: 'wrong10' }))).toEqual(wrongNowCaptcha);
      expect(await failure(world.send(Subject.ItemItemPwd, { ...phone, ip: newAddress() }, { item_id: itemId, password: 'right' }))).toEqual(captchaRequired);
      // The right password clears the browser's count.
      expect(await solvedTry({ ...phone, ip: newAddress() }, itemId, 'right')).toEqual(unlocked);
      expect(await failure(world.send(Subject.ItemItemPwd, { ...phone, ip: newAddress() }, { item_id: itemId, password: 'wrong11' }))).toEqual(wrongPassword);
    });

    it('takes an IPv6 /64 as one address', async () => {
      const itemId = await world.item(owner, { password: 'right' });
      for (let i = 1; i <= 10; i++) await guessFromNewBrowser(itemId, `2001:db8:9:1::${i.toString(16)}`, `wrong${i}`);
      expect(await guessFromNewBrowser(itemId, '2001:db8:9:1::beef', 'wrong11')).toEqual(captchaRequired);
      expect(await guessFromNewBrowser(itemId, '2001:db8:9:2::1', 'wrong11')).toEqual(wrongPassword);
    });
  });
});
