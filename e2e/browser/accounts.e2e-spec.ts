import { type SmtpCapture, describeWith, startSmtpCapture } from '@quire/testing';
import type { Browser } from 'playwright-core';
import { BrowserVisitor, type ViewportName, launchChromium } from './support/browser-session';
import { ensureWebBuilt } from './support/ensure-web-build';
import { type QuireApp, startQuire } from './support/quire-app';
import { registerThroughApi } from './support/session-factory';

/**
 * The account screens that need mail, in a real browser: bind an email (status unbound →
 * unverified → verified through the mailed link), forgot password with the captcha, reset by
 * the mailed link, and the login screen sending a logged-in visitor on.
 */
describeWith({ binary: 'chromium' }, 'web app in a real browser: email and password reset', () => {
  let quire: QuireApp;
  let smtp: SmtpCapture;
  let browser: Browser;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    quire = await startQuire(await ensureWebBuilt(), { SMTP_URL: smtp.url });
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await quire?.close();
    await smtp?.stop();
  });

  /** The path and query of the first link to this app in the newest mail to `to`. */
  const linkIn = async (to: string, count: number): Promise<string> => {
    await smtp.waitFor(count, 10_000);
    const mail = [...smtp.messages].reverse().find((message) => message.to.includes(to));
    const match = mail?.text
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=')
      .match(/https?:\/\/[^\s]+/);
    if (!match) throw new Error(`no link in the mail to ${to}`);
    const url = new URL(match[0]);
    return `${url.pathname}${url.search}`;
  };

  it.each<ViewportName>(['desktop', 'mobile'])(
    'binds and verifies an email, then resets a forgotten password by the mailed link (%s)',
    async (viewport) => {
      // Two mails and seven screens: about 20 s alone, more than the default 30 s beside another suite.
      const me = await BrowserVisitor.open(browser, quire.baseUrl, viewport, 'accounts');
      const username = `mail${viewport}${Date.now() % 100000}`;
      const email = `${username}@example.test`;
      try {
        await registerThroughApi(me, quire, username, 'first-pass-1');
        await me.visit('/user/setting');
        expect(await me.page.getByTestId('email-status').textContent()).toBe('Unbound');

        await me.page.getByRole('button', { name: 'Bind email' }).click();
        const dialog = me.page.getByRole('dialog');
        await dialog.locator('input[name=email]').fill(email);
        await dialog.locator('input[name=password]').fill('first-pass-1');
        await me.screenshot('bind-email');
        const before = smtp.messages.length;
        await dialog.getByRole('button', { name: 'Save' }).click();
        await me.expectToast('A verification email has been sent');
        await me.page.getByTestId('email-status').filter({ hasText: 'Unverified' }).waitFor();
        expect(await me.page.getByTestId('email-value').textContent()).toBe(email);

        await me.visit(await linkIn(email, before + 1));
        await me.page.getByTestId('verify-email').getByText('Your email address is verified.').waitFor();
        await me.visit('/user/setting');
        await me.page.getByTestId('email-status').filter({ hasText: 'Verified' }).waitFor();
        await me.screenshot('email-verified');

        // One mail per address per 3 minutes: let that interval pass (the auth service's throttle key).
        await quire.kv.delete(`mail-throttle:${email}`);
        await (await me.headerAction('Log out')).click();
        await me.page.waitForURL('**/user/login');
        await me.page.getByRole('link', { name: 'Forgot password' }).click();
        await me.page.waitForURL('**/user/resetPassword');
        await me.page.locator('input[name=email]').fill(email);
        await me.page.locator('input[name=v_code]').fill('0000');
        await me.captchaLoaded();
        const firstImage = await me.page.getByTestId('captcha-image').getAttribute('src');
        await me.page.getByRole('button', { name: 'Send reset email' }).click();
        await me.acceptAlert(/erification code/);
        expect(await me.page.getByTestId('captcha-image').getAttribute('src')).not.toBe(firstImage);
        await me.captchaLoaded();
        const sent = smtp.messages.length;
        await me.page.locator('input[name=v_code]').fill(await quire.captchaCode((await me.cookie('quire_client')) as string));
        await me.screenshot('forgot-password');
        await me.page.getByRole('button', { name: 'Send reset email' }).click();
        await me.expectToast('A password reset email has been sent');

        await me.visit(await linkIn(email, sent + 1));
        expect(await me.page.locator('input[readonly]').inputValue()).toBe(email);
        await me.page.locator('input[name=new_password]').fill('second-pass-2');
        await me.page.locator('input[type=password]').nth(1).fill('second-pass-2');
        await me.screenshot('reset-by-link');
        await me.page.getByRole('button', { name: 'Reset password' }).click();
        await me.expectToast('Your password has been reset');
        await me.page.waitForURL('**/item/index');

        // Logged in by the reset: the login screen sends the visitor on.
        await me.visit('/user/login?redirect=%2Fnotice%2Findex');
        await me.page.waitForURL('**/notice/index');
        expect(me.pageErrors).toEqual([]);
      } finally {
        await me.close();
      }
    },
    90_000,
  );
});
