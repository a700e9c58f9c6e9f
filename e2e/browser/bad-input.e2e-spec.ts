import { describeWith } from '@quire/testing';
import type { Browser } from 'playwright-core';
import { BrowserVisitor, type ViewportName, launchChromium } from './support/browser-session';
import { ensureWebBuilt } from './support/ensure-web-build';
import { type QuireApp, startQuire } from './support/quire-app';
import { callApi, registerThroughApi } from './support/session-factory';

/**
 * Issue 6 "Bad input", in a real browser: a 404 route, a deleted page id, a network failure
 * (logged, the screen stays usable), a server error (an alert with the message, no white screen);
 * and the server settings the screens follow (language, registration switch).
 */
describeWith({ binary: 'chromium' }, 'web app in a real browser: bad input and server settings', () => {
  let quire: QuireApp;
  let browser: Browser;

  beforeAll(async () => {
    quire = await startQuire(await ensureWebBuilt());
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await quire?.close();
  });

  describe.each<ViewportName>(['desktop', 'mobile'])('at %s width', (viewport) => {
    let me: BrowserVisitor;
    let itemId = 0;
    let firstPage = 0;
    let deletedPage = 0;

    beforeAll(async () => {
      me = await BrowserVisitor.open(browser, quire.baseUrl, viewport, 'bad-input');
      await registerThroughApi(me, quire, `bad${viewport}${Date.now() % 100000}`, 'bad-input-pass');
      itemId = (await callApi<{ item_id: number }>(me, 'item/add', { item_type: 1, item_name: 'Fragile', item_domain: `fragile${viewport}` })).item_id;
      const save = async (title: string) =>
        (await callApi<{ page_id: number }>(me, 'page/save', { page_id: 0, item_id: itemId, page_title: title, page_content: `# ${title}\n\nBody of ${title}.` })).page_id;
      firstPage = await save('First');
      await save('Second');
      deletedPage = await save('Gone');
      await callApi(me, 'page/delete', { page_id: deletedPage });
    });

    afterAll(async () => {
      await me?.close();
    });

    it('shows a 404 screen for an unknown route, with a way home', async () => {
      await me.visit('/no/such/route');
      const view = me.page.getByTestId('error-view');
      await view.getByText('404').waitFor();
      await view.getByText('Page not found').waitFor();
      await me.screenshot('not-found');
      await view.getByRole('link', { name: 'Back to home' }).click();
      await me.page.getByTestId('teams-claim').waitFor();
    });

    it('says an unknown item or domain does not exist, once: on the screen, with no alert on top', async () => {
      await me.page.goto('/nosuchdomain');
      await me.page.getByTestId('item-missing').getByText('This item does not exist or has been deleted.').waitFor();
      await me.page.waitForLoadState('networkidle');
      expect(await me.page.getByRole('alertdialog').count()).toBe(0);
      expect(await me.page.getByText(/does not exist or has been deleted/).count()).toBe(1);
    });

    it('shows a deleted page id as missing, by itself and inside its item, and the menu stays usable', async () => {
      await me.page.goto(`/page/${deletedPage}`);
      await me.page.getByTestId('page-missing').getByText('This page does not exist or has been deleted.').waitFor();
      expect(await me.page.getByRole('alertdialog').count()).toBe(0);
      await me.screenshot('deleted-page');

      await me.page.goto(`/fragile${viewport}?page_id=${deletedPage}`);
      await me.page.getByTestId('page-missing').waitFor();
      expect(await me.page.getByRole('alertdialog').count()).toBe(0);
      if (viewport === 'mobile') await me.page.getByRole('button', { name: 'Menu' }).click();
      expect(await me.page.getByTestId('item-menu').getByRole('link', { name: 'Gone' }).count()).toBe(0);
      await me.page.getByTestId('item-menu').getByRole('link', { name: 'Second' }).click();
      await me.page.getByTestId('page-title').filter({ hasText: 'Second' }).waitFor();
    });

    it('logs a network failure without an alert; the screen stays usable and recovers with Retry', async () => {
      await me.visit(`/${itemId}?page_id=${firstPage}`);
      await me.page.getByTestId('page-title').filter({ hasText: 'First' }).waitFor();
      // The reader GETs page/info (its query string carries the page_id).
      const pageInfo = /\/api\/page\/info(\?|$)/;
      await me.page.route(pageInfo, (route) => route.abort('internetdisconnected'));
      const logged = me.page.waitForEvent('console', (message) => message.type() === 'error' && message.text().includes('[api] page/info: network error'));
      if (viewport === 'mobile') await me.page.getByRole('button', { name: 'Menu' }).click();
      await me.page.getByTestId('item-menu').getByRole('link', { name: 'Second' }).click();
      await logged;
      const missing = me.page.getByTestId('page-missing');
      await missing.getByText('The page could not be loaded. Check your connection.').waitFor();
      expect(await me.page.getByRole('alertdialog').count()).toBe(0);
      await me.screenshot('network-failure');

      await me.page.unroute(pageInfo);
      await missing.getByRole('button', { name: 'Retry' }).click();
      await me.page.getByTestId('page-title').filter({ hasText: 'Second' }).waitFor();
      if (viewport === 'mobile') await me.page.getByRole('button', { name: 'Menu' }).click();
      await me.page.getByTestId('item-menu').getByRole('link', { name: 'First' }).click();
      await me.page.getByTestId('page-title').filter({ hasText: 'First' }).waitFor();
    });

    it('shows a server error as an alert with its message, and the screen stays', async () => {
      await me.page.route('**/api/item/myList', (route) =>
        route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error_code: 10101, error_message: 'Database is on fire' }) }),
      );
      await me.visit('/item/index');
      await me.page.getByRole('alertdialog').filter({ hasText: 'Database is on fire' }).waitFor();
      await me.page.getByTestId('new-item-tile').waitFor();
      await me.screenshot('server-error');
      await me.acceptAlert('Database is on fire');
      await me.page.unroute('**/api/item/myList');

      await me.page.route('**/api/item/myList', (route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<html><body>Bad gateway</body></html>' }));
      await me.page.reload();
      await me.acceptAlert('Server error (HTTP 502)');
      await me.page.getByTestId('new-item-tile').waitFor();
      await me.page.unroute('**/api/item/myList');
      expect(me.pageErrors).toEqual([]);
    });

    it('shows the server refusing a taken personalized domain beside the field, and a bad one before sending', async () => {
      await me.visit('/item/add');
      await me.page.locator('input[name=item_name]').fill('Copycat');
      await me.page.locator('input[name=item_domain]').fill('no spaces!');
      await me.page.getByRole('button', { name: 'Create' }).click();
      await me.page.getByText('Personalized domain names can only be a combination of letters or numbers').waitFor();
      await me.page.locator('input[name=item_domain]').fill(`fragile${viewport}`);
      const refused = me.page.waitForResponse((response) => response.url().endsWith('/api/item/add'));
      await me.page.getByRole('button', { name: 'Create' }).click();
      expect(((await (await refused).json()) as { error_code: number }).error_code).toBe(10304);
      await me.page.getByText('Personal domain name already exists').waitFor();
      await me.screenshot('domain-taken');
      expect(me.page.url()).toContain('/item/add');
    });

    it('alerts when saving the item order fails, then reloads the list in its saved order', async () => {
      await callApi(me, 'item/add', { item_type: 1, item_name: 'Second item' });
      await me.visit('/item/index');
      const names = async () => (await me.page.getByTestId('item-tile').locator('span[title]').allTextContents()).map((name) => name.trim());
      await me.page.getByTestId('item-tile').nth(1).waitFor();
      const before = await names();
      await me.page.route('**/api/item/sort', (route) => route.fulfill({ json: { error_code: 10101, error_message: 'Sort not saved' } }));
      const reloaded = me.page.waitForEvent('load');
      await me.page.getByTestId('item-tile').nth(1).dragTo(me.page.getByTestId('item-tile').nth(0));
      await me.acceptAlert('Sort not saved');
      await reloaded;
      await me.page.getByTestId('item-tile').nth(1).waitFor();
      expect(await names()).toEqual(before);
      await me.page.unroute('**/api/item/sort');
    });

    it('shows the captcha on the visit password form after 10308', async () => {
      await me.page.route('**/api/item/pwd', (route) => route.fulfill({ json: { error_code: 10308, error_message: 'The visit password is incorrect' } }));
      await me.visit(`/item/password/${itemId}`);
      expect(await me.page.getByTestId('captcha-image').count()).toBe(0);
      await me.page.locator('input[name=password]').fill('guess');
      await me.page.getByRole('button', { name: 'Open' }).click();
      await me.acceptAlert('The visit password is incorrect');
      await me.captchaLoaded();
      await me.page.locator('input[name=v_code]').waitFor();
      await me.screenshot('item-password-captcha');
      await me.page.unroute('**/api/item/pwd');
    });

    it('gives up on a request after 20 s: the loading overlay closes, the failure is logged, the form stays', async () => {
      const page = await me.context.newPage();
      try {
        await page.clock.install();
        await page.goto('/item/add');
        await page.route('**/api/item/add', () => undefined); // never answered
        await page.locator('input[name=item_name]').fill('Stuck');
        await page.getByRole('button', { name: 'Create' }).click();
        await page.getByTestId('loading-overlay').waitFor();
        const logged = page.waitForEvent('console', (message) => message.type() === 'error' && message.text().includes('[api] item/add: network error'));
        await page.clock.fastForward('00:21');
        await page.getByTestId('loading-overlay').waitFor({ state: 'detached' });
        await logged;
        expect(await page.getByRole('alertdialog').count()).toBe(0);
        expect(await page.locator('input[name=item_name]').inputValue()).toBe('Stuck');
      } finally {
        await page.close();
      }
    });

    it('hides the editing controls of an archived item', async () => {
      const frozen = (await callApi<{ item_id: number }>(me, 'item/add', { item_type: 1, item_name: 'Frozen' })).item_id;
      await callApi(me, 'page/save', { page_id: 0, item_id: frozen, page_title: 'Cold', page_content: 'Read only now.' });
      await me.visit(`/${frozen}`);
      await me.page.getByTestId('page-edit').waitFor();
      await callApi(me, 'item/archive', { item_id: frozen, password: 'bad-input-pass' });
      await me.page.reload();
      await me.page.getByTestId('page-title').filter({ hasText: 'Cold' }).waitFor();
      await me.page.getByTestId('archived-badge').waitFor();
      expect(await me.page.getByTestId('page-edit').count()).toBe(0);
      expect(await me.page.getByTestId('page-delete').count()).toBe(0);
      expect(await me.page.getByRole('link', { name: 'New page' }).count()).toBe(0);
      await me.page.keyboard.press('Control+e');
      expect(me.page.url()).not.toContain('/page/edit/');
      await me.screenshot('archived-item');
    });
  });

  describe('server settings', () => {
    let visitor: BrowserVisitor;
    let opened = 0;

    beforeEach(async () => {
      opened += 1;
      visitor = await BrowserVisitor.open(browser, quire.baseUrl, 'desktop', `settings${opened}`);
    });

    afterEach(async () => {
      await visitor.close();
    });

    const withSetting = (patch: Record<string, unknown>) =>
      visitor.page.route('**/api/common/homePageSetting', async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as { data: Record<string, unknown> };
        await route.fulfill({ response, json: { ...body, data: { ...body.data, ...patch } } });
      });

    it('labels the screens in the language of the server configuration', async () => {
      const reply = await visitor.page.request.post('/api/common/homePageSetting');
      expect(((await reply.json()) as { data: { language: string } }).data.language).toBe('en');
      await withSetting({ language: 'zh-cn' });
      await visitor.visit('/');
      expect(await visitor.page.getByTestId('teams-claim').textContent()).toBe('超过 6000 个团队正在使用');
      expect(await visitor.page.locator('html').getAttribute('lang')).toBe('zh-CN');
      await visitor.page.getByRole('link', { name: '登录开始使用' }).waitFor();
      await visitor.screenshot('landing-zh-cn');
    });

    it('hides registration when the administrator closed it', async () => {
      await withSetting({ register_open: 0 });
      await visitor.visit('/');
      await visitor.page.getByTestId('landing-main-link').waitFor();
      expect(await visitor.page.getByRole('link', { name: 'Register' }).count()).toBe(0);
      await visitor.visit('/user/register');
      await visitor.page.getByTestId('register-closed').waitFor();
      expect(await visitor.page.locator('input[name=username]').count()).toBe(0);
    });

    it('switches between the light and the dark theme', async () => {
      await visitor.visit('/');
      const provider = visitor.page.locator('[data-theme]').first();
      expect(await provider.getAttribute('data-theme')).toBe('light');
      await visitor.page.getByRole('button', { name: 'Dark theme' }).click();
      expect(await provider.getAttribute('data-theme')).toBe('dark');
      await visitor.screenshot('landing-dark');
      await visitor.page.reload();
      await visitor.page.getByTestId('teams-claim').waitFor();
      expect(await visitor.page.locator('[data-theme]').first().getAttribute('data-theme')).toBe('dark');
    });
  });
});
