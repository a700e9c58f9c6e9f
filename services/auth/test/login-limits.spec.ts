import { KeyValueStore } from '@quire/platform';
import { AppError, type Caller, captchaKey, type LoggedInUser, type Reply, Subject, translate } from '@quire/proto';
import { type ContextApp, createContextApp, createUser, testCaller } from '@quire/testing';
import { AuthModule } from '../src/auth.module';
import { ACCOUNT_ADDRESS_FAILURE_LIMIT, ADDRESS_FAILURE_LIMIT } from '../src/login-guard/login-attempt-limiter';

type Outcome = { code: number; key: string; params?: Record<string, string | number> } | { uid: number };

/**
 * The limits on failed logins hold on their own: the attacker here reads every captcha (as a
 * template matcher does), so only the limits stand in the way.
 */
describe('limits on failed logins, whatever the captcha', () => {
  let ctx: ContextApp;
  let kv: KeyValueStore;
  let addressCounter = 0;

  /** A machine at an address of its own, with a browser id for captchas. */
  const machine = (): Caller => testCaller({ ip: `203.0.113.${++addressCounter}` });

  /** A login as a captcha-reading attacker sends it: a fresh image is solved for every try. */
  const attempt = async (from: Caller, username: string, password: string): Promise<Outcome> => {
    await ctx.relay(Subject.AuthCaptchaCreate, { caller: from, params: {} });
    const v_code = (await kv.get(captchaKey(from.clientId))) as string;
    try {
      const reply = await ctx.relay<Reply<LoggedInUser>>(Subject.AuthUserLogin, { caller: from, params: { username, password, v_code } });
      return { uid: (reply.data as LoggedInUser).uid };
    } catch (error) {
      if (error instanceof AppError) return { code: error.code, key: error.key, params: error.params };
      throw error;
    }
  };

  beforeAll(async () => {
    ctx = await createContextApp([AuthModule], { env: { QUIRE_ADMIN_PASSWORD: 'admin-secret' } });
    kv = ctx.app.get(KeyValueStore);
  });
  afterAll(() => ctx.close());

  it('refuses an address after 10 failures on one account, even with the right captcha and password; other addresses still log in', async () => {
    const victim = await createUser(ctx.app, { password: 'the-real-pass' });
    const attacker = machine();

    for (let i = 1; i <= ACCOUNT_ADDRESS_FAILURE_LIMIT; i++) {
      expect(await attempt(attacker, victim.username, `guess-${i}`)).toMatchObject({ key: 'username_or_password_incorrect' });
    }
    for (const password of ['guess-11', 'guess-12', 'the-real-pass']) {
      expect(await attempt(attacker, victim.username, password)).toEqual({ code: 10429, key: 'login_too_many_failures', params: { minutes: 15 } });
    }

    expect(await attempt(machine(), victim.username, 'the-real-pass')).toEqual({ uid: victim.uid });
    // The attacker's address may still sign in to other accounts.
    const own = await createUser(ctx.app, { password: 'attackers-own' });
    expect(await attempt(attacker, own.username, 'attackers-own')).toEqual({ uid: own.uid });
  });

  it('takes an IPv6 /64 as one address: rotating through it buys no more tries', async () => {
    const victim = await createUser(ctx.app, { password: 'v6-real-pass' });
    const from = (host: number) => testCaller({ ip: `2001:db8:7:${addressCounter}::${host.toString(16)}` });
    addressCounter += 1;

    for (let i = 1; i <= ACCOUNT_ADDRESS_FAILURE_LIMIT; i++) await attempt(from(i), victim.username, `v6-guess-${i}`);

    expect(await attempt(from(0xbeef), victim.username, 'v6-real-pass')).toMatchObject({ code: 10429, key: 'login_too_many_failures' });
    expect(await attempt(testCaller({ ip: `2001:db8:8:${addressCounter}::1` }), victim.username, 'v6-real-pass')).toEqual({ uid: victim.uid });
  });

  it('says how long to wait, in both languages', () => {
    expect(translate('login_too_many_failures', 'en', { minutes: 15 })).toBe('Too many failed logins from your address: try again in 15 minutes');
    expect(translate('login_too_many_failures', 'zh-cn', { minutes: 15 })).toBe('你所在地址的登录失败次数过多，请 15 分钟后再试');
  });

  it('refuses an address after 50 failures spread over many accounts, for every account', async () => {
    const sprayer = machine();
    const accounts = await Promise.all(Array.from({ length: 6 }, () => createUser(ctx.app, { password: 'sprayed-pass' })));

    for (let i = 0; i < ADDRESS_FAILURE_LIMIT; i++) {
      const target = accounts[i % accounts.length];
      expect(await attempt(sprayer, target.username, `spray-${i}`)).toMatchObject({ key: 'username_or_password_incorrect' });
    }
    const fresh = await createUser(ctx.app, { password: 'fresh-pass' });

    expect(await attempt(sprayer, fresh.username, 'fresh-pass')).toMatchObject({ code: 10429, key: 'login_too_many_failures' });
    expect(await attempt(sprayer, accounts[0].username, 'sprayed-pass')).toMatchObject({ code: 10429, key: 'login_too_many_failures' });
    expect(await attempt(machine(), fresh.username, 'fresh-pass')).toEqual({ uid: fresh.uid });
  });

  it('counts only failures: an address that signs in often is never refused, and a success clears its account count', async () => {
    const user = await createUser(ctx.app, { password: 'often-pass' });
    const office = machine();

    for (let i = 0; i < ACCOUNT_ADDRESS_FAILURE_LIMIT + 5; i++) expect(await attempt(office, user.username, 'often-pass')).toEqual({ uid: user.uid });
    for (let i = 1; i < ACCOUNT_ADDRESS_FAILURE_LIMIT; i++) await attempt(office, user.username, `typo-${i}`);
    expect(await attempt(office, user.username, 'often-pass')).toEqual({ uid: user.uid });
    for (let i = 1; i < ACCOUNT_ADDRESS_FAILURE_LIMIT; i++) await attempt(office, user.username, `typo-again-${i}`);

    expect(await attempt(office, user.username, 'often-pass')).toEqual({ uid: user.uid });
  });
});
