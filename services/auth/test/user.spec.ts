import { PNG } from 'pngjs';
import { Logger } from '@nestjs/common';
import { AdminModule } from '@quire/admin-service';
import { DocumentStore, hashSecret, KeyValueStore } from '@quire/platform';
import { AppError, type Caller, type LoggedInUser, type Reply, type SessionRecord, Subject, captchaKey, sessionKey, type UserInfo } from '@quire/proto';
import { createContextApp, createUser, testCaller, type ContextApp } from '@quire/testing';
import { AuthModule } from '../src/auth.module';

type Params = Record<string, unknown>;

describe('auth service', () => {
  let ctx: ContextApp;
  let kv: KeyValueStore;

  const send = <T>(subject: (typeof Subject)[keyof typeof Subject], caller: Caller, params: Params = {}) => ctx.relay<T>(subject, { caller, params });

  const failure = async (subject: (typeof Subject)[keyof typeof Subject], caller: Caller, params: Params) => {
    try {
      await send(subject, caller, params);
    } catch (error) {
      if (error instanceof AppError) return { code: error.code, key: error.key, params: error.params };
      throw error;
    }
    throw new Error(`${subject} succeeded with ${JSON.stringify(params)}`);
  };

  /** The browser loads the captcha image; the test reads the code the server keeps for it. */
  const captchaFor = async (caller: Caller) => {
    const reply = await send<Reply>(Subject.AuthCaptchaCreate, caller);
    expect(reply.raw?.contentType).toBe('image/png');
    return (await kv.get(captchaKey(caller.clientId))) as string;
  };

  const register = async (caller: Caller, username: string, password = 'secret-1', extra: Params = {}) =>
    send<Reply<never[]>>(Subject.AuthUserRegister, caller, { username, password, confirm_password: password, v_code: await captchaFor(caller), ...extra });

  beforeAll(async () => {
    ctx = await createContextApp([AuthModule, AdminModule], { env: { QUIRE_ADMIN_PASSWORD: 'admin-secret' } });
    kv = ctx.app.get(KeyValueStore);
  });

  afterAll(() => ctx.close());

  describe('register', () => {
    it('creates an ordinary user, logs them in, and keeps no plain password', async () => {
      const caller = testCaller();
      const reply = await register(caller, '张三_dev', 'secret-1');
      // ShowDoc 3.x: the same object as user/login, its user_token the session's.
      expect(reply.data).toMatchObject({ username: '张三_dev', groupid: 2, user_token: (reply.session as { set: string }).set });
      expect(reply.session).toMatchObject({ set: expect.stringMatching(/^[a-f0-9]{64}$/) });
      const token = (reply.session as { set: string }).set;
      const session = JSON.parse((await kv.get(sessionKey(hashSecret(token)))) as string) as SessionRecord;
      expect(session).toMatchObject({ username: '张三_dev', groupid: 2 });
      const stored = await ctx.app.get(DocumentStore).collection<{ username: string; password_hash: string }>('users').findOne({ username: '张三_dev' });
      expect(stored?.password_hash).toMatch(/^\$argon2id\$/);
      expect(JSON.stringify(stored)).not.toContain('secret-1');
    });

    it.each([
      [{ username: undefined }, 'param_required'],
      [{ username: '' }, 'param_required'],
      [{ username: '   ' }, 'param_required'],
      [{ username: 'a' }, 'username_format'],
      [{ username: 'x'.repeat(65) }, 'username_format'],
      [{ username: 'bad name' }, 'username_format'],
      [{ username: 'semi;colon' }, 'username_format'],
      [{ username: ['a', 'b'] }, 'param_not_text'],
      [{ username: { $gt: '' } }, 'param_not_text'],
      [{ password: undefined, confirm_password: undefined }, 'param_required'],
      [{ password: '12345', confirm_password: '12345' }, 'password_length'],
      [{ password: 'p'.repeat(129), confirm_password: 'p'.repeat(129) }, 'password_length'],
      [{ password: 12345678 }, 'code_much_the_same'],
      [{ confirm_password: 'other-pass' }, 'code_much_the_same'],
    ])('refuses %j with 10101 %s and stores nothing', async (override, key) => {
      const caller = testCaller();
      const params: Params = { username: 'fresh_user', password: 'secret-1', confirm_password: 'secret-1', v_code: await captchaFor(caller), ...override };
      for (const [name, value] of Object.entries(override)) if (value === undefined) delete params[name];
      expect(await failure(Subject.AuthUserRegister, caller, params)).toMatchObject({ code: 10101, key });
      expect(await ctx.app.get(DocumentStore).collection<{ username: string }>('users').count({ username: 'fresh_user' })).toBe(0);
    });

    it('accepts usernames of 2 and 64 characters with _ - . @', async () => {
      expect((await register(testCaller(), 'ab')).data).toMatchObject({ username: 'ab' });
      expect((await register(testCaller(), `a.b-c_d@${'e'.repeat(56)}`)).data).toMatchObject({ username: `a.b-c_d@${'e'.repeat(56)}` });
    });

    it('requires the right captcha, once', async () => {
      const caller = testCaller();
      expect(await failure(Subject.AuthUserRegister, caller, { username: 'no_code', password: 'secret-1', confirm_password: 'secret-1' })).toMatchObject({ code: 10206 });
      const code = await captchaFor(caller);
      const wrong = code === '1111' ? '2222' : '1111';
      expect(await failure(Subject.AuthUserRegister, caller, { username: 'no_code', password: 'secret-1', confirm_password: 'secret-1', v_code: wrong })).toMatchObject({
        code: 10206,
        key: 'verification_code_are_incorrect',
      });
      // the code was used up by the wrong try
      expect(await failure(Subject.AuthUserRegister, caller, { username: 'no_code', password: 'secret-1', confirm_password: 'secret-1', v_code: code })).toMatchObject({ code: 10206 });
      // another browser's code is not this browser's
      const other = testCaller();
      const otherCode = await captchaFor(other);
      expect(await failure(Subject.AuthUserRegister, caller, { username: 'no_code', password: 'secret-1', confirm_password: 'secret-1', v_code: otherCode })).toMatchObject({ code: 10206 });
    });

    it('refuses a taken username', async () => {
      await register(testCaller(), 'taken_name');
      const caller = testCaller();
      expect(await failure(Subject.AuthUserRegister, caller, { username: 'taken_name', password: 'secret-1', confirm_password: 'secret-1', v_code: await captchaFor(caller) })).toMatchObject(
        {
          code: 10101,
          key: 'username_exists',
        },
      );
    });

    it('is closed when the administrator closed registration', async () => {
      await ctx.app.get(DocumentStore).collection('settings').insertOne({ name: 'register_open', value: '0', updated_at: 0 });
      try {
        const caller = testCaller();
        expect(
          await failure(Subject.AuthUserRegister, caller, { username: 'late_comer', password: 'secret-1', confirm_password: 'secret-1', v_code: await captchaFor(caller) }),
        ).toMatchObject({
          code: 10101,
          key: 'register_closed',
        });
      } finally {
        await ctx.app.get(DocumentStore).collection<{ name: string; value: string; updated_at: number }>('settings').deleteMany({ name: 'register_open' });
      }
    });
  });

  describe('login', () => {
    it('logs in with the HEAD user object and a session', async () => {
      const user = await createUser(ctx.app, { password: 'login-pass' });
      const reply = await send<Reply<LoggedInUser>>(Subject.AuthUserLogin, testCaller(), { username: user.username, password: 'login-pass' });
      expect(reply.data).toMatchObject({ uid: user.uid, username: user.username, groupid: 2, email: '', email_verify: 0 });
      expect(reply.data?.user_token).toBe((reply.session as { set: string }).set);
      expect(JSON.stringify(reply.data)).not.toMatch(/hash/);
    });

    it.each([
      [{}, 10101, 'param_required'],
      [{ username: '' }, 10101, 'param_required'],
      [{ username: ['x'] }, 10101, 'param_not_text'],
      [{ username: 'someone' }, 10206, 'no_empty_password'],
      [{ username: 'someone', password: '' }, 10206, 'no_empty_password'],
    ])('answers %j with %i %s', async (params, code, key) => {
      expect(await failure(Subject.AuthUserLogin, testCaller(), params)).toMatchObject({ code, key });
    });

    it('counts failures: 10204 four times, 10210 the fifth, then the captcha; success resets', async () => {
      const user = await createUser(ctx.app, { password: 'right-pass' });
      const caller = testCaller();
      const codes = [];
      for (let i = 0; i < 5; i++) codes.push((await failure(Subject.AuthUserLogin, caller, { username: user.username, password: 'wrong-pass' })).code);
      expect(codes).toEqual([10204, 10204, 10204, 10204, 10210]);
      expect(await failure(Subject.AuthUserLogin, caller, { username: user.username, password: 'right-pass' })).toMatchObject({ code: 10206 });
      const reply = await send<Reply<LoggedInUser>>(Subject.AuthUserLogin, caller, { username: user.username, password: 'right-pass', v_code: await captchaFor(caller) });
      expect(reply.data?.uid).toBe(user.uid);
      expect(await failure(Subject.AuthUserLogin, caller, { username: user.username, password: 'wrong-pass' })).toMatchObject({ code: 10204 });
    });

    it('answers an unknown username like a wrong password', async () => {
      expect(await failure(Subject.AuthUserLogin, testCaller(), { username: 'nobody-here', password: 'whatever' })).toMatchObject({
        code: 10204,
        key: 'username_or_password_incorrect',
      });
    });
  });

  describe('the signed-in user', () => {
    const signIn = async (password = 'session-pass') => {
      const user = await createUser(ctx.app, { password });
      const reply = await send<Reply<LoggedInUser>>(Subject.AuthUserLogin, testCaller(), { username: user.username, password });
      // A caller carries its session as the gateway resolved it: the token's hash.
      return { ...user, token: hashSecret((reply.session as { set: string }).set) };
    };

    it('reads info with email "" and email_verify', async () => {
      const user = await signIn();
      const info = await send<UserInfo>(Subject.AuthUserInfo, user);
      expect(info).toMatchObject({ uid: user.uid, username: user.username, email: '', email_verify: 0, name: '' });
      expect(Object.keys(info)).not.toContain('password_hash');
    });

    it('updates the name, and refuses a name over 64 characters or of the wrong type', async () => {
      const user = await signIn();
      expect(await send(Subject.AuthUserUpdateInfo, user, { name: '李四' })).toEqual([]);
      expect((await send<UserInfo>(Subject.AuthUserInfo, user)).name).toBe('李四');
      expect(await failure(Subject.AuthUserUpdateInfo, user, { name: 'n'.repeat(65) })).toMatchObject({ code: 10101, key: 'param_too_long' });
      expect(await failure(Subject.AuthUserUpdateInfo, user, { name: ['a'] })).toMatchObject({ code: 10101, key: 'param_not_text' });
    });

    it('changes the password with the old one and ends the other sessions', async () => {
      const user = await signIn('old-pass-1');
      const other = await send<Reply<LoggedInUser>>(Subject.AuthUserLogin, testCaller(), { username: user.username, password: 'old-pass-1' });
      const otherToken = (other.session as { set: string }).set;
      expect(await failure(Subject.AuthUserResetPassword, { ...user, token: user.token }, { password: 'wrong-old', new_password: 'new-pass-1' })).toMatchObject({
        code: 10101,
        key: 'old_password_incorrect',
      });
      expect(await failure(Subject.AuthUserResetPassword, { ...user, token: user.token }, { password: 'old-pass-1', new_password: 'short' })).toMatchObject({
        code: 10101,
        key: 'password_length',
      });
      expect(await failure(Subject.AuthUserResetPassword, { ...user, token: user.token }, { new_password: 'new-pass-1' })).toMatchObject({ code: 10101, key: 'param_required' });
      expect(await send(Subject.AuthUserResetPassword, { ...user, token: user.token }, { password: 'old-pass-1', new_password: 'new-pass-1' })).toEqual([]);
      expect(await kv.get(sessionKey(hashSecret(otherToken)))).toBeNull();
      expect(await kv.get(sessionKey(user.token))).not.toBeNull();
      const again = await send<Reply<LoggedInUser>>(Subject.AuthUserLogin, testCaller(), { username: user.username, password: 'new-pass-1' });
      expect(again.data?.uid).toBe(user.uid);
    });

    it('logs out: the session is gone and the cookie cleared; logging out twice is fine', async () => {
      const user = await signIn();
      const reply = await send<Reply<never[]>>(Subject.AuthUserLogout, { ...user, token: user.token });
      expect(reply).toMatchObject({ data: [], session: { clear: true } });
      expect(await kv.get(sessionKey(user.token))).toBeNull();
      expect(await send<Reply<never[]>>(Subject.AuthUserLogout, testCaller())).toMatchObject({ data: [] });
    });

    it('suggests users whose name contains the text, regex characters taken literally', async () => {
      const user = await signIn();
      await createUser(ctx.app, { username: 'Alpha.Team' });
      await createUser(ctx.app, { username: 'alphaXteam' });
      const hits = await send<{ value: string }[]>(Subject.AuthUserAll, user, { username: 'a.t' });
      expect(hits.map((h) => h.value)).toEqual(['Alpha.Team']);
      expect((await send<{ value: string }[]>(Subject.AuthUserAll, user, { username: 'ALPHA' })).map((h) => h.value).sort()).toEqual(['Alpha.Team', 'alphaXteam']);
      expect(await send(Subject.AuthUserAll, user, { username: '(' })).toEqual([]);
      expect(await failure(Subject.AuthUserAll, user, { username: { $ne: 1 } })).toMatchObject({ code: 10101, key: 'param_not_text' });
    });
  });

  describe('captcha and QR codes', () => {
    it('draws a PNG and keeps four digits 1-9 for the browser', async () => {
      const caller = testCaller();
      const reply = await send<Reply>(Subject.AuthCaptchaCreate, caller);
      const png = Buffer.from(reply.raw?.base64 ?? '', 'base64');
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
      expect(await kv.get(captchaKey(caller.clientId))).toMatch(/^[1-9]{4}$/);
    });

    it('draws a QR code PNG of the url at the module size', async () => {
      const small = await send<Reply>(Subject.AuthQrcodeCreate, testCaller(), { url: 'https://quire.example/p/abc', size: 3 });
      const large = await send<Reply>(Subject.AuthQrcodeCreate, testCaller(), { url: 'https://quire.example/p/abc', size: '6' });
      // decoding the whole PNG proves it is a real image, not just a header
      const width = (reply: Reply) => PNG.sync.read(Buffer.from(reply.raw?.base64 ?? '', 'base64')).width;
      expect(small.raw?.contentType).toBe('image/png');
      expect(width(large)).toBe(width(small) * 2);
    });

    it.each([
      [{}, 'param_required'],
      [{ url: '' }, 'param_required'],
      [{ url: 'x'.repeat(2049) }, 'param_too_long'],
      [{ url: 'https://a', size: 'big' }, 'param_not_integer'],
      [{ url: 'https://a', size: 99 }, 'qrcode_size_range'],
    ])('refuses QR code params %j with %s', async (params, key) => {
      expect(await failure(Subject.AuthQrcodeCreate, testCaller(), params)).toMatchObject({ code: 10101, key });
    });
  });

  describe('first start', () => {
    it('created the administrator showdoc with QUIRE_ADMIN_PASSWORD', async () => {
      const reply = await send<Reply<LoggedInUser>>(Subject.AuthUserLogin, testCaller(), { username: 'showdoc', password: 'admin-secret' });
      expect(reply.data).toMatchObject({ username: 'showdoc', groupid: 1 });
    });

    it('prints a random password once when none is configured, and never recreates the administrator', async () => {
      const lines: string[] = [];
      const spy = jest.spyOn(Logger.prototype, 'warn').mockImplementation((message: unknown) => {
        lines.push(String(message));
      });
      const logSpy = jest.spyOn(Logger.prototype, 'log').mockImplementation((message: unknown) => {
        lines.push(String(message));
      });
      const fresh = await createContextApp([AuthModule, AdminModule]);
      try {
        const printed = lines.join('\n').match(/password: (\S+)/);
        expect(printed).not.toBeNull();
        const password = (printed as RegExpMatchArray)[1];
        expect(password).not.toBe('123456');
        const reply = await fresh.relay<Reply<LoggedInUser>>(Subject.AuthUserLogin, { caller: testCaller(), params: { username: 'showdoc', password } });
        expect(reply.data?.groupid).toBe(1);
        expect(await fresh.app.get(DocumentStore).collection<{ username: string }>('users').count({ username: 'showdoc' })).toBe(1);
      } finally {
        spy.mockRestore();
        logSpy.mockRestore();
        await fresh.close();
      }
    });
  });
});
