import * as fs from 'node:fs';
import { hashSecret, KeyValueStore } from '@quire/platform';
import {
  AppError,
  type Caller,
  captchaKey,
  type LoggedInUser,
  type Reply,
  type SessionRecord,
  SessionReader,
  sessionKey,
  sessionLanguageKey,
  Subject,
  type UserInfo,
  userSessionsKey,
} from '@quire/proto';
import { type ContextApp, createContextApp, databaseText, testCaller } from '@quire/testing';
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

  const send = <T>(subject: (typeof Subject)[keyof typeof Subject], caller: Caller, params: Record<string, unknown> = {}) => ctx.relay<T>(subject, { caller, params });
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
    // The gateway resolves the token to its session and passes on the hash, as the session is stored.
    const hash = hashSecret(user.user_token);
    return { user, token: user.user_token, hash, caller: { ...caller, uid: user.uid, username: user.username, groupid: user.groupid, token: hash } };
  };

  beforeAll(async () => {
    ctx = await createContextApp([AuthModule], { env: { QUIRE_ADMIN_PASSWORD: 'admin-secret' } });
    kv = ctx.app.get(KeyValueStore);
  });
  afterAll(() => ctx.close());

  it("keeps the user's language beside each live session for the gateway, and never brings an ended session back with it", async () => {
    const username = await newUser('lang-pass');
    const kept = await login(username, 'lang-pass');
    const ended = await login(username, 'lang-pass');
    const reader = new SessionReader(kv);
    expect((await reader.read(kept.hash)).language).toBeUndefined();
    await send(Subject.AuthUserLogout, ended.caller);

    await send(Subject.AuthUserUpdateInfo, kept.caller, { language: 'zh-cn' });

    expect(await reader.read(kept.hash)).toMatchObject({ session: { uid: kept.user.uid }, language: 'zh-cn' });
    expect(await kv.ttl(sessionLanguageKey(kept.hash))).toBeGreaterThan(89 * 24 * 3600);
    expect(await reader.read(ended.hash)).toMatchObject({ session: null, language: undefined });
    expect(await kv.get(sessionLanguageKey(ended.hash))).toBeNull();
    // A new session starts with the setting; no setting again removes it from every session.
    const later = await login(username, 'lang-pass');
    expect(later.user.language).toBe('zh-cn');
    expect((await reader.read(later.hash)).language).toBe('zh-cn');
    await send(Subject.AuthUserUpdateInfo, later.caller, { language: '' });
    expect((await reader.read(kept.hash)).language).toBeUndefined();
    expect((await reader.read(later.hash)).language).toBeUndefined();
    expect((await send<UserInfo>(Subject.AuthUserInfo, later.caller)).language).toBe('');
  });

  it('login stores the session the gateway resolves, for 90 days, under the hash of its token, and lists the hash under the user', async () => {
    const username = await newUser('login-pass');

    const { user, token, hash } = await login(username, 'login-pass');

    expect(token).toMatch(/^[0-9a-f]{64}$/);
    const record = JSON.parse((await kv.get(sessionKey(hash))) as string) as SessionRecord;
    expect(record).toMatchObject({ uid: user.uid, username, groupid: 2 });
    expect(await kv.ttl(sessionKey(hash))).toBeGreaterThan(89 * 24 * 3600);
    // (registering signed the user in too: that session is listed beside this one)
    expect(await kv.setMembers(userSessionsKey(user.uid))).toContain(hash);
    expect(await kv.setMembers(userSessionsKey(user.uid))).not.toContain(token);
  });

  it('keeps no session token in the store, neither in a key nor in a value, and none in its file', async () => {
    const username = await newUser('hidden-pass');
    const { token } = await login(username, 'hidden-pass');

    const keys = await kv.keysWithPrefix('');
    const values = await kv.getMany(keys);
    const sets = await Promise.all(keys.map((key) => kv.setMembers(key)));

    expect(keys.filter((key) => key.includes(token))).toEqual([]);
    expect(values.filter((value) => value?.includes(token))).toEqual([]);
    expect(sets.flat().filter((member) => member.includes(token))).toEqual([]);
    expect(databaseText(ctx.dataDir)).not.toContain(token);
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

    expect(await kv.get(sessionKey(laptop.hash))).toBeNull();
    expect(await kv.get(sessionKey(phone.hash))).not.toBeNull();
    expect(await kv.setMembers(userSessionsKey(laptop.user.uid))).toContain(phone.hash);
    expect(await kv.setMembers(userSessionsKey(laptop.user.uid))).not.toContain(laptop.hash);
  });

  it('a password change ends every other session and keeps the current one', async () => {
    const username = await newUser('first-pass');
    const here = await login(username, 'first-pass');
    const elsewhere = [await login(username, 'first-pass'), await login(username, 'first-pass')];

    await send(Subject.AuthUserResetPassword, here.caller, { password: 'first-pass', new_password: 'second-pass' });

    for (const other of elsewhere) expect(await kv.get(sessionKey(other.hash))).toBeNull();
    expect(await kv.get(sessionKey(here.hash))).not.toBeNull();
    expect(await codeOf(login(username, 'first-pass'))).toEqual([10204, 'username_or_password_incorrect']);
  });

  it('a password change also ends sessions started at the same moment (none is lost from the list)', async () => {
    const username = await newUser('race-pass');
    const here = await login(username, 'race-pass');
    const elsewhere = await Promise.all(Array.from({ length: 8 }, () => login(username, 'race-pass')));

    await send(Subject.AuthUserResetPassword, here.caller, { password: 'race-pass', new_password: 'race-pass-2' });

    expect((await Promise.all(elsewhere.map((other) => kv.get(sessionKey(other.hash))))).filter((record) => record !== null)).toEqual([]);
    expect(await kv.setMembers(userSessionsKey(here.user.uid))).toEqual([here.hash]);
  });

  it('after five failures a wrong captcha is refused and uses the code up', async () => {
    const username = await newUser('guarded-pass');
    const browser = testCaller();
    for (let i = 0; i < 5; i++) await codeOf(login(username, 'wrong-pass', browser));
    const code = await captchaFor(browser);
    const wrong = code === '1111' ? '2222' : '1111';

    expect(await codeOf(send(Subject.AuthUserLogin, browser, { username, password: 'guarded-pass', v_code: wrong }))).toEqual([10206, 'verification_code_are_incorrect']);
    expect(await codeOf(send(Subject.AuthUserLogin, browser, { username, password: 'guarded-pass', v_code: code }))).toEqual([10206, 'verification_code_are_incorrect']);
    // a wrong password with a fresh correct code still counts as a failure and keeps answering 10210
    expect(await codeOf(send(Subject.AuthUserLogin, browser, { username, password: 'wrong-pass', v_code: await captchaFor(browser) }))).toEqual([10210, 'username_or_password_incorrect']);
  });

  it('answers info for a session whose user no longer exists with 10102', async () => {
    expect(await codeOf(send(Subject.AuthUserInfo, testCaller({ uid: 987654, username: 'ghost', groupid: 2 })))).toEqual([10102, 'not_logged_in']);
  });
});

describe('auth sessions stored before tokens were hashed', () => {
  const token = 'a1b2c3d4'.repeat(8);
  const otherToken = 'f9e8d7c6'.repeat(8);
  const record = JSON.stringify({ uid: 41, username: 'early_bird', groupid: 2, createdAt: 1_700_000_000 });

  it('are moved to hashed keys at boot with the lifetime they had left, and no token stays in the file', async () => {
    const first = await createContextApp([AuthModule]);
    const dataDir = first.dataDir;
    try {
      // What the earlier version wrote: the record under the token, the user's set of tokens.
      const kv = first.app.get(KeyValueStore);
      await kv.set(`session:${token}`, record, 3_000);
      await kv.set(`session:${otherToken}`, record, 600);
      await kv.addToSet('user-session-set:41', [token, otherToken], 3_000);
      await first.app.close();
      expect(databaseText(dataDir)).toContain(token);

      const second = await createContextApp([AuthModule], { env: { DATA_DIR: dataDir } });
      try {
        const upgraded = second.app.get(KeyValueStore);
        expect(await upgraded.get(sessionKey(hashSecret(token)))).toBe(record);
        expect([2_999, 3_000]).toContain(await upgraded.ttl(sessionKey(hashSecret(token))));
        expect([599, 600]).toContain(await upgraded.ttl(sessionKey(hashSecret(otherToken))));
        expect((await upgraded.setMembers(userSessionsKey(41))).sort()).toEqual([hashSecret(token), hashSecret(otherToken)].sort());
        expect(await upgraded.keysWithPrefix('session:')).toEqual([]);
        expect(await upgraded.keysWithPrefix('user-session-set:')).toEqual([]);
        expect(databaseText(dataDir)).not.toMatch(new RegExp(`${token}|${otherToken}`));

        // The upgraded session ends as any other: logging out with it ends it, the other stays.
        const caller = testCaller({ uid: 41, username: 'early_bird', groupid: 2, token: hashSecret(token) });
        await second.relay(Subject.AuthUserLogout, { caller, params: {} });
        expect(await upgraded.get(sessionKey(hashSecret(token)))).toBeNull();
        expect(await upgraded.setMembers(userSessionsKey(41))).toEqual([hashSecret(otherToken)]);
      } finally {
        await second.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(`${dataDir}.key`, { force: true });
    }
  });
});
