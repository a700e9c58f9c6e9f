import type { TeamItemByTeamEntry, TeamRow } from '@quire/proto';
import { Subject } from '@quire/proto';
import { describeWith, testCaller } from '@quire/testing';
import type { Browser, Locator } from 'playwright-core';
import { BrowserVisitor, type ViewportName, launchChromium } from './support/browser-session';
import { ensureWebBuilt } from './support/ensure-web-build';
import { type QuireApp, startQuire } from './support/quire-app';
import { callApi, registerThroughApi } from './support/session-factory';
import { serveInChinese } from './support/markdown-look';

/**
 * Issue 17 as a user notices it: the compact header on long titles (catalogs, item settings, diff) at 390 px, item
 * settings tables that fit, when a team's item joined the team, the texts of both languages, the reader's contents
 * list, and the smaller points (History for visitors, external links, "Link copied", the diff's Back, item kinds in
 * the list, the unread badge and where the notice toast goes). Screenshots in e2e/artifacts/screenshots/layout-*.
 */
const PASSWORD = 'layout-pass-1';
const suffix = String(Date.now() % 100000);
const OWNER = `lay${suffix}`;
const MATE = `laymate${suffix}`;
/** 200 characters with spaces, as a real long item name would be. */
const LONG_NAME = 'Payments platform internal API reference and operations handbook '.repeat(4).slice(0, 200);
/** The page's title, as long: the diff screen shows it. */
const PAGE_TITLE = `Guide to ${LONG_NAME}`.slice(0, 200);
const SECTIONS = Array.from({ length: 40 }, (_, index) => `Section ${index + 1}`);
const GUIDE = [
  '# Guide',
  'Read [the external site](https://example.com/docs) or [a page here](/item/index).',
  ...SECTIONS.flatMap((title) => [`## ${title}`, `Text of ${title}.`, ...Array.from({ length: 6 }, (_, line) => `Line ${line + 1} of ${title}, long enough to take a row.`)]),
].join('\n\n');

/** The machine may be shared with other suites: a loaded CPU slows the embedded app, not the assertions. */
const STEP_TIMEOUT_MS = 25_000;
jest.setTimeout(180_000);

type Theme = 'light' | 'dark';
type Language = 'en' | 'zh-cn';

describeWith({ binary: 'chromium' }, 'web app in a real browser: compact header, item settings, reader and texts (issue 17)', () => {
  let quire: QuireApp;
  let browser: Browser;
  let owner: BrowserVisitor;
  const ids = { item: 0, guide: 0, history: 0, team: 0, single: 0, private: 0, uid: 0 };

  /** A visitor logged in as `username` (or anonymous), at a width, in a theme and language. */
  const open = async (label: string, viewport: ViewportName, options: { user?: string; theme?: Theme; language?: Language } = {}) => {
    const visitor = await BrowserVisitor.open(browser, quire.baseUrl, viewport, label);
    visitor.context.setDefaultTimeout(STEP_TIMEOUT_MS);
    const dark = options.theme === 'dark';
    await visitor.context.addInitScript((isDark) => window.localStorage.setItem('quire_theme', isDark ? 'dark' : 'light'), dark);
    if (options.language === 'zh-cn') {
      await serveInChinese(visitor.page);
    }
    if (options.user) await callApi(visitor, 'user/login', { username: options.user, password: options.user === 'showdoc' ? 'admin-pass' : PASSWORD });
    return visitor;
  };

  /** What the header looks like: its height, whether anything in it spills out, the brand and title boxes. */
  const headerShape = (visitor: BrowserVisitor) =>
    visitor.page.evaluate(() => {
      const header = document.querySelector<HTMLElement>('[data-testid="app-header"]') as HTMLElement;
      const title = header.querySelector('h1') as HTMLElement;
      const brand = header.querySelector('a') as HTMLElement;
      const outside = Array.from(header.querySelectorAll<HTMLElement>('a, button')).filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && (box.left < 0 || box.right > window.innerWidth + 0.5 || box.bottom > header.getBoundingClientRect().bottom + 0.5);
      });
      return {
        height: header.getBoundingClientRect().height,
        pageOverflow: document.documentElement.scrollWidth - window.innerWidth,
        outside: outside.map((element) => element.getAttribute('aria-label') ?? element.textContent),
        brandClipped: brand.scrollWidth > brand.clientWidth,
        titleCut: title.scrollWidth > title.clientWidth && getComputedStyle(title).textOverflow === 'ellipsis',
        titleWhole: title.title,
      };
    });

  beforeAll(async () => {
    quire = await startQuire(await ensureWebBuilt());
    browser = await launchChromium();
    owner = await BrowserVisitor.open(browser, quire.baseUrl, 'desktop', 'layout');
    owner.context.setDefaultTimeout(STEP_TIMEOUT_MS);
    const mate = await BrowserVisitor.open(browser, quire.baseUrl, 'desktop', 'layout-setup');
    await registerThroughApi(mate, quire, MATE, PASSWORD);
    await mate.close();
    await registerThroughApi(owner, quire, OWNER, PASSWORD);
    ids.uid = (await callApi<{ uid: number }>(owner, 'user/info')).uid;

    ids.item = (await callApi<{ item_id: number }>(owner, 'item/add', { item_type: 1, item_name: LONG_NAME })).item_id;
    ids.guide = (await callApi<{ page_id: number }>(owner, 'page/save', { page_id: 0, item_id: ids.item, page_title: PAGE_TITLE, page_content: 'First draft.' })).page_id;
    await callApi(owner, 'page/save', { page_id: ids.guide, item_id: ids.item, page_title: PAGE_TITLE, page_content: GUIDE });
    ids.history = (await callApi<{ page_history_id: number }[]>(owner, 'page/history', { page_id: ids.guide }))[0].page_history_id;
    await callApi(owner, 'catalog/save', { item_id: ids.item, cat_name: 'Runbooks' });
    await callApi(owner, 'member/save', { item_id: ids.item, username: MATE, member_group_id: 0 });

    ids.team = (await callApi<TeamRow>(owner, 'team/save', { team_name: 'Platform team' })).id;
    await callApi(owner, 'teamMember/save', { team_id: ids.team, member_username: MATE });
    // The item joins the team an hour after it was created.
    const later = Date.now() + 3_600_000;
    const clock = jest.spyOn(Date, 'now').mockReturnValue(later);
    try {
      await callApi(owner, 'teamItem/save', { item_id: ids.item, team_id: ids.team });
    } finally {
      clock.mockRestore();
    }

    ids.single = (await callApi<{ item_id: number }>(owner, 'item/add', { item_type: 2, item_name: 'One pager' })).item_id;
    ids.private = (await callApi<{ item_id: number }>(owner, 'item/add', { item_type: 1, item_name: 'Vault', password: 'vault-pass' })).item_id;
  });

  afterAll(async () => {
    await owner?.close();
    await browser?.close();
    await quire?.close();
  });

  describe.each<[ViewportName, Theme, Language]>([
    ['mobile', 'light', 'en'],
    ['mobile', 'dark', 'en'],
    ['mobile', 'light', 'zh-cn'],
    ['mobile', 'dark', 'zh-cn'],
    ['desktop', 'light', 'en'],
    ['desktop', 'dark', 'zh-cn'],
  ])('at %s width, %s theme, %s labels', (viewport, theme, language) => {
    it('keeps the header on one row under a 200-character title: logo whole, title cut with an ellipsis, nothing outside', async () => {
      const visitor = await open(`layout-header-${theme}-${language}`, viewport, { user: OWNER, theme, language });
      try {
        const screens = [
          ['catalogs', `/catalog/${ids.item}`],
          ['settings', `/item/setting/${ids.item}`],
          ['diff', `/page/diff/${ids.guide}/${ids.history}`],
        ] as const;
        for (const [name, pathname] of screens) {
          await visitor.visit(pathname);
          await visitor.page.locator(`[data-theme="${theme}"]`).first().waitFor();
          await visitor.page.locator('header h1').filter({ hasText: 'Payments platform' }).waitFor();
          const shape = await headerShape(visitor);
          expect({ name, ...shape, height: shape.height <= 64 }).toEqual({
            name,
            height: true,
            pageOverflow: 0,
            outside: [],
            brandClipped: false,
            titleCut: true,
            titleWhole: expect.stringContaining('Payments platform'),
          });
          await visitor.screenshot(name);
        }
        if (viewport === 'mobile') {
          // The settings screen's actions are in "More": the menu opens inside the screen and its entries work.
          await visitor.visit(`/item/setting/${ids.item}`);
          await visitor.page.getByTestId('header-more').click();
          const back = visitor.page.getByRole('menuitem', { name: language === 'zh-cn' ? '返回项目' : 'Back to the item' });
          await back.waitFor();
          const box = (await visitor.page.getByRole('menu').boundingBox()) as { x: number; width: number };
          expect(box.x >= 0 && box.x + box.width <= 390).toBe(true);
          await visitor.screenshot('more-menu');
          await back.click();
          await visitor.page.waitForURL(`**/${ids.item}`);
        }
        expect(visitor.pageErrors).toEqual([]);
        expect(visitor.consoleErrors).toEqual([]);
      } finally {
        await visitor.close();
      }
    });

    it('shows the members and teams of item settings as tables that fit, or cards on a phone, every action in view', async () => {
      const visitor = await open(`layout-settings-${theme}-${language}`, viewport, { user: OWNER, theme, language });
      try {
        await visitor.visit(`/item/setting/${ids.item}`);
        await visitor.page.getByRole('tab', { name: language === 'zh-cn' ? '成员' : 'Members' }).click();
        const row = visitor.page.getByTestId('member-row').filter({ hasText: MATE });
        await row.waitFor();
        await visitor.page.getByTestId('team-row').filter({ hasText: 'Platform team' }).waitFor();
        for (const entry of [row, visitor.page.getByTestId('team-row').first()]) {
          const buttons = await entry.getByRole('button').all();
          expect(buttons.length).toBe(2);
          const boxes = await Promise.all(buttons.map(async (button) => (await button.boundingBox()) as { x: number; y: number; width: number }));
          // Visible inside the screen, and side by side (not stacked).
          for (const box of boxes) expect(box.x >= 0 && box.x + box.width <= (viewport === 'mobile' ? 390 : 1280)).toBe(true);
          expect(Math.abs(boxes[0].y - boxes[1].y)).toBeLessThan(2);
        }
        if (viewport === 'desktop') {
          // The screen uses the width: the members table is wider than the old 640 px card.
          expect(((await visitor.page.getByTestId('member-table').boundingBox()) as { width: number }).width).toBeGreaterThan(800);
        } else {
          expect(await visitor.page.getByTestId('member-table').evaluate((element) => element.tagName)).toBe('UL');
        }
        expect(await visitor.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
        await row.scrollIntoViewIfNeeded();
        await visitor.screenshot('settings-members');
        expect(visitor.pageErrors).toEqual([]);
      } finally {
        await visitor.close();
      }
    });
  });

  it("shows when an item joined the team, not when it was created, in the team's items", async () => {
    const [entry] = await callApi<TeamItemByTeamEntry[]>(owner, 'teamItem/getListByTeam', { team_id: ids.team });
    expect(entry.join_time).not.toBe(entry.addtime);
    await owner.visit(`/team/item/${ids.team}`);
    const joined = owner.page.getByTestId('team-item-table-row').filter({ hasText: 'Payments platform' }).getByTestId('team-item-joined');
    expect(await joined.textContent()).toBe(entry.join_time);
    await owner.screenshot('team-items');
  });

  it('speaks Chinese as a native speaker would: pages of a list, the catalog name column, the LDAP switch', async () => {
    for (const viewport of ['desktop', 'mobile'] as const) {
      const admin = await open(`layout-zh-admin-${viewport}`, viewport, { user: 'showdoc', language: 'zh-cn' });
      try {
        await admin.visit('/admin/index');
        const pager = admin.page.getByTestId('admin-user-pager');
        await pager.getByRole('button', { name: '上一页' }).waitFor();
        await pager.getByRole('button', { name: '下一页' }).waitFor();
        expect(await pager.textContent()).not.toMatch(/上一张|下一张/);
        await admin.screenshot('pager');
        await admin.visit('/admin/index?section=settings');
        await admin.page.getByRole('switch', { name: 'LDAP 登录' }).waitFor();
        expect(await admin.page.getByText('目录（LDAP）登录').count()).toBe(0);
        await admin.screenshot('site-settings');
      } finally {
        await admin.close();
      }
    }
    const zh = await open('layout-zh-catalogs', 'desktop', { user: OWNER, language: 'zh-cn' });
    try {
      await zh.visit(`/catalog/${ids.item}`);
      const headers = zh.page.getByTestId('catalog-table').locator('th');
      await headers.first().waitFor();
      expect(await headers.first().textContent()).toBe('目录名称');
      expect(await zh.page.getByText('姓名').count()).toBe(0);
      await zh.screenshot('catalogs');
    } finally {
      await zh.close();
    }
  });

  it('says a wrong login, captcha or visit password in plain English', async () => {
    const stranger = await open('layout-messages', 'desktop');
    try {
      const login = (await (await stranger.post('/api/user/login', { username: OWNER, password: 'wrong-pass' })).json()) as { error_message: string };
      expect(login.error_message).toBe('Incorrect username or password');
      const visit = (await (await stranger.post('/api/item/pwd', { item_id: ids.private, password: 'nope' })).json()) as { error_message: string };
      expect(visit.error_message).toBe('The visit password is incorrect');
    } finally {
      await stranger.close();
    }
  });

  describe('the contents list of a long page', () => {
    let reader: BrowserVisitor;
    const entries = () => reader.page.getByTestId('toc-entry');
    /** The heading at the top of the reading area (under the header), as the eye finds it. */
    const headingAtTop = () =>
      reader.page.evaluate(() => {
        const line = (document.querySelector('header') as HTMLElement).getBoundingClientRect().bottom + 13;
        const headings = Array.from(document.querySelectorAll<HTMLElement>('[data-testid="markdown-body"] h1, [data-testid="markdown-body"] h2'));
        return headings.filter((heading) => heading.getBoundingClientRect().top <= line).pop()?.textContent ?? headings[0].textContent;
      });
    const marked = () => reader.page.locator('[data-testid="toc-entry"][aria-current="location"]');
    /** Whether the entry shows inside the contents box and nothing covers it. */
    const inView = (entry: Locator) =>
      entry.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + 4, box.top + box.height / 2);
        return box.top >= 0 && box.bottom <= window.innerHeight && (hit === element || element.contains(hit));
      });

    beforeAll(async () => {
      reader = await open('layout-toc', 'desktop', { user: OWNER });
      await reader.visit(`/${ids.item}?page_id=${ids.guide}`);
      await entries().first().waitFor();
    });

    afterAll(async () => {
      await reader?.close();
    });

    it('shows its first entries at the top of the page, and marks the first heading', async () => {
      expect(await entries().count()).toBe(41);
      expect(await inView(entries().first())).toBe(true);
      expect(await marked().textContent()).toBe('Guide');
      await reader.screenshot('toc-top');
    });

    it('marks the heading at the top of the screen after a click on an entry and after scrolling by hand', async () => {
      await entries()
        .filter({ hasText: /^Section 20$/ })
        .click();
      await reader.page.waitForFunction(() => document.querySelector('[aria-current="location"]')?.textContent === 'Section 20');
      await reader.page.waitForFunction(() => {
        const heading = Array.from(document.querySelectorAll('h2')).find((element) => element.textContent === 'Section 20') as HTMLElement;
        // Right under the header, not behind it, once the smooth scroll has arrived.
        const top = heading.getBoundingClientRect().top - (document.querySelector('header') as HTMLElement).getBoundingClientRect().bottom;
        return top >= 0 && top <= 13;
      });
      expect(await headingAtTop()).toBe('Section 20');
      expect(await marked().textContent()).toBe('Section 20');

      await reader.page.mouse.move(500, 400);
      const before = await reader.page.evaluate(() => window.scrollY);
      await reader.page.mouse.wheel(0, 1700);
      // The wheel has scrolled the whole way (about four sections further).
      await reader.page.waitForFunction((from) => window.scrollY >= from + 1700, before);
      await reader.page.waitForFunction(
        () => {
          const line = (document.querySelector('header') as HTMLElement).getBoundingClientRect().bottom + 13;
          const top = Array.from(document.querySelectorAll<HTMLElement>('[data-testid="markdown-body"] h2'))
            .filter((heading) => heading.getBoundingClientRect().top <= line)
            .pop()?.textContent;
          return document.querySelector('[aria-current="location"]')?.textContent === top;
        },
        undefined,
        { timeout: 20_000 },
      );
      const top = await headingAtTop();
      expect(top).not.toBe('Section 20');
      expect(await marked().textContent()).toBe(top);
      expect(await inView(marked())).toBe(true);
      await reader.screenshot('toc-scrolled');
    });

    it('opens links to other sites in a new tab, without handing them this page, and keeps links of this site in place', async () => {
      const external = reader.page.getByTestId('markdown-body').getByRole('link', { name: 'the external site' });
      expect(await external.getAttribute('target')).toBe('_blank');
      expect(await external.getAttribute('rel')).toBe('noopener noreferrer');
      expect(await reader.page.getByTestId('markdown-body').getByRole('link', { name: 'a page here' }).getAttribute('target')).toBeNull();
    });

    it('says "Link copied" of the copied link only: switching to the single-page link takes it away', async () => {
      await reader.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: quire.baseUrl });
      await reader.page.getByTestId('page-share').click();
      const dialog = reader.page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Copy' }).click();
      await dialog.getByTestId('link-copied').waitFor();
      await dialog.getByTestId('single-page-switch').click();
      await reader.page.waitForFunction(() => (document.querySelector('[data-testid="share-link"]') as HTMLInputElement).value.includes('/p/'));
      expect(await dialog.getByTestId('link-copied').count()).toBe(0);
      await reader.screenshot('share-after-switch');
      await dialog.getByTestId('single-page-switch').click();
      await reader.page.keyboard.press('Escape');
    });

    it('goes Back from a version comparison to the page inside its item, where History was', async () => {
      await reader.visit(`/page/diff/${ids.guide}/${ids.history}`);
      await (await reader.headerAction('Back to the page')).click();
      await reader.page.waitForURL(`**/${ids.item}?page_id=${ids.guide}`);
      await reader.page.getByTestId('item-menu').waitFor();
    });
  });

  it('shows no History to a visitor who is not logged in', async () => {
    const visitor = await open('layout-anonymous', 'desktop');
    try {
      await visitor.visit(`/${ids.item}?page_id=${ids.guide}`);
      await visitor.page.getByTestId('page-toolbar').waitFor();
      await visitor.page.getByTestId('page-share').waitFor();
      expect(await visitor.page.getByTestId('page-history-button').count()).toBe(0);
      await visitor.screenshot('anonymous-reader');
    } finally {
      await visitor.close();
    }
    await owner.visit(`/${ids.item}?page_id=${ids.guide}`);
    await owner.page.getByTestId('page-history-button').waitFor();
  });

  describe.each<ViewportName>(['desktop', 'mobile'])('the item list at %s width', (viewport) => {
    it('tells single-page and private items apart, counts unread messages, and shows the notice toast under the header', async () => {
      await quire.send(Subject.NoticeNoticeSend, testCaller({ uid: 1, username: 'admin', groupid: 1 }), {
        to_uids: [ids.uid],
        notice_title: `Maintenance window (${viewport})`,
        notice_content: '<p>Tonight.</p>',
        from_name: 'admin',
      });
      const visitor = await open(`layout-items`, viewport, { user: OWNER });
      try {
        await visitor.visit('/item/index');
        const tile = (name: string) => visitor.page.getByTestId('item-tile').filter({ hasText: name });
        await tile('One pager').getByTestId('item-kind-single-page').waitFor();
        expect(await tile('One pager').getByTestId('item-kind-private').count()).toBe(0);
        await tile('Vault').getByTestId('item-kind-private').waitFor();
        expect(await tile('Vault').getByTestId('item-kind-single-page').count()).toBe(0);

        const toast = visitor.page.getByTestId('unread-toast');
        await toast.waitFor();
        const header = (await visitor.page.getByTestId('app-header').boundingBox()) as { y: number; height: number };
        const toastBox = (await toast.boundingBox()) as { y: number };
        expect(toastBox.y).toBeGreaterThanOrEqual(header.y + header.height);
        await visitor.screenshot('item-list-toast');

        const unread = await callApi<unknown[]>(visitor, 'notice/getList', { notice_type: 'unread' });
        // On a phone "Messages" is in the "More" menu: its button carries the count too.
        if (viewport === 'mobile') expect(await visitor.page.getByTestId('header-more-count').textContent()).toBe(String(unread.length));
        const messages = await visitor.headerAction(`Messages (${unread.length})`);
        await messages.waitFor();
        expect(await messages.getByTestId('header-action-count').textContent()).toBe(String(unread.length));
        await visitor.screenshot('messages-badge');
        await messages.click();
        await visitor.page.waitForURL('**/notice/index');
      } finally {
        await visitor.close();
      }
    });
  });
});
