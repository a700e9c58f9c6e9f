import { describeWith } from '@quire/testing';
import type { Browser } from 'playwright-core';
import { BrowserVisitor, type ViewportName, launchChromium } from './support/browser-session';
import { ensureWebBuilt } from './support/ensure-web-build';
import { type QuireApp, startQuire } from './support/quire-app';
import { callApi, registerThroughApi } from './support/session-factory';
import { chooseTheme } from './support/markdown-look';

const PASSWORD = 'lang-pass-1';
const suffix = String(Date.now() % 100000);
type Theme = 'light' | 'dark';

/**
 * Issue 28, language per reader, on an English server (LANGUAGE=en): a user's setting, a visitor's
 * browser language and the header's menu each choose the labels and the server's messages, without a reload.
 * Screenshots in e2e/artifacts/screenshots/lang-*.
 */
describeWith({ binary: 'chromium' }, 'web app in a real browser: the language of each reader (issue 28)', () => {
  let quire: QuireApp;
  let browser: Browser;

  beforeAll(async () => {
    quire = await startQuire(await ensureWebBuilt(), { LANGUAGE: 'en' });
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await quire?.close();
  });

  const open = async (label: string, viewport: ViewportName, options: { locale?: string; theme?: Theme } = {}) => {
    const visitor = await BrowserVisitor.open(browser, quire.baseUrl, viewport, label, { locale: options.locale ?? 'en-US' });
    await chooseTheme(visitor, options.theme);
    return visitor;
  };

  const heading = (visitor: BrowserVisitor) => visitor.page.locator('header h1');

  it('switches a user to Chinese in the settings at once (labels, toast, server messages) while another user stays English', async () => {
    const alice = await open('lang-user-zh', 'desktop');
    const bob = await open('lang-user-en', 'desktop');
    try {
      await registerThroughApi(alice, quire, `alice${suffix}`, PASSWORD);
      await registerThroughApi(bob, quire, `bob${suffix}`, PASSWORD);
      await alice.visit('/user/setting');
      await heading(alice).filter({ hasText: 'Personal settings' }).waitFor();
      // Signed in: the language is a setting, the header has no visitor menu.
      expect(await alice.page.getByTestId('language-menu').count()).toBe(0);

      await alice.page.getByRole('combobox', { name: 'Language' }).selectOption('zh-cn');
      await alice.expectToast('保存成功');
      await heading(alice).filter({ hasText: '个人设置' }).waitFor();
      expect(await alice.page.locator('html').getAttribute('lang')).toBe('zh-CN');
      expect(await alice.page.getByRole('combobox', { name: '语言' }).inputValue()).toBe('zh-cn');
      expect(await alice.cookie('quire_lang')).toBe('zh-cn');

      // A message of the server, in Chinese too.
      await alice.page.getByRole('button', { name: '修改密码' }).click();
      const dialog = alice.page.getByRole('dialog');
      await dialog.locator('input[name=password]').fill('not-my-password');
      await dialog.locator('input[name=new_password]').fill('another-pass-2');
      await dialog.getByRole('button', { name: '保存' }).click();
      const alert = alice.page.getByRole('alertdialog').filter({ hasText: '原密码不正确' });
      await alert.waitFor();
      await alice.screenshot('change-password-error');
      await alert.getByRole('button', { name: '确定' }).click();
      await dialog.getByRole('button', { name: '取消' }).click();

      // Stored: a new visit (fresh cookie jar, English browser) reads Chinese once the user's setting is known.
      await alice.context.clearCookies({ name: 'quire_lang' });
      await alice.visit('/item/index');
      await alice.page.locator('html[lang="zh-CN"]').waitFor({ state: 'attached' });

      // The other user on the same server keeps English.
      await bob.visit('/user/setting');
      await heading(bob).filter({ hasText: 'Personal settings' }).waitFor();
      expect(await bob.page.getByRole('combobox', { name: 'Language' }).inputValue()).toBe('');
      expect(await bob.page.locator('html').getAttribute('lang')).toBe('en');

      // Back to "Same as the browser": English again, at once.
      await alice.visit('/user/setting');
      await alice.page.getByRole('combobox', { name: '语言' }).selectOption('');
      await alice.expectToast('Saved');
      await heading(alice).filter({ hasText: 'Personal settings' }).waitFor();
      expect(await alice.cookie('quire_lang')).toBeUndefined();
      expect([...alice.pageErrors, ...bob.pageErrors]).toEqual([]);
    } finally {
      await alice.close();
      await bob.close();
    }
  });

  it('shows a visitor whose browser speaks Chinese the app in Chinese on an English server, messages included', async () => {
    const visitor = await open('lang-visitor-zh', 'desktop', { locale: 'zh-CN' });
    try {
      await visitor.visit('/user/login');
      await heading(visitor).filter({ hasText: '登录' }).waitFor();
      expect(await visitor.page.locator('html').getAttribute('lang')).toBe('zh-CN');
      await visitor.page.locator('input[name=username]').fill(`nobody${suffix}`);
      await visitor.page.locator('input[name=password]').fill('wrong-pass-1');
      await visitor.page.locator('form').getByRole('button', { name: '登录' }).click();
      await visitor.page.getByText('用户名或密码不正确').first().waitFor();
    } finally {
      await visitor.close();
    }
  });

  it("names the reader's search clear button in the reader's language", async () => {
    const owner = await open('lang-reader-owner', 'desktop');
    const reader = await open('lang-reader-zh', 'desktop', { locale: 'zh-CN' });
    try {
      await registerThroughApi(owner, quire, `reader${suffix}`, PASSWORD);
      await callApi(owner, 'item/add', { item_type: 1, item_name: 'Handbook', password: '', item_domain: '', copy_item_id: 0, item_description: '' });
      const itemId = (await callApi<{ item_id: number }[]>(owner, 'item/myList'))[0].item_id;
      await callApi(owner, 'page/save', { page_id: 0, item_id: itemId, page_title: 'Export orders', page_content: 'Orders are exported nightly.' });
      await reader.visit(`/${itemId}`);
      const field = reader.page.getByRole('combobox', { name: '搜索本项目' });
      await field.fill('orders');
      const clear = reader.page.getByRole('button', { name: '清除搜索' });
      await clear.click();
      expect(await field.inputValue()).toBe('');
      expect(await reader.page.locator('[aria-label="clear"]').count()).toBe(0);
    } finally {
      await owner.close();
      await reader.close();
    }
  });

  it("switches a visitor's language from the header menu without a reload, and keeps it", async () => {
    const visitor = await open('lang-visitor-menu', 'desktop');
    try {
      await visitor.visit('/');
      const claim = visitor.page.getByTestId('teams-claim');
      expect(await claim.textContent()).toBe('Used by over 6000 teams');
      const marker = await visitor.page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
      await visitor.page.getByTestId('language-menu').click();
      await visitor.page.getByRole('menuitemradio', { name: '中文' }).click();
      await claim.filter({ hasText: '超过 6000 个团队正在使用' }).waitFor();
      expect(await visitor.page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(marker);
      expect(await visitor.cookie('quire_lang')).toBe('zh-cn');

      await visitor.visit('/user/login');
      await heading(visitor).filter({ hasText: '登录' }).waitFor();
      await visitor.page.getByTestId('language-menu').click();
      await visitor.page.getByRole('menuitemradio', { name: 'English' }).click();
      await heading(visitor).filter({ hasText: 'Log in' }).waitFor();
      expect(await visitor.page.locator('html').getAttribute('lang')).toBe('en');
    } finally {
      await visitor.close();
    }
  });

  describe.each<[ViewportName, Theme, 'en' | 'zh-cn']>([
    ['desktop', 'light', 'en'],
    ['desktop', 'dark', 'zh-cn'],
    ['mobile', 'light', 'zh-cn'],
    ['mobile', 'dark', 'en'],
  ])('at %s width, %s theme, in %s', (viewport, theme, language) => {
    it('draws the settings with their language field and the visitor header with its language menu', async () => {
      const zh = language === 'zh-cn';
      const user = await open(`lang-shots-${theme}-${language}`, viewport, { theme });
      try {
        await registerThroughApi(user, quire, `shot${viewport[0]}${theme[0]}${language[0]}${suffix}`, PASSWORD);
        await user.visit('/user/setting');
        await user.page.getByRole('combobox', { name: 'Language' }).selectOption(language);
        await heading(user)
          .filter({ hasText: zh ? '个人设置' : 'Personal settings' })
          .waitFor();
        await user.page.getByRole('combobox', { name: zh ? '语言' : 'Language' }).scrollIntoViewIfNeeded();
        await user.screenshot('settings');
        await user.post('/api/user/logout', {});
        await user.visit('/user/login');
        await heading(user)
          .filter({ hasText: zh ? '登录' : 'Log in' })
          .waitFor();
        await user.page.getByTestId('language-menu').click();
        await user.page.getByRole('menuitemradio', { name: zh ? '中文' : 'English' }).waitFor();
        await user.screenshot('header-menu');
        expect(await user.page.getByRole('menuitemradio', { name: zh ? '中文' : 'English' }).getAttribute('aria-checked')).toBe('true');
      } finally {
        await user.close();
      }
    });
  });
});
