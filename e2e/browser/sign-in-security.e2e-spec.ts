import { describeWith, startOidcProvider } from '@quire/testing';
import { generate } from 'otplib';
import type { Browser } from 'playwright-core';
import { BrowserVisitor, launchChromium, type ScreenLook } from './support/browser-session';
import { ensureWebBuilt } from './support/ensure-web-build';
import { chooseTheme } from './support/markdown-look';
import { type QuireApp, startQuire } from './support/quire-app';
import { callApi, registerThroughApi } from './support/session-factory';

/**
 * Personal settings' sign-in security in a real browser (issue 21): a user sets up two-factor sign-in from the QR
 * code's key and a first code, sees the recovery codes once, makes a personal API token (shown once) that a script
 * then uses, revokes it, and signs in again through the login screen's code step. At 1280 and 390 px, light and
 * dark, English and Chinese. Screenshots go to e2e/artifacts/screenshots/.
 */
const PASSWORD = 'security-pass-1';
jest.setTimeout(180_000);

const totp = (secret: string, offset = 0): Promise<string> => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset * 30 });

describeWith({ binary: 'chromium' }, 'web app in a real browser: two-factor sign-in and API tokens', () => {
  let quire: QuireApp;
  let browser: Browser;

  beforeAll(async () => {
    // The test's OpenID provider runs on loopback, which the address guard refuses unless allowed.
    quire = await startQuire(await ensureWebBuilt(), { LANGUAGE: 'en', HTTP_PROXY_ALLOW_HOSTS: '127.0.0.1' });
    browser = await launchChromium();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await quire?.close();
  });

  /** Sets two-factor sign-in up in personal settings; returns the secret. */
  const enrol = async (visitor: BrowserVisitor, zh: boolean): Promise<string> => {
    await visitor.visit('/user/setting');
    await visitor.page.getByTestId('two-factor-start').click();
    const secret = (await visitor.page.getByTestId('two-factor-secret').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await visitor.page.getByRole('img', { name: zh ? '用于设置身份验证器应用的二维码' : 'QR code to set up the authenticator app' }).waitFor();
    await visitor.screenshot('2fa-setup');
    await visitor.page.getByTestId('two-factor-code').fill(await totp(secret));
    await visitor.page.getByTestId('two-factor-confirm').click();
    await visitor.expectToast(zh ? '两步验证已开启' : 'Two-factor sign-in is on');
    expect(await visitor.page.getByTestId('recovery-codes').locator('li').count()).toBe(10);
    return secret;
  };

  it('sets up two-factor sign-in, makes and revokes an API token, and signs in through the code step', async () => {
    const username = `secure${Date.now() % 100000}`;
    const visitor = await BrowserVisitor.open(browser, quire.baseUrl, 'desktop', 'sign-in-security', { locale: 'en-US' });
    try {
      await registerThroughApi(visitor, quire, username, PASSWORD);
      const secret = await enrol(visitor, false);
      await visitor.screenshot('2fa-on');

      // A token with the read and write scope, shown once; a script uses it.
      const tokens = visitor.page.getByTestId('api-tokens');
      await tokens.getByTestId('token-name').fill('Deploy script');
      await tokens.getByTestId('token-scope').selectOption('write');
      await tokens.getByTestId('token-create').click();
      await visitor.expectToast('Token made');
      const token = await tokens.getByTestId('token-value').inputValue();
      expect(token).toMatch(/^qpat_/);
      const row = tokens.getByTestId('token-table-row');
      await row.getByText('Deploy script').waitFor();
      await row.getByText('Read and write').waitFor();
      await visitor.screenshot('token-made');
      const script = async () =>
        (await (await fetch(`${quire.baseUrl}/api/item/myList`, { method: 'POST', headers: { authorization: `Bearer ${token}` } })).json()) as { error_code: number };
      expect((await script()).error_code).toBe(0);

      await row.getByTestId('token-revoke').click();
      await visitor.acceptAlert('Deploy script');
      await visitor.expectToast('Token revoked');
      await tokens.getByText('No API tokens yet.').waitFor();
      expect((await script()).error_code).toBe(10102);

      // Signing in again asks for the code after the password.
      await callApi(visitor, 'user/logout');
      await visitor.visit('/user/login');
      await visitor.page.locator('input[name="username"]').fill(username);
      await visitor.page.locator('input[name="password"]').fill(PASSWORD);
      await visitor.page.getByRole('button', { name: 'Log in' }).click();
      await visitor.page.getByTestId('login-code').waitFor();
      await visitor.page.getByTestId('login-code').fill('000000');
      await visitor.page.getByTestId('login-code-submit').click();
      await visitor.page.getByRole('alert').getByText('The code is incorrect or was already used').waitFor();
      await visitor.screenshot('login-code-wrong');
      await visitor.page.getByTestId('login-code').fill(await totp(secret, 1));
      await visitor.page.getByTestId('login-code-submit').click();
      await visitor.page.waitForURL(/\/item\/index/);
      expect(visitor.pageErrors).toEqual([]);
    } finally {
      await visitor.close();
    }
  });

  it('an administrator sets up single sign-on; a user signs in through the OpenID provider and lands in their items', async () => {
    // The default PUBLIC_URL is http://localhost:<port>: the provider sends the browser back there, so the browser
    // starts there too (the sign-in's state is bound to the browser's cookie on that host).
    const site = quire.baseUrl.replace('127.0.0.1', 'localhost');
    const provider = await startOidcProvider({
      redirectUris: [`${site}/oidc/callback`],
      accounts: { dana: { preferred_username: `dana${Date.now() % 100000}`, name: 'Dana Example', email: 'dana@example.com', email_verified: true } },
    });
    const admin = await BrowserVisitor.open(browser, site, 'desktop', 'oidc-admin', { locale: 'en-US' });
    const visitor = await BrowserVisitor.open(browser, site, 'desktop', 'oidc-sign-in', { locale: 'en-US' });
    try {
      await callApi(admin, 'user/login', { username: 'showdoc', password: 'admin-pass' });
      await admin.visit('/admin/index?section=settings');
      const form = admin.page.getByTestId('admin-oidc');
      await form.getByText('Offer single sign-on on the login screen').click();
      await form.locator('input[name="oidc_issuer"]').fill('http://127.0.0.1:9/');
      await form.locator('input[name="oidc_client_id"]').fill(provider.clientId);
      await form.locator('input[name="oidc_client_secret"]').fill(provider.clientSecret);
      await form.locator('input[name="oidc_button_label"]').fill('Company SSO');
      await form.getByText('Make an account at the first sign-in').click();
      await form.getByTestId('admin-oidc-save').click();
      await admin.acceptAlert('could not be reached');
      await form.locator('input[name="oidc_issuer"]').fill(provider.issuer);
      await form.getByTestId('admin-oidc-save').click();
      await admin.expectToast('Saved');
      await form.scrollIntoViewIfNeeded();
      await admin.screenshot('settings');

      await visitor.visit('/user/login');
      await visitor.page.getByTestId('oidc-sign-in').getByText('Sign in with Company SSO').waitFor();
      await visitor.screenshot('login');
      await visitor.page.getByTestId('oidc-sign-in').click();
      // The provider's own forms: its login, then its consent.
      await visitor.page.locator('input[name="login"]').fill('dana');
      await visitor.page.locator('input[name="password"]').fill('anything');
      await visitor.page.locator('button[type="submit"]').first().click();
      await visitor.page.locator('button[type="submit"]').first().click();
      await visitor.page.waitForURL(/\/item\/index/);
      const me = await callApi<{ name: string; email: string }>(visitor, 'user/info');
      expect(me).toMatchObject({ name: 'Dana Example', email: 'dana@example.com' });
      await visitor.screenshot('signed-in');
      expect(visitor.pageErrors).toEqual([]);
      expect(admin.pageErrors).toEqual([]);
    } finally {
      await admin.close();
      await visitor.close();
      await provider.stop();
    }
  });

  const cases: ScreenLook[] = [
    ['desktop', 'dark', 'zh-CN'],
    ['mobile', 'light', 'zh-CN'],
    ['mobile', 'dark', 'en-US'],
  ];

  it.each(cases)('at %s, %s, %s: the settings cards and the login code step', async (viewport, theme, locale) => {
    const zh = locale === 'zh-CN';
    const username = `sec${theme}${viewport}${Date.now() % 10000}`;
    const visitor = await BrowserVisitor.open(browser, quire.baseUrl, viewport, `sign-in-security-${theme}-${locale}`, { locale });
    try {
      await chooseTheme(visitor, theme);
      await registerThroughApi(visitor, quire, username, PASSWORD);
      await callApi(visitor, 'user/updateInfo', { language: zh ? 'zh-cn' : 'en' });
      await callApi(visitor, 'token/create', { name: 'CI', scope: 'read', expire_days: 30 });
      await enrol(visitor, zh);
      await visitor.page.getByTestId('api-tokens').scrollIntoViewIfNeeded();
      await visitor.screenshot('settings');
      await callApi(visitor, 'user/logout');
      await visitor.visit('/user/login');
      await visitor.page.locator('input[name="username"]').fill(username);
      await visitor.page.locator('input[name="password"]').fill(PASSWORD);
      await visitor.page.getByRole('button', { name: zh ? '登录' : 'Log in', exact: true }).click();
      await visitor.page.getByTestId('login-code').waitFor();
      await visitor.screenshot('login-code');
      expect(visitor.pageErrors).toEqual([]);
    } finally {
      await visitor.close();
    }
  });
});
