import type { Browser } from 'playwright-core';
import { describeWith } from '@quire/testing';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { axeFindings, type AxeFinding, describeFindings, isTabsterDummy } from './support/axe';
import { BrowserVisitor, launchChromium, SCREENSHOT_DIR, type ViewportName } from './support/browser-session';
import { ensureWebBuilt } from './support/ensure-web-build';
import { type QuireApp, startQuire } from './support/quire-app';
import { callApi } from './support/session-factory';
import { chooseTheme } from './support/markdown-look';

/**
 * Issue 17 point 16: axe-core on every screen of the web app's router (web/src/app/router.tsx), at 1280 and
 * 390 px, light and dark; no serious or critical violation. The administrator (who also creates the items)
 * sees the signed-in screens; a visitor without a session sees the public ones.
 */
const STEP_TIMEOUT_MS = 60_000;
jest.setTimeout(600_000);

interface Screen {
  /** The router's path pattern it covers, and a name for the report. */
  route: string;
  /** The address to open (known once the data is made). */
  href: () => string;
  as: 'admin' | 'visitor';
  /** Something the screen shows once its data has come (beyond the header the visit waits for). */
  ready?: string;
  /** A state of the screen reached by a click (a tab), checked besides the screen as it opens. */
  then?: { name: string; click: string; ready: string };
}

describeWith({ binary: 'chromium' }, 'web app in a real browser: accessibility (axe-core) of every screen', () => {
  let quire: QuireApp;
  let browser: Browser;
  const ids = { item: 0, privateItem: 0, page: 0, history: 0, team: 0, shareKey: '' };

  const screens: Screen[] = [
    { route: '/', href: () => '/', as: 'visitor' },
    { route: '/user/login', href: () => '/user/login', as: 'visitor', ready: 'input[name=username]' },
    { route: '/user/register', href: () => '/user/register', as: 'visitor', ready: 'input[name=username]' },
    { route: '/user/setting', href: () => '/user/setting', as: 'admin' },
    { route: '/user/resetPassword', href: () => '/user/resetPassword', as: 'visitor' },
    { route: '/user/ResetPasswordByUrl', href: () => '/user/ResetPasswordByUrl?uid=1&email=nobody%40example.com&token=0123456789abcdef', as: 'visitor' },
    { route: '/user/verifyEmail', href: () => '/user/verifyEmail', as: 'visitor' },
    { route: '/item/index', href: () => '/item/index', as: 'admin', ready: 'text=Accessible manual' },
    { route: '/item/add', href: () => '/item/add', as: 'admin' },
    { route: '/item/password/:itemId', href: () => `/item/password/${ids.privateItem}`, as: 'visitor', ready: 'input[type=password]' },
    { route: '/item/export/:itemId', href: () => `/item/export/${ids.item}`, as: 'admin' },
    {
      route: '/item/setting/:itemId',
      href: () => `/item/setting/${ids.item}`,
      as: 'admin',
      ready: 'input[name=item_name]',
      then: { name: 'recycle bin tab', click: '[role=tab]:has-text("Recycle bin")', ready: '[data-testid=recycle-catalog-row]' },
    },
    { route: '/page/:pageId', href: () => `/page/${ids.page}`, as: 'admin', ready: 'text=Read me first' },
    { route: '/p/:uniqueKey', href: () => `/p/${ids.shareKey}`, as: 'visitor', ready: 'text=Read me first' },
    { route: '/page/edit/:itemId/:pageId', href: () => `/page/edit/${ids.item}/${ids.page}`, as: 'admin', ready: 'input[name=page_title]' },
    { route: '/page/diff/:pageId/:pageHistoryId', href: () => `/page/diff/${ids.page}/${ids.history}`, as: 'admin', ready: '[data-testid=diff-table]' },
    { route: '/catalog/:itemId', href: () => `/catalog/${ids.item}`, as: 'admin', ready: '[data-testid=catalog-row]' },
    { route: '/tools/http-test', href: () => '/tools/http-test', as: 'admin' },
    { route: '/notice/index', href: () => '/notice/index', as: 'admin' },
    { route: '/admin/index', href: () => '/admin/index', as: 'admin' },
    { route: '/team/index', href: () => '/team/index', as: 'admin', ready: 'text=Writers' },
    { route: '/team/member/:teamId', href: () => `/team/member/${ids.team}`, as: 'admin' },
    { route: '/team/item/:teamId', href: () => `/team/item/${ids.team}`, as: 'admin', ready: 'text=Accessible manual' },
    { route: '/:itemKey', href: () => `/${ids.item}`, as: 'admin', ready: 'text=Read me first' },
    { route: '*', href: () => '/no/such/screen', as: 'visitor' },
  ];

  beforeAll(async () => {
    quire = await startQuire(await ensureWebBuilt());
    browser = await launchChromium();
    const admin = await BrowserVisitor.open(browser, quire.baseUrl, 'desktop', 'a11y-setup');
    try {
      await callApi(admin, 'user/login', { username: 'showdoc', password: 'admin-pass' });
      ids.item = (await callApi<{ item_id: number }>(admin, 'item/add', { item_type: 1, item_name: 'Accessible manual' })).item_id;
      ids.privateItem = (await callApi<{ item_id: number }>(admin, 'item/add', { item_type: 1, item_name: 'Private notes', password: 'visit-pass' })).item_id;
      const catId = (await callApi<{ cat_id: number }>(admin, 'catalog/save', { item_id: ids.item, cat_name: 'Guide' })).cat_id;
      const content = '# Welcome\n\nRead me first.\n\n| Name | Value |\n| --- | --- |\n| port | 8080 |\n\n- [x] done\n- [ ] to do\n\n```js\nconsole.log(1);\n```\n';
      ids.page = (await callApi<{ page_id: number }>(admin, 'page/save', { page_id: 0, item_id: ids.item, cat_id: catId, page_title: 'Welcome', page_content: content })).page_id;
      await callApi(admin, 'page/save', { page_id: ids.page, item_id: ids.item, cat_id: catId, page_title: 'Welcome', page_content: `${content}\nA second paragraph.` });
      ids.history = (await callApi<{ page_history_id: number }[]>(admin, 'page/history', { page_id: ids.page }))[0].page_history_id;
      ids.shareKey = (await callApi<{ unique_key: string }>(admin, 'page/createSinglePage', { page_id: ids.page, isCreateSiglePage: 'true' })).unique_key;
      ids.team = (await callApi<{ id: number }>(admin, 'team/save', { id: 0, team_name: 'Writers' })).id;
      await callApi(admin, 'teamItem/save', { item_id: ids.item, team_id: ids.team });
      // Something in the recycle bin tab of the item settings.
      const gone = (await callApi<{ cat_id: number }>(admin, 'catalog/save', { item_id: ids.item, cat_name: 'Old drafts' })).cat_id;
      await callApi(admin, 'page/save', { page_id: 0, item_id: ids.item, cat_id: gone, page_title: 'Draft', page_content: 'x' });
      await callApi(admin, 'catalog/delete', { item_id: ids.item, cat_id: gone });
    } finally {
      await admin.close();
    }
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await quire?.close();
  });

  it('lists every route of the router', () => {
    // web/src/app/router.tsx has 25 routes (the catch-all included): each is visited below.
    expect(new Set(screens.map((screen) => screen.route)).size).toBe(25);
  });

  describe.each<[ViewportName, 'light' | 'dark']>([
    ['desktop', 'light'],
    ['desktop', 'dark'],
    ['mobile', 'light'],
    ['mobile', 'dark'],
  ])('at %s width, %s theme', (viewport, theme) => {
    it('has no serious or critical axe violation on any screen', async () => {
      const visitors = {
        admin: await BrowserVisitor.open(browser, quire.baseUrl, viewport, `a11y-admin-${theme}`),
        visitor: await BrowserVisitor.open(browser, quire.baseUrl, viewport, `a11y-visitor-${theme}`),
      };
      const findings: AxeFinding[] = [];
      try {
        for (const visitor of Object.values(visitors)) {
          visitor.context.setDefaultTimeout(STEP_TIMEOUT_MS);
          await chooseTheme(visitor, theme);
        }
        await callApi(visitors.admin, 'user/login', { username: 'showdoc', password: 'admin-pass' });
        for (const screen of screens) {
          const visitor = visitors[screen.as];
          try {
            await visitor.page.goto(screen.href());
            await visitor.page.locator(`[data-theme="${theme}"]`).first().waitFor();
            if (screen.ready) await visitor.page.locator(screen.ready).first().waitFor();
            await visitor.page.waitForLoadState('networkidle');
            await visitor.page.locator('[role=progressbar]').first().waitFor({ state: 'detached' });
          } catch (error) {
            await visitor.screenshot('not-ready');
            throw new Error(`${screen.route} (${screen.as}) did not show: ${(error as Error).message}`, { cause: error });
          }
          findings.push(...(await axeFindings(visitor.page, `${screen.route} (${screen.as}, ${viewport}, ${theme})`)));
          if (screen.then) {
            await visitor.page.locator(screen.then.click).click();
            await visitor.page.locator(screen.then.ready).first().waitFor();
            findings.push(...(await axeFindings(visitor.page, `${screen.route} ${screen.then.name} (${screen.as}, ${viewport}, ${theme})`)));
          }
        }
      } finally {
        for (const visitor of Object.values(visitors)) await visitor.close();
      }
      // Fluent's focus-trap sentinels are reported, by screen and element, in the artifacts (not failed on: see isTabsterDummy).
      const known = findings.filter(isTabsterDummy);
      fs.mkdirSync(path.dirname(SCREENSHOT_DIR), { recursive: true });
      fs.writeFileSync(path.join(path.dirname(SCREENSHOT_DIR), `axe-known-third-party-${viewport}-${theme}.txt`), `${describeFindings(known).join('\n')}\n`);
      expect(describeFindings(findings.filter((finding) => !isTabsterDummy(finding)))).toEqual([]);
    });
  });
});
