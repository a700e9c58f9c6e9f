import { describeWith } from '@quire/testing';
import type { Browser, Locator } from 'playwright-core';
import { BrowserVisitor, type ViewportName, launchChromium } from './support/browser-session';
import { ensureWebBuilt } from './support/ensure-web-build';
import { type QuireApp, startQuire } from './support/quire-app';
import { callApi, registerThroughApi } from './support/session-factory';
import { serveInChinese } from './support/markdown-look';

/**
 * Search (issue 15) in a real browser against the real search service: the header's box and
 * Ctrl+K on every screen, results as one types with marked snippets, the keyboard, the filters,
 * "load more", the empty and failed states, the reader's menu search, a visitor who is not logged
 * in, at 1280 and 390 px, light and dark, English and Chinese labels. Screenshots go to
 * e2e/artifacts/screenshots/search-*.
 */
const PASSWORD = 'search-pass-1';
const suffix = String(Date.now() % 100000);
const OWNER = `finder${suffix}`;
const WRITER = `writer${suffix}`;
/** Pages of one item that share a word: more than one answer (20 hits) holds. */
const LEDGER_PAGES = 25;

/** The machine may be shared with other suites: a loaded CPU slows the embedded app, not the assertions. */
const STEP_TIMEOUT_MS = 25_000;
jest.setTimeout(180_000);

const dialog = (visitor: BrowserVisitor) => visitor.page.getByTestId('search-dialog');
const input = (visitor: BrowserVisitor) => visitor.page.getByTestId('search-input');
const hits = (visitor: BrowserVisitor) => visitor.page.getByTestId('search-hit');
const titles = (visitor: BrowserVisitor) => visitor.page.getByTestId('search-hit-title').allTextContents();
const sent = (body: string | null) => new URLSearchParams(body ?? '');

/**
 * Types `text` into a search field and waits until its hits are on screen: the answer to this
 * keyword (and `params`, when a filter changes with it) has arrived and the list is no longer busy.
 */
async function search(visitor: BrowserVisitor, field: Locator, text: string, params: Record<string, string> = {}): Promise<void> {
  const answered = visitor.page.waitForResponse((response) => {
    if (!response.url().endsWith('/api/search/query')) return false;
    const form = sent(response.request().postData());
    return form.get('keyword') === text && Object.entries(params).every(([key, value]) => form.get(key) === value);
  });
  await field.fill(text);
  await answered;
  await settled(visitor);
}

/** The search shows its answer: a list that is not busy, the empty state or the failure. */
async function settled(visitor: BrowserVisitor): Promise<void> {
  await visitor.page.locator('[role=listbox][aria-busy=false], [data-testid=search-empty], [data-testid=search-error]').first().waitFor();
}

/** The marked words of each hit's snippet, and whether a snippet holds any element besides `<mark>`. */
async function snippets(visitor: BrowserVisitor): Promise<{ marks: string[][]; otherElements: number }> {
  return visitor.page.getByTestId('search-hit-snippet').evaluateAll((nodes) => ({
    marks: nodes.map((node) => Array.from(node.querySelectorAll('mark'), (mark) => mark.textContent ?? '')),
    otherElements: nodes.reduce((sum, node) => sum + node.querySelectorAll(':not(mark)').length, 0),
  }));
}

describeWith({ binary: 'chromium' }, 'web app in a real browser: search', () => {
  let quire: QuireApp;
  let browser: Browser;
  let owner: BrowserVisitor;
  const ids = { orders: 0, ledger: 0, notes: 0, chinese: 0, english: 0, refunds: 0 };

  const openVisitor = async (viewport: ViewportName, label: string, username?: string) => {
    const visitor = await BrowserVisitor.open(browser, quire.baseUrl, viewport, label);
    visitor.context.setDefaultTimeout(STEP_TIMEOUT_MS);
    if (username) await callApi(visitor, 'user/login', { username, password: PASSWORD });
    return visitor;
  };

  beforeAll(async () => {
    quire = await startQuire(await ensureWebBuilt());
    browser = await launchChromium();
    owner = await openVisitor('desktop', 'search');
    const writer = await openVisitor('desktop', 'search-writer');
    await registerThroughApi(owner, quire, OWNER, PASSWORD);
    await registerThroughApi(writer, quire, WRITER, PASSWORD);

    const addItem = async (visitor: BrowserVisitor, name: string, password = '') => {
      await callApi(visitor, 'item/add', { item_type: 1, item_name: name, password, item_domain: '', copy_item_id: 0, item_description: '' });
      const items = await callApi<{ item_id: number; item_name: string }[]>(visitor, 'item/myList');
      return items.find((item) => item.item_name === name)?.item_id ?? 0;
    };
    const save = async (visitor: BrowserVisitor, itemId: number, title: string, content: string, catId = 0) =>
      (await callApi<{ page_id: number }>(visitor, 'page/save', { page_id: 0, item_id: itemId, cat_id: catId, s_number: 99, page_title: title, page_content: content })).page_id;
    const catalog = async (itemId: number, name: string, parent = 0) =>
      (await callApi<{ cat_id: number }>(owner, 'catalog/save', { item_id: itemId, cat_id: 0, parent_cat_id: parent, cat_name: name, s_number: 99 })).cat_id;

    // The owner's private item: a Chinese and an English page two catalogs down, one at its root.
    ids.orders = await addItem(owner, 'Orders API', 'orders-pass');
    const orders = await catalog(ids.orders, 'Orders', await catalog(ids.orders, '接口文档'));
    ids.chinese = await save(owner, ids.orders, '订单导出接口', '# 订单导出接口\n\n调用本接口可以批量导出订单数据，返回 CSV 文件。\n\n字段：order_id、created_at。', orders);
    ids.english = await save(
      owner,
      ids.orders,
      'Export orders',
      '# Export orders\n\nThe endpoint exports every order as CSV <b>at once</b> <img src=x onerror="window.__xss=1">.\n\nFields: `order_id`, `getUserInfo`.',
      orders,
    );
    ids.refunds = await save(owner, ids.orders, 'Refunds', '# Refunds\n\nRefunds are exported nightly by the billing job.');
    ids.ledger = await addItem(owner, 'Ledger');
    for (let n = 1; n <= LEDGER_PAGES; n += 1) await save(owner, ids.ledger, `Ledger entry ${n}`, `Ledger entry number ${n}, kept for the auditors.`);
    // Another user's public item: anyone may read it.
    ids.notes = await addItem(writer, 'Ops notes');
    await save(writer, ids.notes, 'Export worker', '# Export worker\n\nRestart the export worker after a deploy.');
    await writer.close();
  }, 240_000);

  afterAll(async () => {
    await owner?.close();
    await browser?.close();
    await quire?.close();
  });

  it('opens with Ctrl+K on any screen and finds a Chinese word mid-sentence and an English word by its stem, with marked snippets', async () => {
    await owner.visit('/item/index');
    const box = owner.page.getByTestId('search-open');
    expect(await box.textContent()).toBe('Search documentsCtrl K');
    expect(await box.getAttribute('aria-keyshortcuts')).toBe('Control+K');
    await owner.screenshot('header');

    await owner.page.keyboard.press('Control+k');
    await dialog(owner).waitFor();
    expect(await input(owner).evaluate((field) => field === document.activeElement)).toBe(true);
    await dialog(owner).getByText('Type to search the pages you can read, in every item.').waitFor();

    await search(owner, input(owner), '导出');
    expect(await titles(owner)).toEqual(['订单导出接口']);
    const chinese = hits(owner).first();
    expect(await chinese.getByTestId('search-hit-path').textContent()).toBe('Orders API › 接口文档 › Orders');
    expect(await chinese.textContent()).toContain(OWNER);
    expect((await snippets(owner)).marks[0].some((word) => word.includes('导出'))).toBe(true);
    expect(await chinese.getAttribute('href')).toBe(`/${ids.orders}?page_id=${ids.chinese}`);
    await owner.screenshot('chinese-word');

    await search(owner, input(owner), 'export');
    expect((await titles(owner)).sort()).toEqual(['Export orders', 'Export worker', 'Refunds']);
    // Ranked: a title hit comes before the page that only says "exported".
    expect((await titles(owner)).at(-1)).toBe('Refunds');
    const { marks, otherElements } = await snippets(owner);
    for (const marked of marks) expect(marked.some((word) => word.toLowerCase().startsWith('export'))).toBe(true);
    // The page's own HTML stays text: nothing but <mark> is an element, and no handler ran.
    expect(otherElements).toBe(0);
    expect(await owner.page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    await owner.page
      .getByTestId('search-summary')
      .getByText(/^Pages found: 3 \(\d+ ms\)$/)
      .waitFor();
    await owner.screenshot('english-word');
  });

  it('chooses a hit with the arrows and opens it with Enter', async () => {
    const options = owner.page.getByRole('listbox', { name: 'Search results' }).getByRole('option');
    expect(await options.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-selected')))).toEqual(['true', 'false', 'false']);
    await input(owner).press('ArrowDown');
    await input(owner).press('ArrowDown');
    await input(owner).press('ArrowDown');
    await input(owner).press('ArrowUp');
    expect(await options.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-selected')))).toEqual(['false', 'true', 'false']);
    expect(await input(owner).getAttribute('aria-activedescendant')).toBe(await options.nth(1).getAttribute('id'));
    const target = (await options.nth(1).getAttribute('href')) ?? '';
    const title = (await options.nth(1).getByTestId('search-hit-title').textContent()) ?? '';
    await input(owner).press('Enter');
    await owner.page.waitForURL(`**${target}`);
    await dialog(owner).waitFor({ state: 'hidden' });
    await owner.page.getByTestId('page-title').filter({ hasText: title }).waitFor();
  });

  it('narrows by item, author and "updated since", loads more, and says when nothing matches or the search failed', async () => {
    // Ctrl+K again brings the last search back, selected.
    await owner.page.keyboard.press('Control+k');
    await dialog(owner).waitFor();
    expect(await input(owner).evaluate((field: HTMLInputElement) => field.value.slice(field.selectionStart ?? 0, field.selectionEnd ?? 0))).toBe('export');
    await settled(owner);

    const item = owner.page.getByTestId('search-filter-item');
    const [all, ...mine] = await item.locator('option').allTextContents();
    expect([all, ...mine.sort()]).toEqual(['All items', 'Ledger', 'Orders API']);
    let answered = owner.page.waitForResponse((response) => response.url().endsWith('/api/search/query') && sent(response.request().postData()).get('item_id') === String(ids.orders));
    await item.selectOption({ label: 'Orders API' });
    await answered;
    await settled(owner);
    expect((await titles(owner)).sort()).toEqual(['Export orders', 'Refunds']);
    await item.selectOption({ label: 'All items' });

    const author = owner.page.getByTestId('search-filter-author');
    answered = owner.page.waitForResponse((response) => response.url().endsWith('/api/search/query') && sent(response.request().postData()).get('author') === WRITER);
    await author.fill(WRITER);
    await answered;
    await settled(owner);
    expect(await titles(owner)).toEqual(['Export worker']);
    expect(await owner.page.getByTestId('search-hit-path').textContent()).toBe('Ops notes');
    await owner.screenshot('filters');
    await author.fill('');

    // The author field is debounced: the answer to wait for is the one without it.
    answered = owner.page.waitForResponse((response) => {
      const form = sent(response.request().postData());
      return response.url().endsWith('/api/search/query') && Number(form.get('since')) > 0 && !form.get('author');
    });
    await owner.page.getByTestId('search-filter-since').selectOption({ label: 'Past day' });
    const since = Number(sent((await answered).request().postData()).get('since'));
    expect(Math.abs(since - (Date.now() / 1000 - 86_400))).toBeLessThan(120);
    await settled(owner);
    // Every page here was saved a moment ago: all still found.
    expect(await hits(owner).count()).toBe(3);
    await owner.page.getByTestId('search-filter-since').selectOption({ label: 'Any time' });

    await search(owner, input(owner), 'ledger');
    await owner.page
      .getByTestId('search-summary')
      .getByText(/^Pages found: 25 /)
      .waitFor();
    expect(await hits(owner).count()).toBe(20);
    await owner.page.getByRole('button', { name: 'Load more' }).click();
    await owner.page.waitForFunction(() => document.querySelectorAll('[data-testid="search-hit"]').length === 25);
    expect(await owner.page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    expect(new Set(await titles(owner)).size).toBe(25);

    await search(owner, input(owner), 'zqxjv');
    await dialog(owner).getByTestId('search-empty').getByText('No page matches').waitFor();
    await owner.screenshot('nothing-found');

    // The network fails: the panel says so and offers a retry, which answers once the network is back.
    await owner.page.route('**/api/search/query', (route) => route.abort());
    await input(owner).fill('auditors');
    await dialog(owner).getByTestId('search-error').getByText('The search failed.').waitFor();
    await dialog(owner).getByTestId('search-error').getByText('Network error, please try again later').waitFor();
    await owner.screenshot('search-failed');
    await owner.page.unroute('**/api/search/query');
    await dialog(owner).getByRole('button', { name: 'Retry' }).click();
    await owner.page
      .getByTestId('search-summary')
      .getByText(/^Pages found: 25 /)
      .waitFor();
    // The focus went back to the field with the Retry button: Escape still closes the dialog.
    expect(await input(owner).evaluate((field) => field === document.activeElement)).toBe(true);

    await owner.page.keyboard.press('Escape');
    await dialog(owner).waitFor({ state: 'hidden' });
  });

  it("opens the search from the editor's title field, and leaves Ctrl+K to the editor inside its text", async () => {
    await owner.visit(`/page/edit/${ids.orders}/${ids.refunds}`);
    await owner.page.locator('.CodeMirror').waitFor();
    await owner.page.locator('input[name=page_title]').click();
    await owner.page.keyboard.press('Control+k');
    await dialog(owner).waitFor();
    await owner.page.keyboard.press('Escape');
    await dialog(owner).waitFor({ state: 'hidden' });

    await owner.page.locator('.CodeMirror-code').click();
    await owner.page.keyboard.press('Control+End');
    await owner.page.keyboard.press('Control+k');
    // ByteMD's own Ctrl+K: a link at the cursor.
    await owner.page.waitForFunction(() => {
      const wrapper = document.querySelector<Element & { CodeMirror?: { getValue(): string } }>('.CodeMirror');
      return Boolean(wrapper?.CodeMirror?.getValue().includes('](url)'));
    });
    // The dialog's code is loaded: had the key opened it, it would show by the next frames.
    await owner.page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await dialog(owner).isVisible()).toBe(false);
  });

  it("ranks the item's own pages with snippets in the reader's menu, and Escape brings the menu back", async () => {
    await owner.visit(`/${ids.orders}?page_id=${ids.refunds}`);
    const field = owner.page.getByRole('combobox', { name: 'Search this item' });
    await search(owner, field, 'export');
    expect((await titles(owner)).sort()).toEqual(['Export orders', 'Refunds']);
    expect(await owner.page.getByTestId('item-menu').count()).toBe(0);
    // Inside the item a hit names its catalogs only.
    expect(await hits(owner).filter({ hasText: 'Export orders' }).getByTestId('search-hit-path').textContent()).toBe('接口文档 › Orders');
    for (const marked of (await snippets(owner)).marks) expect(marked.length).toBeGreaterThan(0);
    await owner.screenshot('menu-search');

    await field.press('ArrowDown');
    const target = (await owner.page.getByRole('listbox', { name: 'Search results' }).getByRole('option', { selected: true }).getAttribute('href')) ?? '';
    await field.press('Enter');
    await owner.page.waitForURL(`**${target}`);
    await field.press('Escape');
    await owner.page.getByTestId('item-menu').waitFor();
    expect(await field.inputValue()).toBe('');
  });

  it('finds only public pages for a visitor who is not logged in, and offers no item filter', async () => {
    const stranger = await openVisitor('desktop', 'search-stranger');
    try {
      await stranger.visit('/');
      await stranger.page.keyboard.press('Control+k');
      await dialog(stranger).waitFor();
      await search(stranger, input(stranger), 'export');
      expect(await titles(stranger)).toEqual(['Export worker']);
      expect(await stranger.page.getByTestId('search-filter-item').count()).toBe(0);
      expect(stranger.page.url()).toBe(`${quire.baseUrl}/`);
    } finally {
      await stranger.close();
    }
  });

  it('shows the dialog in the dark theme', async () => {
    await owner.visit('/item/index');
    await owner.page.getByRole('button', { name: 'Dark theme' }).click();
    await owner.page.locator('[data-theme="dark"]').waitFor();
    await owner.page.getByTestId('search-open').click();
    await search(owner, input(owner), 'orders');
    await owner.screenshot('dark');
    await owner.page.keyboard.press('Escape');
    await owner.page.getByRole('button', { name: 'Light theme' }).click();
  });

  it('is a full-screen sheet at 390 px, light and dark, and the menu search works in the drawer', async () => {
    const phone = await openVisitor('mobile', 'search', OWNER);
    try {
      await phone.visit('/item/index');
      await phone.page.getByTestId('search-open').click();
      await search(phone, input(phone), '导出');
      // Measured once Fluent's opening animation has settled.
      await phone.page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
      expect(await dialog(phone).boundingBox()).toEqual({ x: 0, y: 0, width: 390, height: 844 });
      expect(await titles(phone)).toEqual(['订单导出接口']);
      await phone.screenshot('sheet');
      await search(phone, input(phone), 'export');
      await phone.screenshot('sheet-english');
      await hits(phone).filter({ hasText: 'Export worker' }).click();
      await phone.page.waitForURL(`**/${ids.notes}?page_id=*`);
      await dialog(phone).waitFor({ state: 'hidden' });

      await phone.page.getByRole('button', { name: 'Dark theme' }).click();
      await phone.page.getByTestId('search-open').click();
      await search(phone, input(phone), 'ledger');
      await phone.screenshot('sheet-dark');
      await phone.page.getByRole('button', { name: 'Close' }).click();
      await dialog(phone).waitFor({ state: 'hidden' });
      await phone.page.getByRole('button', { name: 'Light theme' }).click();

      await phone.visit(`/${ids.orders}`);
      await phone.page.getByRole('button', { name: 'Menu' }).click();
      const field = phone.page.getByRole('combobox', { name: 'Search this item' });
      await search(phone, field, '导出');
      await phone.screenshot('menu-search');
      await hits(phone).first().click();
      await phone.page.waitForURL(`**/${ids.orders}?page_id=${ids.chinese}`);
      await phone.page.getByTestId('menu-drawer').waitFor({ state: 'hidden' });
      await phone.page.getByTestId('page-title').filter({ hasText: '订单导出接口' }).waitFor();
    } finally {
      await phone.close();
    }
  });

  describe.each<ViewportName>(['desktop', 'mobile'])('on a Chinese site at %s width', (viewport) => {
    it('labels the search in Chinese', async () => {
      const visitor = await openVisitor(viewport, 'search-zh', OWNER);
      try {
        await serveInChinese(visitor.page);
        await visitor.visit('/item/index');
        await visitor.page.getByTestId('search-open').click();
        await dialog(visitor).waitFor();
        expect(await input(visitor).getAttribute('placeholder')).toBe('搜索标题、正文和目录');
        await dialog(visitor).getByText('输入关键词，搜索你能查看的所有项目中的页面。').waitFor();
        await search(visitor, input(visitor), '订单');
        await visitor.page
          .getByTestId('search-summary')
          .getByText(/^找到 1 个页面（\d+ 毫秒）$/)
          .waitFor();
        expect(await visitor.page.getByTestId('search-filter-item').locator('option').first().textContent()).toBe('全部项目');
        await visitor.screenshot('dialog');
      } finally {
        await visitor.close();
      }
    });
  });
});
