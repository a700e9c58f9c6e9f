import { hashSecret, KeyValueStore } from '@quire/platform';
import { type Caller, captchaKey, type LoggedInUser, type Reply, SESSION_TTL_SECONDS, SessionReader, Subject } from '@quire/proto';
import { type ContextApp, createContextApp, testCaller } from '@quire/testing';
import { AuthModule } from '../src/auth.module';

/**
 * The contract between the sessions auth writes and the SessionReader it publishes for the gateway:
 * every session auth starts the reader resolves to its user, and every session auth ends (or the
 * store lets expire) the reader no longer finds.
 */
describe(SessionReader.name, () => {
  let ctx: ContextApp;
  let sut: SessionReader;
  let sequence = 0;

  const send = <T>(subject: Subject, caller: Caller, params: Record<string, unknown> = {}) => ctx.relay<T>(subject, { caller, params });
  const newUser = async (password: string) => {
    const username = `reader_${++sequence}`;
    const browser = testCaller();
    await send(Subject.AuthCaptchaCreate, browser);
    const v_code = await ctx.app.get(KeyValueStore).get(captchaKey(browser.clientId));
    await send(Subject.AuthUserRegister, browser, { username, password, confirm_password: password, v_code });
    return username;
  };
  /** Logs in as a browser does; the hash is what the gateway derives from the token it receives. */
  const login = async (username: string, password: string) => {
    const user = (await send<Reply<LoggedInUser>>(Subject.AuthUserLogin, testCaller(), { username, password })).data as LoggedInUser;
    const hash = hashSecret(user.user_token);
    return { user, hash, caller: testCaller({ uid: user.uid, username: user.username, groupid: user.groupid, token: hash }) };
  };

  beforeAll(async () => {
    ctx = await createContextApp([AuthModule], { env: { QUIRE_ADMIN_PASSWORD: 'admin-secret' } });
    sut = new SessionReader(ctx.app.get(KeyValueStore));
  });
  afterAll(() => ctx.close());
  afterEach(() => jest.restoreAllMocks());

  it('resolves a session started by login to its user, and reads the keys asked alongside in the same call', async () => {
    const username = await newUser('reader-pass');
    const { user, hash } = await login(username, 'reader-pass');
    await ctx.app.get(KeyValueStore).set('reader-test:alongside', 'beside');

    const read = await sut.read(hash, ['reader-test:alongside', 'reader-test:missing']);

    expect(read.session).toMatchObject({ uid: user.uid, username, groupid: 2 });
    expect(read.alongside).toEqual(['beside', null]);
  });

  it('finds no session for a token auth never issued, nor without a token', async () => {
    expect(await sut.read(hashSecret('never-issued-token'), ['reader-test:missing'])).toEqual({ session: null, personalToken: null, alongside: [null] });
    expect(await sut.read(undefined)).toEqual({ session: null, personalToken: null, alongside: [] });
  });

  it('resolves a personal API token auth made to its owner and scope, never as a session, until it is revoked', async () => {
    const username = await newUser('token-pass');
    const { user, caller } = await login(username, 'token-pass');
    const made = await send<{ id: number; token: string }>(Subject.AuthTokenCreate, caller, { name: 'ci', scope: 'read', expire_days: 1 });

    const read = await sut.read(hashSecret(made.token));
    expect(read).toMatchObject({ session: null, personalToken: { id: made.id, uid: user.uid, username, groupid: 2, scope: 'read' } });
    await expect(ctx.app.get(KeyValueStore).ttl(`personal-token-sha256:${hashSecret(made.token)}`)).resolves.toBeGreaterThan(24 * 3600 - 60);

    await send(Subject.AuthTokenRevoke, caller, { id: made.id });
    expect((await sut.read(hashSecret(made.token))).personalToken).toBeNull();
  });

  it('no longer finds a session after its logout, and still finds the other one of the same user', async () => {
    const username = await newUser('logout-pass');
    const laptop = await login(username, 'logout-pass');
    const phone = await login(username, 'logout-pass');

    await send(Subject.AuthUserLogout, laptop.caller);

    expect((await sut.read(laptop.hash)).session).toBeNull();
    expect((await sut.read(phone.hash)).session).toMatchObject({ uid: phone.user.uid });
  });

  it('no longer finds the other sessions of a user who changed their password', async () => {
    const username = await newUser('first-pass');
    const here = await login(username, 'first-pass');
    const elsewhere = await login(username, 'first-pass');

    await send(Subject.AuthUserResetPassword, here.caller, { password: 'first-pass', new_password: 'second-pass' });

    expect((await sut.read(elsewhere.hash)).session).toBeNull();
    expect((await sut.read(here.hash)).session).toMatchObject({ uid: here.user.uid });
  });

  it('finds a session until its 90 days are over, and not after', async () => {
    const username = await newUser('expiry-pass');
    const { hash } = await login(username, 'expiry-pass');
    const startedAt = Date.now();
    const clock = jest.spyOn(Date, 'now');

    clock.mockReturnValue(startedAt + (SESSION_TTL_SECONDS - 60) * 1000);
    expect((await sut.read(hash)).session).not.toBeNull();

    clock.mockReturnValue(startedAt + (SESSION_TTL_SECONDS + 1) * 1000);
    expect((await sut.read(hash)).session).toBeNull();
  });
});
