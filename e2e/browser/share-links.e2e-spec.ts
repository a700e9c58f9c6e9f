import { describeWith } from '@quire/testing';
import type { Browser } from 'playwright-core';
import { axeFindings, describeFindings, isTabsterDummy } from './support/axe';
import { BrowserVisitor, launchChromium, EVERY_LOOK } from './support/browser-session';
import { ensureWebBuilt } from './support/ensure-web-build';
import { chooseTheme } from './support/markdown-look';
import { type QuireApp, startQuire } from './support/quire-app';
import { callApi, registerThroughApi } from './support/session-factory';

/**
 * Scoped share links in a real browser (issue 20): the owner makes a catalog link with a password and an expiry date
 * in the reader's share dialog; a stranger (a new browser context) opens it, is asked the password, refused a wrong
 * one, then reads the catalog's pages and nothing else; the item settings list the link and revoke it, after which
 * the stranger's page says so. At 1280 and 390 px, light and dark, English and Chinese. Screenshots go to
 * e2e/artifacts/screenshots/.
 */
const PASSWORD = 'share-links-pass-1';
const OWNER = `sharelinks${Date.now() % 100000}`;
jest.setTimeout(180_000);

describeWith({ binary: 'chromium' }, 'web app in a real browser: scoped share links', () => {
  let quire: QuireApp;
  let browser: Browser;
  let owner: BrowserVisitor;
  let itemId: number;
  let apiPage: number;

  beforeAll(async () => {
    quire = await startQuire(await ensureWebBuilt(), { LANGUAGE: 'en' });
    browser = await launchChromium();
    owner = await BrowserVisitor.open(browser, quire.baseUrl, 'desktop', 'share-links', { locale: 'en-US' });
    await registerThroughApi(owner, quire, OWNER, PASSWORD);
    itemId = (await callApi<{ item_id: number }>(owner, 'item/add', { item_type: 1, item_name: 'Platform', password: 'members-only' })).item_id;
    const apis = (await callApi<{ cat_id: number }>(owner, 'catalog/save', { item_id: itemId, cat_name: 'APIs' })).cat_id;
    const guides = (await callApi<{ cat_id: number }>(owner, 'catalog/save', { item_id: itemId, cat_name: 'Guides' })).cat_id;
    apiPage = (await callApi<{ page_id: number }>(owner, 'page/save', { item_id: itemId, cat_id: apis, page_title: 'List users', page_content: '# List users\n\n`GET /users`' })).page_id;
    await callApi(owner, 'page/save', { item_id: itemId, cat_id: apis, page_title: 'Create user', page_content: '`POST /users`' });
    await callApi(owner, 'page/save', { item_id: itemId, cat_id: guides, page_title: 'Secret guide', page_content: 'Only for members' });
  }, 240_000);

  afterAll(async () => {
    await owner?.close();
    await browser?.close();
    await quire?.close();
  });

  /** The owner makes a link in the share dialog and reads its URL. */
  const makeLink = async (visitor: BrowserVisitor, zh: boolean, password: string): Promise<string> => {
    await visitor.visit(`/${itemId}?page_id=${apiPage}`);
    await visitor.page.getByTestId('page-share').click();
    const section = visitor.page.getByRole('dialog').getByTestId('share-links');
    await section.getByText(zh ? '所在目录' : 'Its catalog').click();
    await section.getByTestId('share-link-password').fill(password);
    const nextYear = `${new Date().getFullYear() + 1}-06-30`;
    await section.getByTestId('share-link-expiry').fill(nextYear);
    await section.getByTestId('share-link-create').click();
    const url = section.getByTestId('share-link-url');
    await url.waitFor();
    return url.inputValue();
  };

  it('makes a catalog link with a password and expiry; a stranger needs the password and sees only that catalog; revoked, it stops', async () => {
    const link = await makeLink(owner, false, 'open sesame');
    expect(link).toMatch(new RegExp(`^${quire.baseUrl}/s/[0-9a-f]{32}$`));
    await owner.screenshot('dialog');

    const stranger = await BrowserVisitor.open(browser, quire.baseUrl, 'desktop', 'share-links-stranger', { locale: 'en-US' });
    try {
      await stranger.visit(new URL(link).pathname);
      await stranger.page.getByText('This share link is protected by a password.').waitFor();
      await stranger.page.getByTestId('share-password-input').fill('wrong');
      await stranger.page.getByRole('button', { name: 'Open' }).click();
      await stranger.page.getByText('The share link password is incorrect').waitFor();
      await stranger.page.getByTestId('share-password-input').fill('open sesame');
      await stranger.page.getByRole('button', { name: 'Open' }).click();
      await stranger.page.getByTestId('page-title').getByText('List users').waitFor();
      const menu = stranger.page.getByTestId('item-menu');
      expect(await menu.getByTestId('menu-catalog').allInnerTexts()).toEqual(['APIs']);
      expect(await menu.getByTestId('menu-page').allInnerTexts()).toEqual(['List users', 'Create user']);
      expect(await stranger.page.getByText('Secret guide').count()).toBe(0);
      await stranger.screenshot('reader');
      await menu.getByRole('link', { name: 'Create user' }).click();
      await stranger.page.getByText('POST /users').waitFor();

      // The owner's settings list the link, with its views; revoking it stops the stranger at once.
      await owner.visit(`/item/setting/${itemId}`);
      await owner.page.getByRole('tab', { name: 'Share links' }).click();
      const row = owner.page.getByTestId('share-link-row');
      await row.getByText('Catalog: APIs').waitFor();
      expect(await row.count()).toBe(1);
      await owner.screenshot('settings');
      await row.getByTestId('share-link-revoke').click();
      await owner.page.getByText('No active share links.').waitFor();

      // A revoked link says so before any password is asked.
      await stranger.visit(new URL(link).pathname);
      await stranger.page.getByTestId('share-gone').getByText('This share link has been revoked').waitFor();
      await stranger.screenshot('revoked');
      expect(stranger.pageErrors).toEqual([]);
    } finally {
      await stranger.close();
    }
    expect(owner.pageErrors).toEqual([]);
  });

  const cases = EVERY_LOOK;

  it.each(cases)('at %s, %s, %s: the dialog section and the stranger’s reader, with no serious or critical axe finding', async (viewport, theme, locale) => {
    const zh = locale === 'zh-CN';
    const maker = await BrowserVisitor.open(browser, quire.baseUrl, viewport, `share-links-${theme}-${locale}`, { locale });
    const stranger = await BrowserVisitor.open(browser, quire.baseUrl, viewport, `share-links-stranger-${theme}-${locale}`, { locale });
    try {
      await chooseTheme(maker, theme);
      await chooseTheme(stranger, theme);
      await callApi(maker, 'user/login', { username: OWNER, password: PASSWORD });
      const link = await makeLink(maker, zh, 'pw-1234');
      await maker.screenshot('dialog');
      await stranger.visit(new URL(link).pathname);
      await stranger.page.getByText(zh ? '此分享链接需要访问密码。' : 'This share link is protected by a password.').waitFor();
      await stranger.screenshot('password');
      await stranger.page.getByTestId('share-password-input').fill('pw-1234');
      await stranger.page.getByRole('button', { name: zh ? '进入' : 'Open' }).click();
      await stranger.page.getByTestId('page-title').getByText('List users').waitFor();
      await stranger.screenshot('reader');
      const findings = (await axeFindings(stranger.page, `share-links ${viewport} ${theme} ${locale}`)).filter((finding) => !isTabsterDummy(finding));
      expect(describeFindings(findings)).toEqual([]);
      expect(stranger.pageErrors).toEqual([]);
    } finally {
      await maker.close();
      await stranger.close();
    }
  });
});
