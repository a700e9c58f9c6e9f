import { describeWith } from '@quire/testing';
import type { Browser } from 'playwright-core';
import { type DocumentServer, startDocumentServer } from '../src/document-server';
import { axeFindings, describeFindings, isTabsterDummy } from './support/axe';
import { BrowserVisitor, launchChromium, EVERY_LOOK, type ScreenLook } from './support/browser-session';
import { ensureWebBuilt } from './support/ensure-web-build';
import { chooseTheme } from './support/markdown-look';
import { type QuireApp, startQuire } from './support/quire-app';
import { callApi, registerThroughApi } from './support/session-factory';

/**
 * The item's API description in its settings, in a real browser (issue 19): an import into a catalog of an existing item by URL
 * (from a local server on 127.0.0.12, allowed through HTTP_PROXY_ALLOW_HOSTS), the source with its last sync, a
 * re-sync after the served document changed with its progress and then its change summary (added, changed with the
 * field-level lines, removed), "No changes" the next time, and the past summaries — at 1280 and 390 px, light and
 * dark, in English and Chinese, with no serious or critical axe finding. Screenshots go to e2e/artifacts/screenshots/.
 */
const PASSWORD = 'api-resync-pass-1';
const OWNER = `apisync${Date.now() % 100000}`;
jest.setTimeout(180_000);

type Json = Record<string, unknown>;

/** A small OpenAPI 3.0 document; the second version retypes a parameter, adds an operation and drops one. */
function shop(second: boolean): string {
  const paths: Record<string, Json> = {
    '/orders': {
      get: {
        tags: ['orders'],
        summary: 'List orders',
        parameters: [{ name: 'limit', in: 'query', schema: { type: second ? 'integer' : 'string' } }],
        responses: { '200': { description: 'The orders' } },
      },
      ...(second ? {} : { post: { tags: ['orders'], summary: 'Create an order', responses: { '201': { description: 'Created' } } } }),
    },
  };
  if (second)
    paths['/orders/{id}'] = {
      delete: {
        tags: ['orders'],
        summary: 'Cancel an order',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
        responses: { '204': { description: 'Cancelled' } },
      },
    };
  return JSON.stringify({ openapi: '3.0.3', info: { title: 'Shop', version: '1' }, paths });
}

describeWith({ binary: 'chromium' }, 'web app in a real browser: API description source and re-sync in the item settings', () => {
  const ALLOWED = '127.0.0.12';
  const served: Record<string, string> = {};
  let quire: QuireApp;
  let browser: Browser;
  let owner: BrowserVisitor;
  let documents: DocumentServer;
  let itemId: number;

  beforeAll(async () => {
    served['/shop.json'] = shop(false);
    documents = await startDocumentServer(ALLOWED, served);
    quire = await startQuire(await ensureWebBuilt(), { HTTP_PROXY_ALLOW_HOSTS: ALLOWED, LANGUAGE: 'en' });
    browser = await launchChromium();
    owner = await BrowserVisitor.open(browser, quire.baseUrl, 'desktop', 'api-resync', { locale: 'en-US' });
    await registerThroughApi(owner, quire, OWNER, PASSWORD);
    itemId = (await callApi<{ item_id: number }>(owner, 'item/add', { item_type: 1, item_name: 'Shop docs' })).item_id;
    await callApi(owner, 'catalog/save', { item_id: itemId, cat_name: 'APIs' });
  }, 240_000);

  afterAll(async () => {
    await owner?.close();
    await browser?.close();
    await quire?.close();
    await documents?.close();
  });

  const openTab = async (visitor: BrowserVisitor, label: string) => {
    await visitor.visit(`/item/setting/${itemId}`);
    await visitor.page.getByRole('tab', { name: label }).click();
    return visitor.page.getByTestId('api-source');
  };

  it('imports into the item by URL, re-syncs after the document changed and shows the change summary, then "No changes"', async () => {
    const screen = await openTab(owner, 'API description');
    await screen.getByText('This item has no imported API description yet.').waitFor();
    await screen.locator('select[name=import_cat_id]').selectOption({ label: 'APIs' });
    await screen.locator('input[name=import_url]').fill(`${documents.url}/shop.json`);
    await screen.getByRole('button', { name: 'Import from URL' }).click();
    await screen.getByRole('status').getByText(`Imported ${documents.url}/shop.json into this item`).waitFor();
    await screen.getByText(`${documents.url}/shop.json`, { exact: true }).waitFor();
    await screen.getByText(/^Last synced /).waitFor();
    await screen.getByText('Into the catalog APIs').waitFor();
    type Menu = { cat_name: string; pages: { page_title: string }[]; catalogs?: Menu[] };
    const item = await callApi<{ menu: { catalogs: Menu[] } }>(owner, 'item/info', { item_id: itemId });
    const outline = (catalogs: Menu[]): unknown[] => catalogs.map((catalog) => [catalog.cat_name, catalog.pages.map((page) => page.page_title), outline(catalog.catalogs ?? [])]);
    expect(outline(item.menu.catalogs)).toEqual([['APIs', [], [['orders', ['List orders', 'Create an order'], []]]]]);
    await owner.screenshot('imported');

    served['/shop.json'] = shop(true);
    // The job's status answers are held until the progress has been seen (a small document re-syncs in milliseconds).
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await owner.page.route('**/api/importApi/resyncStatus', async (route) => {
      await held;
      await route.continue();
    });
    await screen.getByRole('button', { name: 'Re-sync now' }).click();
    await screen
      .getByRole('status')
      .getByText(/^Re-syncing… \d+%$/)
      .waitFor();
    await screen.getByRole('progressbar').waitFor();
    expect(await screen.getByRole('button', { name: 'Re-sync now' }).isDisabled()).toBe(true);
    await owner.screenshot('progress');
    release();
    const summary = screen.getByTestId('api-resync-summary').first();
    await summary.getByText('Added (1)').waitFor();
    expect(await summary.getByTestId('api-resync-added').locator('li').allInnerTexts()).toEqual(['DELETE /orders/{id}']);
    expect(await summary.getByTestId('api-resync-changed').locator('li li').allInnerTexts()).toEqual(['Parameter type changed: query limit (string → integer)']);
    expect(await summary.getByTestId('api-resync-removed').locator('li').allInnerTexts()).toEqual(['POST /orders']);
    // The past summaries list it too.
    await screen.getByTestId('api-resync-summary').nth(1).getByText('Removed (1)').waitFor();
    await owner.screenshot('resynced');
    await owner.page.unroute('**/api/importApi/resyncStatus');

    await screen.getByRole('button', { name: 'Re-sync now' }).click();
    await screen.getByTestId('api-resync-summary').first().getByText('No changes').waitFor();
    expect(await screen.getByTestId('api-resync-summary').count()).toBe(2);
    await owner.screenshot('no-changes');
    expect(owner.pageErrors).toEqual([]);
  });

  const cases: ScreenLook[] = [...EVERY_LOOK, ['desktop', 'dark', 'en-US'], ['desktop', 'light', 'zh-CN'], ['mobile', 'light', 'en-US'], ['mobile', 'dark', 'zh-CN']];

  it.each(cases)('at %s, %s, %s: the source, its re-sync and the past summaries, with no serious or critical axe finding', async (viewport, theme, locale) => {
    const visitor = await BrowserVisitor.open(browser, quire.baseUrl, viewport, `api-resync-${theme}-${locale}`, { locale });
    try {
      await chooseTheme(visitor, theme);
      await callApi(visitor, 'user/login', { username: OWNER, password: PASSWORD });
      const zh = locale === 'zh-CN';
      const screen = await openTab(visitor, zh ? 'API 描述' : 'API description');
      await screen.getByText(`${documents.url}/shop.json`, { exact: true }).waitFor();
      await screen.getByText(zh ? '删除（1）' : 'Removed (1)').waitFor();
      await screen.getByText(zh ? '参数类型变更：query limit (string → integer)' : 'Parameter type changed: query limit (string → integer)').waitFor();
      await visitor.screenshot('settings');
      await screen.getByRole('button', { name: zh ? '立即重新同步' : 'Re-sync now' }).click();
      await screen
        .getByTestId('api-resync-summary')
        .first()
        .getByText(zh ? '没有变更' : 'No changes')
        .waitFor();
      await visitor.screenshot('no-changes');
      // Fluent's focus-trap sentinels (around the tab list) are a known false positive: see isTabsterDummy.
      const findings = (await axeFindings(visitor.page, `api-resync ${viewport} ${theme} ${locale}`)).filter((finding) => !isTabsterDummy(finding));
      expect(describeFindings(findings)).toEqual([]);
      expect(visitor.pageErrors).toEqual([]);
    } finally {
      await visitor.close();
    }
  });
});
