import { AdminModule } from '@quire/admin-service';
import { DocumentStore, hashSecret, KeyValueStore } from '@quire/platform';
import { AppError, type Caller, captchaKey, JobName, type LoggedInUser, type Reply, sessionKey, Subject, type UserInfo, type WireParams } from '@quire/proto';
import { createContextApp, createUser, startSmtpCapture, testCaller, type CapturedMail, type ContextApp, type SmtpCapture } from '@quire/testing';
import { AuthModule } from '../src/auth.module';
import type { EmailTokenEntity } from '../src/email/email-token.entity';

const PUBLIC_URL = 'https://docs.example.test';

/** The one link of a captured mail, and its query. */
function linkOf(mail: CapturedMail): URL {
  const found = /https?:\/\/\S+/.exec(mail.text)?.[0];
  if (!found) throw new Error(`no link in: ${mail.text}`);
  return new URL(found);
}

describe('e-mail binding and password reset by mail (SMTP)', () => {
  let capture: SmtpCapture;
  let ctx: ContextApp;

  const send = <T>(subject: Subject, caller: Caller, params: WireParams = {}) => ctx.relay<T>(subject, { caller, params });
  const failure = async (subject: Subject, caller: Caller, params: WireParams) => {
    try {
      await send(subject, caller, params);
    } catch (error) {
      if (error instanceof AppError) return { code: error.code, key: error.key, params: error.params };
      throw error;
    }
    throw new Error(`${subject} succeeded with ${JSON.stringify(params)}`);
  };
  const captchaFor = async (caller: Caller) => {
    await send(Subject.AuthCaptchaCreate, caller);
    return (await ctx.app.get(KeyValueStore).get(captchaKey(caller.clientId))) as string;
  };
  const info = (caller: Caller) => send<UserInfo>(Subject.AuthUserInfo, caller);
  const login = (username: string, password: string) => send<Reply<LoggedInUser>>(Subject.AuthUserLogin, testCaller(), { username, password, v_code: '' });
  /** Mail arrives in the background, in any order: each address's messages are read one after the other. */
  const read = new Map<string, number>();
  const nextMailTo = async (to: string): Promise<CapturedMail> => {
    const index = read.get(to) ?? 0;
    for (const deadline = Date.now() + 10_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 20))) {
      const mail = capture.messages.filter((m) => m.to === to)[index];
      if (mail) {
        read.set(to, index + 1);
        return mail;
      }
    }
    throw new Error(`no mail #${index + 1} to ${to}`);
  };
  const mailsTo = (to: string) => capture.messages.filter((m) => m.to === to).length;
  /** A user with a verified address, bound and verified through the mail, as a user would. */
  const userWithVerifiedEmail = async (email: string) => {
    const user = await createUser(ctx.app);
    await send(Subject.AuthUserUpdateEmail, user, { email, password: user.password });
    const link = linkOf(await nextMailTo(email));
    await send(Subject.AuthUserVerifyEmail, testCaller(), { uid: link.searchParams.get('uid'), token: link.searchParams.get('token') });
    return user;
  };
  /** Waits a moment for mail that should NOT come (the queue works in the background). */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

  beforeAll(async () => {
    capture = await startSmtpCapture();
    ctx = await createContextApp([AuthModule, AdminModule], {
      env: { SMTP_URL: capture.url, PUBLIC_URL: `${PUBLIC_URL}/`, LANGUAGE: 'en' },
      consumes: [JobName.SendMail],
    });
  });

  afterAll(async () => {
    await ctx?.close();
    await capture?.stop();
  });

  describe('user/updateEmail and the verification link', () => {
    it('binds the address unverified, mails a link, and the link verifies it', async () => {
      const user = await createUser(ctx.app);
      expect(await info(user)).toMatchObject({ email: '', email_verify: 0 });

      await expect(send(Subject.AuthUserUpdateEmail, user, { email: 'Ann.Smith@Example.com', password: user.password })).resolves.toEqual([]);
      expect(await info(user)).toMatchObject({ email: 'ann.smith@example.com', email_verify: 0 });

      const mail = await nextMailTo('ann.smith@example.com');
      expect(mail).toMatchObject({ to: 'ann.smith@example.com', subject: 'Verify your e-mail address' });
      expect(mail.text).toContain(`Hello ${user.username}`);
      const link = linkOf(mail);
      expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/user/verifyEmail`);
      expect(link.searchParams.get('uid')).toBe(String(user.uid));

      // The web app posts the link's uid and token; any browser may open it.
      await expect(send(Subject.AuthUserVerifyEmail, testCaller(), { uid: link.searchParams.get('uid'), token: link.searchParams.get('token') })).resolves.toEqual([]);
      expect(await info(user)).toMatchObject({ email: 'ann.smith@example.com', email_verify: 1 });

      // Single use.
      expect(await failure(Subject.AuthUserVerifyEmail, testCaller(), { uid: user.uid, token: link.searchParams.get('token') })).toMatchObject({
        code: 10101,
        key: 'email_verify_link_invalid',
      });
    });

    it('needs the login password, a logged-in user and a real address', async () => {
      const user = await createUser(ctx.app);
      expect(await failure(Subject.AuthUserUpdateEmail, user, { email: 'x@example.com', password: 'wrong' })).toMatchObject({ code: 10101, key: 'login_password_incorrect' });
      expect(await failure(Subject.AuthUserUpdateEmail, user, { email: 'x@example.com' })).toMatchObject({ code: 10101, key: 'login_password_incorrect' });
      expect(await failure(Subject.AuthUserUpdateEmail, testCaller(), { email: 'x@example.com', password: 'x' })).toMatchObject({ code: 10102 });
      for (const email of ['not-an-address', 'a@b', 'two@@example.com', 'line\nbreak@example.com', 'a b@example.com', `${'x'.repeat(250)}@example.com`]) {
        expect(await failure(Subject.AuthUserUpdateEmail, user, { email, password: user.password })).toMatchObject({ code: 10101, key: 'email_invalid' });
      }
      expect(await info(user)).toMatchObject({ email: '', email_verify: 0 });
    });

    it('refuses a wrong or forged link', async () => {
      const user = await createUser(ctx.app);
      await send(Subject.AuthUserUpdateEmail, user, { email: 'forged@example.com', password: user.password });
      expect(await failure(Subject.AuthUserVerifyEmail, testCaller(), { uid: user.uid, token: 'f'.repeat(64) })).toMatchObject({ key: 'email_verify_link_invalid' });
      expect(await failure(Subject.AuthUserVerifyEmail, testCaller(), { uid: user.uid })).toMatchObject({ key: 'param_required' });
      expect(await info(user)).toMatchObject({ email_verify: 0 });
    });

    it('sends at most one mail per address per 3 minutes', async () => {
      const user = await createUser(ctx.app);
      await send(Subject.AuthUserUpdateEmail, user, { email: 'busy@example.com', password: user.password });
      expect(await failure(Subject.AuthUserUpdateEmail, user, { email: 'busy@example.com', password: user.password })).toMatchObject({
        code: 10101,
        key: 'mail_too_frequent',
      });
    });

    it('refuses an address another account has verified', async () => {
      await userWithVerifiedEmail('taken@example.com');
      const other = await createUser(ctx.app);
      expect(await failure(Subject.AuthUserUpdateEmail, other, { email: 'TAKEN@example.com', password: other.password })).toMatchObject({
        code: 10101,
        key: 'email_taken',
      });
    });
  });

  describe('user/resetPasswordEmail and user/resetPasswordByUrl', () => {
    const requestReset = async (email: string) => {
      const browser = testCaller();
      return send<never[]>(Subject.AuthUserResetPasswordEmail, browser, { email, v_code: await captchaFor(browser) });
    };

    it('mails a link that sets the new password once and logs the user in', async () => {
      const user = await userWithVerifiedEmail('reset.me@example.com');
      const oldSession = (await login(user.username, user.password)).session as { set: string };
      await ctx.app.get(KeyValueStore).delete('mail-throttle:reset.me@example.com');

      await expect(requestReset('reset.me@example.com')).resolves.toEqual([]);
      const mail = await nextMailTo('reset.me@example.com');
      expect(mail).toMatchObject({ to: 'reset.me@example.com', subject: 'Reset your password' });
      const link = linkOf(mail);
      expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/user/ResetPasswordByUrl`);
      const query = Object.fromEntries(link.searchParams);
      expect(query).toMatchObject({ uid: String(user.uid), email: 'reset.me@example.com' });

      const reply = await send<Reply<LoggedInUser>>(Subject.AuthUserResetPasswordByUrl, testCaller(), { ...query, new_password: 'brand-new-pass' });
      expect(reply.data).toMatchObject({ uid: user.uid, username: user.username });
      expect(reply.session).toMatchObject({ set: expect.stringMatching(/^[a-f0-9]{64}$/) });

      await expect(login(user.username, 'brand-new-pass')).resolves.toMatchObject({ data: { uid: user.uid } });
      expect(await failure(Subject.AuthUserLogin, testCaller(), { username: user.username, password: user.password, v_code: '' })).toMatchObject({ code: 10204 });
      // The sessions from before the reset are over.
      expect(await ctx.app.get(KeyValueStore).get(sessionKey(hashSecret(oldSession.set)))).toBeNull();
      // The link works once.
      expect(await failure(Subject.AuthUserResetPasswordByUrl, testCaller(), { ...query, new_password: 'another-pass' })).toMatchObject({
        code: 10101,
        key: 'reset_link_invalid',
      });
    });

    /** A reset link mailed to the address now (the mail throttle of earlier mails set aside). */
    const mailedResetLink = async (email: string) => {
      await ctx.app.get(KeyValueStore).delete(`mail-throttle:${email}`);
      await requestReset(email);
      return Object.fromEntries(linkOf(await nextMailTo(email)).searchParams);
    };

    it('a link mailed before the user changed the password no longer works; one mailed after does', async () => {
      const user = await userWithVerifiedEmail('changed.self@example.com');
      const before = await mailedResetLink('changed.self@example.com');

      await expect(send(Subject.AuthUserResetPassword, user, { password: user.password, new_password: 'changed-by-me' })).resolves.toEqual([]);

      expect(await failure(Subject.AuthUserResetPasswordByUrl, testCaller(), { ...before, new_password: 'taken-over' })).toMatchObject({
        code: 10101,
        key: 'reset_link_invalid',
      });
      expect(await failure(Subject.AuthUserLogin, testCaller(), { username: user.username, password: 'taken-over', v_code: '' })).toMatchObject({ code: 10204 });
      await expect(login(user.username, 'changed-by-me')).resolves.toMatchObject({ data: { uid: user.uid } });

      const after = await mailedResetLink('changed.self@example.com');
      await expect(send(Subject.AuthUserResetPasswordByUrl, testCaller(), { ...after, new_password: 'reset-after' })).resolves.toMatchObject({ data: { uid: user.uid } });
    });

    it('a link mailed before an administrator set the password no longer works', async () => {
      const user = await userWithVerifiedEmail('changed.by.admin@example.com');
      const admin = await createUser(ctx.app, { groupid: 1 });
      const before = await mailedResetLink('changed.by.admin@example.com');

      await expect(send(Subject.AuthAdminChangePassword, admin, { uid: user.uid, new_password: 'set-by-admin' })).resolves.toBe(1);

      expect(await failure(Subject.AuthUserResetPasswordByUrl, testCaller(), { ...before, new_password: 'taken-over' })).toMatchObject({
        code: 10101,
        key: 'reset_link_invalid',
      });
      await expect(login(user.username, 'set-by-admin')).resolves.toMatchObject({ data: { uid: user.uid } });
    });

    it('answers the same for an unknown address and sends nothing', async () => {
      await expect(requestReset('nobody@example.com')).resolves.toEqual([]);
      await settle();
      expect(mailsTo('nobody@example.com')).toBe(0);
    });

    it('sends nothing to an address that was never verified', async () => {
      const user = await createUser(ctx.app);
      await send(Subject.AuthUserUpdateEmail, user, { email: 'unverified@example.com', password: user.password });
      expect((await nextMailTo('unverified@example.com')).subject).toBe('Verify your e-mail address');
      await ctx.app.get(KeyValueStore).delete('mail-throttle:unverified@example.com');

      await expect(requestReset('unverified@example.com')).resolves.toEqual([]);
      await settle();
      expect(mailsTo('unverified@example.com')).toBe(1);
    });

    it('answers the same within 3 minutes but sends one mail', async () => {
      await userWithVerifiedEmail('twice@example.com');
      await ctx.app.get(KeyValueStore).delete('mail-throttle:twice@example.com');

      await expect(requestReset('twice@example.com')).resolves.toEqual([]);
      await expect(requestReset('twice@example.com')).resolves.toEqual([]);
      expect((await nextMailTo('twice@example.com')).subject).toBe('Reset your password');
      await settle();
      expect(mailsTo('twice@example.com')).toBe(2); // the verification mail and one reset mail
    });

    it('needs the captcha', async () => {
      expect(await failure(Subject.AuthUserResetPasswordEmail, testCaller(), { email: 'a@example.com', v_code: 'nope' })).toMatchObject({ code: 10206 });
    });

    it('refuses an expired link, a link for another address, and a forged token', async () => {
      const user = await userWithVerifiedEmail('expiry@example.com');
      await ctx.app.get(KeyValueStore).delete('mail-throttle:expiry@example.com');
      await requestReset('expiry@example.com');
      const query = Object.fromEntries(linkOf(await nextMailTo('expiry@example.com')).searchParams);

      expect(await failure(Subject.AuthUserResetPasswordByUrl, testCaller(), { ...query, token: 'a'.repeat(64), new_password: 'new-pass-1' })).toMatchObject({ key: 'reset_link_invalid' });
      expect(await failure(Subject.AuthUserResetPasswordByUrl, testCaller(), { ...query, email: 'other@example.com', new_password: 'new-pass-1' })).toMatchObject({
        key: 'reset_link_invalid',
      });
      expect(await failure(Subject.AuthUserResetPasswordByUrl, testCaller(), { ...query, new_password: '123' })).toMatchObject({ key: 'password_length' });

      // A fresh link, then an hour passes.
      await ctx.app.get(KeyValueStore).delete('mail-throttle:expiry@example.com');
      await requestReset('expiry@example.com');
      const fresh = Object.fromEntries(linkOf(await nextMailTo('expiry@example.com')).searchParams);
      await ctx.app
        .get(DocumentStore)
        .collection<EmailTokenEntity>('email_tokens')
        .updateMany({ uid: user.uid, used: 0 }, { $set: { expires_at: 1 } });
      expect(await failure(Subject.AuthUserResetPasswordByUrl, testCaller(), { ...fresh, new_password: 'new-pass-1' })).toMatchObject({ key: 'reset_link_invalid' });
      await expect(login(user.username, user.password)).resolves.toMatchObject({ data: { uid: user.uid } });
    });
  });
});
