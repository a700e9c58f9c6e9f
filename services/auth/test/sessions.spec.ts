import { KeyValueStore } from '@quire/platform';
import {
  AppError,
  type Caller,
  captchaKey,
  type LoggedInUser,
  type Reply,
  type SessionRecord,
  sessionKey,
  Subject,
  type UserInfo,
  userSessionsKey,
} from '@quire/proto';
import { type ContextApp, createContextApp, testCaller } from '@quire/testing';
import { AuthModule } from '../src/auth.module';

async function codeOf(work: Promise<unknown>): Promise<[number, string]> {
  try {
    await work;
  } catch (error) {
    if (error instanceof AppError) return [error.code, error.key];
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('auth sessions', () => {
  let ctx: ContextApp;
  let kv: KeyValueStore;
  let sequence = 0;

  const send = <T>(subject: (typeof Subject)[keyof typeof Subject], caller: Caller, params: Record<string, unknown> = {}) =>
    ctx.transport.send<T>(subject, { caller, params });
  const captchaFor = async (caller: Caller) => {
    await send(Subject.AuthCaptchaCreate, caller);
    return (await kv.get(captchaKey(caller.clientId))) as string;
  };
  /** Registers a fresh user (registration is open: no admin service in this app). */
  const newUser = async (password = 'secret-1') => {
    const username = `member_${++sequence}`;
    const caller = testCaller();
    await send(Subject.AuthUserRegister, caller, { username, password, confirm_password: password, v_code: await captchaFor(caller) });
    return username;
  };
  const login = async (username: string, password: string, caller = testCaller()) => {
    const reply = await send<Reply<LoggedInUser>>(Subject.AuthUserLogin, caller, { username, password });
    const user = reply.data as LoggedInUser;
    return { user, token: user.user_token, caller: { ...caller, uid: user.uid, username: user.username, groupid: user.groupid, token: user.user_token } };
  };

  beforeAll(async () => {
    ctx = await createContextApp([AuthModule], { env: { QUIRE_ADMIN_PASSWORD: 'admin-secret' } });
    kv = ctx.app.get(KeyValueStore);
  });
  afterAll(() => ctx.close());

  it('login stores the session the gateway resolves, for 90 days, and lists it under the user', async () => {
    const username = await newUser('login-pass');

    const { user, token } = await login(username, 'login-pass');

    expect(token).toMatch(/^[0-9a-f]{64}$/);
    const record = JSON.parse((await kv.get(sessionKey(token))) as string) as SessionRecord;
    expect(record).toMatchObject({ uid: user.uid, username, groupid: 2 });
    expect(await kv.ttl(sessionKey(token))).toBeGreaterThan(89 * 24 * 3600);
    expect(await kv.setMembers(userSessionsKey(user.uid))).toContain(token);
  });

  it('records the login time', async () => {
    const username = await newUser('time-pass');
    const before = Math.floor(Date.now() / 1000);

    const { caller } = await login(username, 'time-pass');

    expect((await send<UserInfo>(Subject.AuthUserInfo, caller)).last_login_time).toBeGreaterThanOrEqual(before);
  });

  it('logout ends only the calling session; the other browser stays signed in', async () => {
    const username = await newUser('two-devices');
    const laptop = await login(username, 'two-devices');
    const phone = await login(username, 'two-devices');

    await send(Subject.AuthUserLogout, laptop.caller);

    expect(await kv.get(sessionKey(laptop.token))).toBeNull();
    expect(await kv.get(sessionKey(phone.token))).not.toBeNull();
  });

  it('a password change ends every other session and keeps the current one', async () => {
    const username = await newUser('first-pass');
    const here = await login(username, 'first-pass');
    const elsewhere = [await login(username, 'first-pass'), await login(username, 'first-pass')];

    await send(Subject.AuthUserResetPassword, here.caller, { password: 'first-pass', new_password: 'second-pass' });

    for (const other of elsewhere) expect(await kv.get(sessionKey(other.token))).toBeNull();
    expect(await kv.get(sessionKey(here.token))).not.toBeNull();
    expect(await codeOf(login(username, 'first-pass'))).toEqual([10204, 'username_or_password_incorrect']);
  });

  it('a password change also ends sessions started at the same moment (none is lost from the list)', async () => {
    const username = await newUser('race-pass');
    const here = await login(username, 'race-pass');
    const elsewhere = await Promise.all(Array.from({ length: 8 }, () => login(username, 'race-pass')));

    await send(Subject.AuthUserResetPassword, here.caller, { password: 'race-pass', new_password: 'race-pass-2' });

    expect((await Promise.all(elsewhere.map((other) => kv.get(sessionKey(other.token))))).filter((record) => record !== null)).toEqual([]);
    expect(await kv.setMembers(userSessionsKey(here.user.uid))).toEqual([here.token]);
  });

  it('after five failures a wrong captcha is refused and uses the code up', async () => {
    const username = await newUser('guarded-pass');
    const browser = testCaller();
    for (let i = 0; i < 5; i++) await codeOf(login(username, 'wrong-pass', browser));
    const code = await captchaFor(browser);
    const wrong = code === '1111' ? '2222' : '1111';

    expect(await codeOf(send(Subject.AuthUserLogin, browser, { username, password: 'guarded-pass', v_code: wrong }))).toEqual([
      10206,
      'verification_code_are_incorrect',
    ]);
    expect(await codeOf(send(Subject.AuthUserLogin, browser, { username, password: 'guarded-pass', v_code: code }))).toEqual([
      10206,
      'verification_code_are_incorrect',
    ]);
    // a wrong password with a fresh correct code still counts as a failure and keeps answering 10210
    expect(await codeOf(send(Subject.AuthUserLogin, browser, { username, password: 'wrong-pass', v_code: await captchaFor(browser) }))).toEqual([
      10210,
      'username_or_password_incorrect',
    ]);
  });

  it('answers info for a session whose user no longer exists with 10102', async () => {
    expect(await codeOf(send(Subject.AuthUserInfo, testCaller({ uid: 987654, username: 'ghost', groupid: 2 })))).toEqual([10102, 'not_logged_in']);
  });
});
