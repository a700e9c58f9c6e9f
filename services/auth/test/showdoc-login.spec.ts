import { DatabaseSync } from 'node:sqlite';
import { PNG } from 'pngjs';
import { AdminModule } from '@quire/admin-service';
import { DocumentStore, KeyValueStore } from '@quire/platform';
import { AppError, type Caller, captchaByIdKey, type CreatedCaptcha, type LoggedInUser, type Reply, showdocMd5PasswordHash, Subject, type UserInfo } from '@quire/proto';
import { createContextApp, createUser, SHOWDOC_FIXTURE_DB, testCaller, type ContextApp } from '@quire/testing';
import { AuthModule } from '../src/auth.module';
import { UserRepository } from '../src/user/user.repository';
import { LegacyHashCensus } from '../src/user/legacy-hash-census';
import { showdocMd5Digest } from '../src/user/password-hasher';

type Params = Record<string, unknown>;
type StoredUser = { uid: number; username: string; password_hash: string };

/** The real ShowDoc 3.9.2 site beside the repository (its README lists the users and passwords). */
const SHOWDOC_DB = SHOWDOC_FIXTURE_DB;

function showdocHash(username: string): string {
  const db = new DatabaseSync(SHOWDOC_DB, { readOnly: true });
  try {
    return (db.prepare('SELECT password FROM user WHERE username = ?').get(username) as { password: string }).password;
  } finally {
    db.close();
  }
}

describe('ShowDoc 3.x logins and imported password hashes', () => {
  let ctx: ContextApp;
  let kv: KeyValueStore;

  const send = <T>(subject: (typeof Subject)[keyof typeof Subject], caller: Caller, params: Params = {}) => ctx.relay<T>(subject, { caller, params });
  const failure = async (subject: (typeof Subject)[keyof typeof Subject], caller: Caller, params: Params) => {
    try {
      await send(subject, caller, params);
    } catch (error) {
      if (error instanceof AppError) return { code: error.code, key: error.key };
      throw error;
    }
    throw new Error(`${subject} succeeded with ${JSON.stringify(params)}`);
  };
  const users = () => ctx.app.get(DocumentStore).collection<StoredUser>('users');

  /** `common/createCaptcha`, then the code the server keeps for that id (what the image shows). */
  const newCaptcha = async () => {
    const { captcha_id } = await send<CreatedCaptcha>(Subject.AuthCaptchaCreateById, testCaller());
    return { captcha_id, captcha: (await kv.get(captchaByIdKey(captcha_id))) as string };
  };

  /** A user as a ShowDoc import leaves them: the hash ShowDoc had, untouched. */
  const importedUser = async (passwordHash: string) => {
    const user = await createUser(ctx.app);
    await users().updateOne({ uid: user.uid }, { $set: { password_hash: passwordHash } });
    return user;
  };

  beforeAll(async () => {
    ctx = await createContextApp([AuthModule, AdminModule], { env: { QUIRE_ADMIN_PASSWORD: 'admin-secret' } });
    kv = ctx.app.get(KeyValueStore);
  });

  afterAll(() => ctx.close());

  describe('common/createCaptcha and common/showCaptcha', () => {
    it('answers a numeric captcha_id whose image is a PNG, as often as the page reloads it', async () => {
      const { captcha_id } = await newCaptcha();
      expect(Number.isSafeInteger(captcha_id) && captcha_id > 0).toBe(true);

      for (let i = 0; i < 2; i++) {
        const reply = await send<Reply>(Subject.AuthCaptchaShowById, testCaller(), { captcha_id: String(captcha_id) });
        expect(reply.raw?.contentType).toBe('image/png');
        expect(PNG.sync.read(Buffer.from(reply.raw?.base64 ?? '', 'base64')).width).toBeGreaterThan(0);
      }
    });

    it('gives every captcha its own id and code', async () => {
      const ids = new Set<number>();
      for (let i = 0; i < 5; i++) ids.add((await newCaptcha()).captcha_id);
      expect(ids.size).toBe(5);
    });

    it.each([
      ['0', 10206, 'captcha_not_found'],
      ['', 10206, 'captcha_not_found'],
      ['123', 10206, 'captcha_not_found'],
      ['-5', 10101, 'param_out_of_range'],
      ['abc', 10101, 'param_not_integer'],
    ])('refuses the image of captcha_id %j with %i %s', async (captchaId, code, key) => {
      expect(await failure(Subject.AuthCaptchaShowById, testCaller(), { captcha_id: captchaId })).toEqual({ code, key });
    });

    it('shows no image for a captcha already answered', async () => {
      const { captcha_id } = await newCaptcha();
      await failure(Subject.AuthUserLoginByVerify, testCaller(), { username: 'nobody_here', password: 'x-pass-1', captcha_id, captcha: '0000' });

      expect(await failure(Subject.AuthCaptchaShowById, testCaller(), { captcha_id })).toEqual({ code: 10206, key: 'captcha_not_found' });
    });
  });

  describe('user/loginByVerify', () => {
    it('logs in with the right captcha, like user/login: the user, a session cookie and its token', async () => {
      const user = await createUser(ctx.app, { password: 'secret-42' });
      const reply = await send<Reply<LoggedInUser>>(Subject.AuthUserLoginByVerify, testCaller(), { username: user.username, password: 'secret-42', ...(await newCaptcha()) });

      expect(reply.data).toMatchObject({ uid: user.uid, username: user.username, groupid: 2 });
      expect(reply.session).toEqual({ set: reply.data?.user_token, maxAgeSeconds: expect.any(Number) });
      const info = await send<UserInfo>(Subject.AuthUserInfo, testCaller({ uid: user.uid, username: user.username, groupid: 2 }));
      expect(info.last_login_time).toBeGreaterThan(0);
    });

    it('refuses a wrong captcha with 10206 before looking at the password, and the code is used up', async () => {
      const user = await createUser(ctx.app, { password: 'secret-42' });
      const { captcha_id, captcha } = await newCaptcha();
      const wrong = captcha === '1111' ? '2222' : '1111';

      expect(await failure(Subject.AuthUserLoginByVerify, testCaller(), { username: user.username, password: 'secret-42', captcha_id, captcha: wrong })).toEqual({
        code: 10206,
        key: 'verification_code_are_incorrect',
      });
      expect(await failure(Subject.AuthUserLoginByVerify, testCaller(), { username: user.username, password: 'secret-42', captcha_id, captcha })).toMatchObject({ code: 10206 });
    });

    it('uses a captcha once: the same id and code cannot log in twice', async () => {
      const user = await createUser(ctx.app, { password: 'secret-42' });
      const solved = await newCaptcha();
      await send(Subject.AuthUserLoginByVerify, testCaller(), { username: user.username, password: 'secret-42', ...solved });

      expect(await failure(Subject.AuthUserLoginByVerify, testCaller(), { username: user.username, password: 'secret-42', ...solved })).toMatchObject({ code: 10206 });
    });

    it('refuses a missing captcha, an empty password and a wrong password with the errors of user/login', async () => {
      const user = await createUser(ctx.app, { password: 'secret-42' });

      expect(await failure(Subject.AuthUserLoginByVerify, testCaller(), { username: user.username, password: 'secret-42' })).toMatchObject({ code: 10206 });
      expect(await failure(Subject.AuthUserLoginByVerify, testCaller(), { username: user.username, password: '', ...(await newCaptcha()) })).toEqual({
        code: 10206,
        key: 'no_empty_password',
      });
      expect(await failure(Subject.AuthUserLoginByVerify, testCaller(), { username: user.username, password: 'secret-43', ...(await newCaptcha()) })).toEqual({
        code: 10204,
        key: 'username_or_password_incorrect',
      });
      expect(await failure(Subject.AuthUserLoginByVerify, testCaller(), { username: 'nobody_at_all', password: 'secret-42', ...(await newCaptcha()) })).toEqual({
        code: 10204,
        key: 'username_or_password_incorrect',
      });
      expect(await failure(Subject.AuthUserLoginByVerify, testCaller(), { password: 'secret-42', ...(await newCaptcha()) })).toMatchObject({ code: 10101, key: 'param_required' });
    });
  });

  describe('user/registerByVerify', () => {
    it('creates the user and answers like user/login, with the session cookie', async () => {
      const reply = await send<Reply<LoggedInUser>>(Subject.AuthUserRegisterByVerify, testCaller(), {
        username: 'showdoc_client_user',
        password: 'secret-1',
        confirm_password: 'secret-1',
        ...(await newCaptcha()),
      });

      expect(reply.data).toMatchObject({ username: 'showdoc_client_user', groupid: 2, user_token: expect.stringMatching(/^[a-f0-9]{64}$/) });
      expect(reply.session).toEqual({ set: reply.data?.user_token, maxAgeSeconds: expect.any(Number) });
      expect((await users().findOne({ username: 'showdoc_client_user' }))?.password_hash).toMatch(/^\$argon2id\$/);
    });

    it.each([
      [{ captcha: '0000' }, 10206, 'verification_code_are_incorrect'],
      [{ captcha_id: 0 }, 10206, 'verification_code_are_incorrect'],
      [{ confirm_password: 'secret-2' }, 10101, 'code_much_the_same'],
      [{ password: '12345', confirm_password: '12345' }, 10101, 'password_length'],
      [{ username: 'bad name' }, 10101, 'username_format'],
    ])('refuses %j with %i %s and stores nothing', async (override, code, key) => {
      const params = { username: 'never_stored', password: 'secret-1', confirm_password: 'secret-1', ...(await newCaptcha()), ...override };

      expect(await failure(Subject.AuthUserRegisterByVerify, testCaller(), params)).toEqual({ code, key });
      expect(await users().count({ username: { $in: ['never_stored', 'bad name'] } })).toBe(0);
    });

    it('refuses a username that exists', async () => {
      const user = await createUser(ctx.app);
      const params = { username: user.username, password: 'secret-1', confirm_password: 'secret-1', ...(await newCaptcha()) };

      expect(await failure(Subject.AuthUserRegisterByVerify, testCaller(), params)).toEqual({ code: 10101, key: 'username_exists' });
    });
  });

  describe('a user imported from ShowDoc', () => {
    it.each([
      ['alice', 'alice-pass-1'],
      ['carol', 'carol-pass-1'],
    ])("logs in with ShowDoc 3.9.2's bcrypt hash of %s, which is then argon2id and still takes the same password", async (username, password) => {
      const user = await importedUser(showdocHash(username));

      const reply = await send<Reply<LoggedInUser>>(Subject.AuthUserLogin, testCaller(), { username: user.username, password });
      expect(reply.data?.uid).toBe(user.uid);
      const stored = (await users().findOne({ uid: user.uid }))?.password_hash;
      expect(stored).toMatch(/^\$argon2id\$/);

      await expect(send(Subject.AuthUserLoginByVerify, testCaller(), { username: user.username, password, ...(await newCaptcha()) })).resolves.toBeTruthy();
      expect((await users().findOne({ uid: user.uid }))?.password_hash).toBe(stored);
    });

    it('logs in with an older salted-MD5 hash, which is then argon2id', async () => {
      const salt = 'c0ffee00c0ffee00c0ffee00c0ffee00';
      const user = await importedUser(showdocMd5PasswordHash(showdocMd5Digest('dave-pass-1', salt), salt));

      await send(Subject.AuthUserLoginByVerify, testCaller(), { username: user.username, password: 'dave-pass-1', ...(await newCaptcha()) });

      expect((await users().findOne({ uid: user.uid }))?.password_hash).toMatch(/^\$argon2id\$/);
    });

    it('keeps the imported hash after a wrong password', async () => {
      const imported = showdocHash('bob');
      const user = await importedUser(imported);

      expect(await failure(Subject.AuthUserLogin, testCaller(), { username: user.username, password: 'bob-pass-2' })).toMatchObject({ code: 10204 });
      expect((await users().findOne({ uid: user.uid }))?.password_hash).toBe(imported);
    });

    it('changes its password from the ShowDoc one with user/resetPassword', async () => {
      const user = await importedUser(showdocHash('dave'));

      await send(Subject.AuthUserResetPassword, user, { password: 'dave-pass-1', new_password: 'dave-pass-2' });

      await expect(send(Subject.AuthUserLogin, testCaller(), { username: user.username, password: 'dave-pass-2' })).resolves.toBeTruthy();
      expect((await users().findOne({ uid: user.uid }))?.password_hash).toMatch(/^\$argon2id\$/);
    });
  });

  describe('the census of bcrypt hashes that makes every login check pay for bcrypt', () => {
    it('sees an imported bcrypt hash until its user has logged in once', async () => {
      const own = await createContextApp([AuthModule]);
      try {
        const census = () => new LegacyHashCensus(own.app.get(UserRepository)).bcryptRemains();
        expect(await census()).toBe(false);

        const user = await createUser(own.app);
        await own.app
          .get(DocumentStore)
          .collection<StoredUser>('users')
          .updateOne({ uid: user.uid }, { $set: { password_hash: showdocHash('alice') } });
        expect(await census()).toBe(true);

        await own.relay(Subject.AuthUserLogin, { caller: testCaller(), params: { username: user.username, password: 'alice-pass-1' } });
        expect(await census()).toBe(false);
      } finally {
        await own.close();
      }
    });
  });
});
