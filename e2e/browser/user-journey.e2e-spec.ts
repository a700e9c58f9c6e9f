import { describeWith, testCaller } from '@quire/testing';
import { Subject } from '@quire/proto';
import type { Browser } from 'playwright-core';
import { BrowserVisitor, type ViewportName, launchChromium } from './support/browser-session';
import { ensureWebBuilt } from './support/ensure-web-build';
import { serveInChinese, watchModules } from './support/markdown-look';
import { type QuireApp, startQuire } from './support/quire-app';

/**
 * Issue 6 in a real browser: register → log in → create items → read pages → share (QR) →
 * private item asks for its password → notices → settings, at desktop width and at 390 px.
 * Screenshots of each screen go to e2e/artifacts/screenshots/.
 */
const PASSWORD = 'journey-pass-1';

const HANDBOOK_PAGES = {
  intro: [
    '# Welcome to the handbook',
    '',
    'Plain text with **bold**, a [link](https://example.com) and <script>window.__xss = 1</script> nothing else.',
    '',
    '## Endpoints',
    '',
    '| Method | Path | Meaning |',
    '| --- | --- | --- |',
    '| GET | /api/item/info | read an item |',
    '',
    '```js',
    'const answer = 42;',
    '```',
    '',
    '## Errors',
    '',
    'Inline math $E = mc^2$ follows.',
  ].join('\n'),
  install: '# Installing\n\nRun `npm start` & wait for <b>ready</b>.',
  deep: '# Deep page\n\nThree catalogs down.',
};

describeWith({ binary: 'chromium' }, 'web app in a real browser: the user journey', () => {
  let quire: QuireApp;
  let browser: Browser;

  beforeAll(async () => {
    const webDist = await ensureWebBuilt();
    quire = await startQuire(webDist);
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await quire?.close();
  });

  describe.each<ViewportName>(['desktop', 'mobile'])('at %s width', (viewport) => {
    const username = `${viewport}${Date.now() % 100000}`;
    let me: BrowserVisitor;
    const ids: { handbook: number; secret: number; onePager: number; intro: number; install: number; deep: number; hidden: number; uid: number } = {
      hidden: 0,
      handbook: 0,
      secret: 0,
      onePager: 0,
      intro: 0,
      install: 0,
      deep: 0,
      uid: 0,
    };

    /** A call with the browser's session, for content the part-1 screens cannot write (pages, catalogs). */
    const api = async <T>(path: string, form: Record<string, string | number>): Promise<T> => {
      const reply = await me.post(`/api/${path}`, form);
      const body = (await reply.json()) as { error_code: number; error_message?: string; data: T };
      if (body.error_code !== 0) throw new Error(`${path}: ${body.error_code} ${body.error_message}`);
      return body.data;
    };

    beforeAll(async () => {
      me = await BrowserVisitor.open(browser, quire.baseUrl, viewport, 'journey');
    });

    afterAll(async () => {
      await me?.close();
    });

    it('shows the landing page with its carousel, claim and links, and calls the scheduled task', async () => {
      const cron = me.page.waitForRequest((request) => request.url().includes('/api/ScriptCron/run'));
      await me.visit('/');
      await cron;
      await me.page.getByTestId('carousel').waitFor();
      expect(await me.page.getByTestId('teams-claim').textContent()).toBe('Used by over 6000 teams');
      expect(await me.page.getByTestId('landing-main-link').getAttribute('href')).toBe('/user/login');
      // A fresh install has no demo or help item: the links wait until an administrator sets them (no dead links).
      expect(await me.page.getByRole('link', { name: 'Demo' }).count()).toBe(0);
      expect(await me.page.getByRole('link', { name: 'Help' }).count()).toBe(0);
      await me.screenshot('landing');
    });

    it('registers with the captcha and lands on the empty item list', async () => {
      await me.visit('/');
      await me.page.getByRole('main').getByRole('link', { name: 'Register' }).click();
      await me.page.waitForURL('**/user/register');
      await me.page.locator('input[name=username]').fill(username);
      await me.page.locator('input[name=password]').fill(PASSWORD);
      await me.page.locator('input[name=confirm_password]').fill(PASSWORD);
      await me.captchaLoaded();
      await me.page.locator('input[name=v_code]').fill(await quire.captchaCode((await me.cookie('quire_client')) as string));
      await me.screenshot('register');
      await me.page.getByRole('button', { name: 'Register' }).click();
      await me.page.waitForURL('**/item/index');
      await me.page.getByTestId('new-item-tile').waitFor();
      expect(await me.page.getByTestId('item-tile').count()).toBe(0);
      ids.uid = (await api<{ uid: number }>('user/info', {})).uid;
    });

    it('creates a regular, a private (password required) and a single-page item', async () => {
      const create = async (name: string, options: { single?: boolean; password?: string; description?: string } = {}) => {
        await me.page.getByTestId('new-item-tile').click();
        await me.page.waitForURL('**/item/add');
        if (options.single) await me.page.getByRole('radio', { name: 'Single-page item' }).check();
        await me.page.locator('input[name=item_name]').fill(name);
        await me.page.locator('textarea[name=item_description]').fill(options.description ?? '');
        if (options.password) {
          await me.page.getByRole('radio', { name: 'Private item' }).check();
          await me.page.getByRole('button', { name: 'Create' }).click();
          await me.acceptAlert('Please set a password for private item');
          await me.page.locator('input[name=password]').fill(options.password);
        }
        if (name === 'Handbook') await me.screenshot('new-item');
        await me.page.getByRole('button', { name: 'Create' }).click();
        await me.page.waitForURL('**/item/index');
        await me.page.getByTestId('item-tile').filter({ hasText: name }).waitFor();
      };
      await create('Handbook', { description: 'Team <handbook> & notes' });
      await create('Secrets', { password: 'open-sesame' });
      await create('One pager', { single: true });
      const tiles = me.page.getByTestId('item-tile');
      expect(await tiles.count()).toBe(3);
      await tiles.filter({ hasText: 'Handbook' }).getByText('Team <handbook> & notes').waitFor();
      await me.screenshot('item-list');

      const items = await api<{ item_id: number; item_name: string }[]>('item/myList', {});
      const idOf = (name: string) => items.find((item) => item.item_name === name)?.item_id ?? 0;
      ids.handbook = idOf('Handbook');
      ids.secret = idOf('Secrets');
      ids.onePager = idOf('One pager');
      const save = async (itemId: number, title: string, content: string, catId = 0, sNumber = 99) =>
        (await api<{ page_id: number }>('page/save', { page_id: 0, item_id: itemId, cat_id: catId, s_number: sNumber, page_title: title, page_content: content })).page_id;
      const catalog = async (name: string, parent = 0) =>
        (await api<{ cat_id: number }>('catalog/save', { item_id: ids.handbook, cat_id: 0, parent_cat_id: parent, cat_name: name, s_number: 99 })).cat_id;
      ids.intro = await save(ids.handbook, 'Introduction', HANDBOOK_PAGES.intro, 0, 1);
      const guides = await catalog('Guides');
      ids.install = await save(ids.handbook, 'Install & run', HANDBOOK_PAGES.install, guides);
      const level3 = await catalog('Advanced', guides);
      const level4 = await catalog('Internals', level3);
      ids.deep = await save(ids.handbook, 'Deep page', HANDBOOK_PAGES.deep, level4);
      ids.hidden = await save(ids.secret, 'Hidden plan', '# Hidden plan\n\nOnly with the password.');
    });

    it('reorders the items by dragging a thumbnail, and the order survives a reload', async () => {
      await me.visit('/item/index');
      const names = async () => (await me.page.getByTestId('item-tile').locator('span[title]').allTextContents()).map((n) => n.trim());
      expect(await names()).toEqual(['Handbook', 'Secrets', 'One pager']);
      const saved = me.page.waitForResponse((response) => response.url().endsWith('/api/item/sort'));
      await me.page
        .getByTestId('item-tile')
        .filter({ hasText: 'One pager' })
        .dragTo(me.page.getByTestId('item-tile').filter({ hasText: 'Handbook' }));
      await saved;
      expect(await names()).toEqual(['One pager', 'Handbook', 'Secrets']);
      await me.page.reload();
      await me.page.getByTestId('item-tile').first().waitFor();
      expect(await names()).toEqual(['One pager', 'Handbook', 'Secrets']);
    });

    it('reads an item: menu, rendered and sanitized Markdown, table of contents, nested catalogs', async () => {
      await me.page.getByTestId('item-tile').filter({ hasText: 'Handbook' }).getByRole('link').first().click();
      await me.page.waitForURL(`**/${ids.handbook}`);
      await me.page.getByTestId('page-title').filter({ hasText: 'Introduction' }).waitFor();
      const body = me.page.getByTestId('markdown-body');
      await body.locator('table').getByText('/api/item/info').waitFor();
      await body.locator('h2', { hasText: 'Endpoints' }).waitFor();
      await body.locator('pre code').getByText('const answer = 42;').waitFor();
      await body.locator('.katex-html').first().waitFor();
      expect(await body.locator('.katex-html').first().textContent()).toBe('E=mc2');
      expect(await body.locator('script').count()).toBe(0);
      expect(await me.page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
      if (viewport === 'desktop') {
        await me.page.getByTestId('page-toc').getByRole('button', { name: 'Errors' }).waitFor();
      } else {
        await me.page.getByRole('button', { name: 'Menu' }).click();
      }
      await me.screenshot('reader');

      const menu = me.page.getByTestId('item-menu');
      await menu.getByRole('button', { name: 'Guides' }).click();
      await menu.getByRole('button', { name: 'Advanced' }).click();
      await menu.getByRole('button', { name: 'Internals' }).click();
      await menu.getByRole('link', { name: 'Deep page' }).click();
      await me.page.waitForURL(`**/${ids.handbook}?page_id=${ids.deep}`);
      await me.page.getByTestId('page-title').filter({ hasText: 'Deep page' }).waitFor();
      if (viewport === 'mobile') await me.page.getByRole('button', { name: 'Menu' }).click();
      await me.page.getByRole('link', { name: 'Install & run' }).click();
      await me.page.getByTestId('page-title').filter({ hasText: 'Install & run' }).waitFor();
      await me.page.getByTestId('markdown-body').locator('b', { hasText: 'ready' }).waitFor();
    });

    it('downloads diagram, math and highlighting code only for a page that uses them', async () => {
      // A fresh visitor: nothing in its cache, every module it needs is requested.
      const reader = await BrowserVisitor.open(browser, quire.baseUrl, viewport, 'journey-modules');
      try {
        await reader.context.addCookies(await me.context.cookies());
        const loaded = watchModules(reader.page);
        await reader.visit(`/${ids.handbook}?page_id=${ids.install}`);
        await reader.page.getByTestId('markdown-body').locator('b', { hasText: 'ready' }).waitFor();
        expect(loaded).toContain('src/components/ui/markdown-render.tsx');
        expect(loaded.filter((source) => /node_modules\/(mermaid|katex|highlight\.js)\//.test(source))).toEqual([]);

        // The introduction has JavaScript and math, no diagram: highlight.js with that one grammar, and KaTeX.
        await reader.visit(`/${ids.handbook}?page_id=${ids.intro}`);
        const body = reader.page.getByTestId('markdown-body');
        await body.locator('pre code .hljs-keyword', { hasText: 'const' }).waitFor();
        await body.locator('.katex-html').first().waitFor();
        const libraries = loaded.filter((source) => source.includes('node_modules/'));
        expect(libraries.filter((source) => source.includes('/highlight.js/es/languages/'))).toEqual(['../node_modules/highlight.js/es/languages/javascript.js']);
        expect(libraries).toContain('../node_modules/katex/dist/katex.mjs');
        expect(libraries.filter((source) => source.includes('/mermaid/'))).toEqual([]);
      } finally {
        await reader.close();
      }
    });

    it("searches the menu as one types: ranked hits with their snippets take the menu's place until the field is cleared", async () => {
      if (viewport === 'mobile') await me.page.getByRole('button', { name: 'Menu' }).click();
      const search = me.page.getByRole('combobox', { name: 'Search this item' });
      const answered = me.page.waitForResponse((response) => response.url().endsWith('/api/search/query') && response.request().postData()?.includes('keyword=catalogs') === true);
      await search.fill('catalogs down');
      await answered;
      const hit = me.page.getByTestId('search-hit');
      await hit.filter({ hasText: 'Deep page' }).waitFor();
      expect(await hit.count()).toBe(1);
      expect(await hit.getByTestId('search-hit-path').textContent()).toBe('Guides › Advanced › Internals');
      expect((await hit.getByTestId('search-hit-snippet').locator('mark').allTextContents()).join(' ')).toContain('catalogs');
      expect(await me.page.getByTestId('item-menu').count()).toBe(0);
      await me.screenshot('menu-search');
      await search.fill('');
      await me.page.getByTestId('item-menu').getByRole('button', { name: 'Guides' }).waitFor();
      if (viewport === 'mobile') await me.page.keyboard.press('Escape');
    });

    it('shares a page: the dialog shows the link and its QR code, and the single-page link opens for anyone', async () => {
      await me.visit(`/${ids.handbook}?page_id=${ids.intro}`);
      await me.page.getByTestId('page-share').click();
      const dialog = me.page.getByRole('dialog');
      const link = dialog.getByTestId('share-link');
      expect(await link.inputValue()).toBe(`${quire.baseUrl}/${ids.handbook}?page_id=${ids.intro}`);
      await me.page.waitForFunction(() => {
        const image = document.querySelector<HTMLImageElement>('[data-testid="share-qrcode"]');
        return Boolean(image && image.complete && image.naturalWidth > 50);
      });
      expect(await dialog.getByTestId('share-qrcode').getAttribute('src')).toContain('/api/common/qrcode?size=3&url=');
      await dialog.getByRole('switch').click();
      await me.page.waitForFunction(() => /\/p\/[0-9a-f]{32}$/.test(document.querySelector<HTMLInputElement>('[data-testid="share-link"]')?.value ?? ''));
      const shared = await link.inputValue();
      await me.screenshot('share-dialog');
      await dialog.getByRole('button', { name: 'Close' }).click();

      const stranger = await BrowserVisitor.open(browser, quire.baseUrl, viewport, 'journey-stranger');
      try {
        await stranger.visit(new URL(shared).pathname);
        await stranger.page.getByTestId('page-title').filter({ hasText: 'Introduction' }).waitFor();
        await stranger.page.getByTestId('markdown-body').locator('table').waitFor();
        await stranger.screenshot('shared-page');
        await stranger.visit(`/page/${ids.intro}`);
        await stranger.page.getByTestId('page-title').filter({ hasText: 'Introduction' }).waitFor();
        await stranger.page.getByRole('link', { name: 'Open the item' }).click();
        await stranger.page.waitForURL(`**/${ids.handbook}?page_id=${ids.intro}`);
        await stranger.page
          .getByTestId('item-menu')
          .or(stranger.page.getByRole('button', { name: 'Menu' }))
          .first()
          .waitFor();
        expect(await stranger.page.getByTestId('page-edit').count()).toBe(0);
      } finally {
        await stranger.close();
      }
    });

    it('opens the page details, history and attachments from the page bar', async () => {
      await me.page.getByTestId('page-detail-button').click();
      await me.page.getByTestId('page-detail').getByText(String(ids.intro), { exact: true }).waitFor();
      await me.page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
      await me.page.getByTestId('page-history-button').click();
      await me.page.getByTestId('history-empty').waitFor();
      await me.page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
      await me.page.getByTestId('page-attachments').click();
      await me.page.getByRole('dialog').getByText('no data').waitFor();
      await me.page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
      await me.page.getByTestId('page-copy').click();
      await me.page.waitForURL(`**/page/edit/${ids.handbook}/0?copy_page_id=${ids.intro}`);
      await me.page.goBack();
      await me.page.getByTestId('page-title').filter({ hasText: 'Introduction' }).waitFor();
    });

    it('edits with Ctrl+E and deletes with Ctrl+Delete after a confirmation', async () => {
      await me.visit(`/${ids.handbook}?page_id=${ids.install}`);
      await me.page.getByTestId('page-title').filter({ hasText: 'Install & run' }).waitFor();
      await me.page.keyboard.press('Control+e');
      await me.page.waitForURL(`**/page/edit/${ids.handbook}/${ids.install}`);
      await me.page.goBack();
      // Back from the editor redraws the reader; on a loaded machine that alone can take most of the default 10 s.
      await me.page.getByTestId('page-title').filter({ hasText: 'Install & run' }).waitFor({ timeout: 60_000 });
      await me.page.keyboard.press('Control+Delete');
      const confirm = me.page.getByRole('alertdialog');
      await confirm.getByText('Delete this page?').waitFor();
      await me.screenshot('delete-confirm');
      await confirm.getByRole('button', { name: 'OK' }).click();
      await me.expectToast('Deleted successfully');
      await me.page.waitForURL(`**/${ids.handbook}`);
      await me.page.getByTestId('page-title').filter({ hasText: 'Introduction' }).waitFor();
      if (viewport === 'mobile') await me.page.getByRole('button', { name: 'Menu' }).click();
      const guides = me.page.getByTestId('item-menu').getByRole('button', { name: 'Guides' });
      if ((await guides.getAttribute('aria-expanded')) === 'false') await guides.click();
      await me.page.getByTestId('item-menu').getByRole('button', { name: 'Advanced' }).waitFor();
      expect(await me.page.getByTestId('item-menu').getByRole('link', { name: 'Install & run' }).count()).toBe(0);
    });

    it('shows a single-page item as one page', async () => {
      await me.visit(`/${ids.onePager}`);
      await me.page.getByTestId('page-title').filter({ hasText: 'One pager' }).waitFor();
      expect(await me.page.getByTestId('item-menu').count()).toBe(0);
      await me.page.getByTestId('page-toolbar').getByRole('button', { name: 'Edit' }).waitFor();
      await me.screenshot('single-page-item');
    });

    it('asks a visitor for the private item password, then shows the item', async () => {
      const visitor = await BrowserVisitor.open(browser, quire.baseUrl, viewport, 'journey-visitor');
      try {
        await visitor.visit(`/page/${ids.hidden}`);
        await visitor.page.waitForURL(`**/item/password/0?page_id=${ids.hidden}&redirect=%2Fpage%2F${ids.hidden}`);
        await visitor.visit(`/${ids.secret}`);
        await visitor.page.waitForURL(`**/item/password/${ids.secret}?redirect=%2F${ids.secret}`);
        await visitor.page.locator('input[name=password]').fill('wrong');
        await visitor.page.getByRole('button', { name: 'Open' }).click();
        await visitor.acceptAlert('The visit password is incorrect');
        await visitor.page.locator('input[name=password]').fill('open-sesame');
        await visitor.screenshot('item-password');
        await visitor.page.getByRole('button', { name: 'Open' }).click();
        await visitor.page.waitForURL(`**/${ids.secret}`);
        await visitor.page.getByTestId('page-title').filter({ hasText: 'Hidden plan' }).waitFor();
        expect(await visitor.page.getByTestId('page-edit').count()).toBe(0);
        await visitor.screenshot('private-item-unlocked');
        await visitor.visit(`/page/${ids.hidden}`);
        await visitor.page.getByTestId('page-title').filter({ hasText: 'Hidden plan' }).waitFor();
      } finally {
        await visitor.close();
      }
    });

    it('shows the captcha on the visit password form after 10 failures, and opens the item with the right code and password', async () => {
      const vault = await api<{ item_id: number }>('item/add', { item_type: 1, item_name: 'Vault', password: 'vault-pass', item_domain: '' });
      await api('page/save', { page_id: 0, item_id: vault.item_id, page_title: 'Vault notes', page_content: '# Vault notes' });
      const visitor = await BrowserVisitor.open(browser, quire.baseUrl, viewport, 'journey-captcha');
      try {
        await visitor.visit(`/${vault.item_id}`);
        await visitor.page.waitForURL(`**/item/password/${vault.item_id}?redirect=%2F${vault.item_id}`);
        for (let attempt = 1; attempt <= 10; attempt++) {
          await visitor.page.locator('input[name=password]').fill(`guess-${attempt}`);
          await visitor.page.getByRole('button', { name: 'Open' }).click();
          await visitor.acceptAlert('The visit password is incorrect');
          expect(await visitor.page.getByTestId('captcha-image').count()).toBe(attempt < 10 ? 0 : 1);
        }
        await visitor.captchaLoaded();
        await visitor.page.locator('input[name=v_code]').waitFor();
        await visitor.screenshot('item-password-captcha');
        await visitor.page.getByRole('button', { name: 'Dark theme' }).click();
        await visitor.screenshot('item-password-captcha-dark');
        await visitor.page.getByRole('button', { name: 'Light theme' }).click();

        // In Chinese, after a reload the form shows no code field yet: the server asks for one and the form shows it.
        await serveInChinese(visitor.page);
        await visitor.page.reload();
        await visitor.page.getByText('这是一个私密项目').waitFor();
        expect(await visitor.page.getByTestId('captcha-image').count()).toBe(0);
        await visitor.page.locator('input[name=password]').fill('vault-pass');
        await visitor.page.getByRole('button', { name: '进入' }).click();
        const asked = visitor.page.getByRole('alertdialog').filter({ hasText: 'Please enter the verification code shown in the image' });
        await asked.getByRole('button', { name: '确定' }).click();
        await asked.waitFor({ state: 'detached' });
        await visitor.captchaLoaded();
        await visitor.page.locator('label').filter({ hasText: '验证码' }).waitFor();
        await visitor.screenshot('item-password-captcha-zh-cn');

        await visitor.page.locator('input[name=v_code]').fill(await quire.captchaCode((await visitor.cookie('quire_client')) as string));
        await visitor.page.getByRole('button', { name: '进入' }).click();
        await visitor.page.waitForURL(`**/${vault.item_id}`);
        await visitor.page.getByTestId('page-title').filter({ hasText: 'Vault notes' }).waitFor();
        await visitor.screenshot('item-password-captcha-unlocked');
        expect(visitor.pageErrors).toEqual([]);
      } finally {
        await visitor.close();
      }
    });

    it('toasts an unread notice on the item list, then lists, shows, marks read and deletes it', async () => {
      const admin = testCaller({ uid: 1, username: 'admin', groupid: 1 });
      await quire.send(Subject.NoticeNoticeSend, admin, {
        to_uids: [ids.uid],
        notice_title: 'Welcome <b>aboard</b><img src=x onerror="window.__xss=2">',
        notice_content: '<p>Read the <a href="/help">help</a> first.</p><script>window.__xss=3</script>',
        from_name: 'admin',
      });
      await me.visit('/item/index');
      await me.page.getByTestId('unread-toast').getByText('You have an unread message').waitFor();
      await me.screenshot('unread-toast');

      await me.visit('/notice/index');
      const row = me.page.getByTestId('notice-row').filter({ hasText: 'Welcome' });
      await row.getByTestId('notice-unread').waitFor();
      await row.locator('b', { hasText: 'aboard' }).waitFor();
      await row.getByText('admin ·').waitFor();
      await me.screenshot('notices');
      await row.getByRole('button', { name: 'View' }).click();
      const shown = me.page.getByRole('alertdialog');
      await shown.getByRole('link', { name: 'help' }).waitFor();
      await shown.getByRole('button', { name: 'OK' }).click();
      await row.getByTestId('notice-unread').waitFor({ state: 'detached' });
      expect(await me.page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();

      await row.getByRole('button', { name: 'Delete' }).click();
      await me.page.getByRole('alertdialog').getByText('Delete this message?').waitFor();
      await me.page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
      await me.page.getByText('No messages').waitFor();
      await (await me.headerAction('Feedback')).click();
      await me.acceptAlert('Questions or suggestions?');
      await (await me.headerAction('Back')).click();
      await me.page.waitForURL('**/item/index');
    });

    it('edits the name, changes the password and shows the email status in personal settings', async () => {
      await me.visit('/user/setting');
      expect(await me.page.locator('input[name=username]').inputValue()).toBe(username);
      expect(await me.page.locator('input[name=username]').getAttribute('readonly')).not.toBeNull();
      expect(await me.page.getByTestId('email-status').textContent()).toBe('Unbound');
      await me.page.locator('input[name=name]').fill('Ada <Lovelace>');
      await me.page.getByRole('button', { name: 'Save' }).click();
      await me.expectToast('Saved');
      await me.screenshot('settings');
      await me.page.reload();
      await me.page.locator('input[name=name]').waitFor();
      expect(await me.page.locator('input[name=name]').inputValue()).toBe('Ada <Lovelace>');

      await me.page.getByRole('button', { name: 'Change password' }).click();
      const dialog = me.page.getByRole('dialog');
      await dialog.locator('input[name=password]').fill(PASSWORD);
      await dialog.locator('input[name=new_password]').fill(`${PASSWORD}-2`);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await me.expectToast('Password changed');
    });

    it('copies an item, and offers the item search box only above 9 items, filtering by name', async () => {
      await me.visit('/item/index');
      await me.page.getByTestId('item-tile').first().waitFor();
      expect(await me.page.getByRole('searchbox', { name: 'Search items' }).count()).toBe(0);
      await me.page.getByTestId('new-item-tile').click();
      await me.page.locator('input[name=item_name]').fill('Copied book');
      await me.page.locator('select[name=copy_item_id]').selectOption({ label: 'Handbook' });
      await me.page.getByRole('button', { name: 'Create' }).click();
      await me.page.getByTestId('item-tile').filter({ hasText: 'Copied book' }).getByRole('link').first().click();
      await me.page.getByTestId('page-title').filter({ hasText: 'Introduction' }).waitFor();
      await me.page.getByTestId('markdown-body').locator('table').waitFor();
      for (let n = 1; n <= 6; n++) await api('item/add', { item_type: 1, item_name: `Spare ${n}` });
      await me.visit('/item/index');
      await me.page.getByTestId('item-tile').nth(9).waitFor();
      await me.page.getByRole('searchbox', { name: 'Search items' }).fill('hand');
      await me.page.getByTestId('item-tile').nth(1).waitFor({ state: 'detached' });
      expect((await me.page.getByTestId('item-tile').locator('span[title]').allTextContents()).map((name) => name.trim())).toEqual(['Handbook']);
      await me.screenshot('item-search');
    });

    it('logs out, asks for the captcha after repeated failures, and honours the redirect after login', async () => {
      await (await me.headerAction('Log out')).click();
      await me.page.waitForURL('**/user/login');
      await me.visit('/user/setting');
      await me.page.waitForURL('**/user/login?redirect=%2Fuser%2Fsetting');
      await me.page.locator('input[name=username]').fill(username);
      for (let attempt = 1; attempt <= 5; attempt++) {
        await me.page.locator('input[name=password]').fill('not-the-password');
        await me.page.getByRole('button', { name: 'Log in' }).click();
        await me.acceptAlert('Username or password');
        expect(await me.page.getByTestId('captcha-image').count()).toBe(attempt < 5 ? 0 : 1);
      }
      await me.captchaLoaded();
      await me.screenshot('login-captcha');
      await me.page.locator('input[name=password]').fill(`${PASSWORD}-2`);
      await me.page.locator('input[name=v_code]').fill(await quire.captchaCode((await me.cookie('quire_client')) as string));
      await me.page.getByRole('button', { name: 'Log in' }).click();
      await me.page.waitForURL('**/user/setting');
      await me.page.locator('input[name=username]').waitFor();

      await me.visit('/user/login');
      await me.page.waitForURL('**/item/index');
      expect(me.pageErrors).toEqual([]);
      expect(me.consoleErrors).toEqual([]);
    });
  });
});
