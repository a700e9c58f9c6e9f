import { describeWith } from '@quire/testing';
import type { Browser } from 'playwright-core';
import { axeFindings, describeFindings, isTabsterDummy } from './support/axe';
import { BrowserVisitor, launchChromium, type ScreenLook, type ViewportName } from './support/browser-session';
import { ensureWebBuilt } from './support/ensure-web-build';
import { chooseTheme } from './support/markdown-look';
import { type QuireApp, startQuire } from './support/quire-app';
import { callApi, registerThroughApi } from './support/session-factory';

/**
 * The audit log in a real browser (issue 20): the administrator console's "Audit log" screen (filters, the table,
 * paging, the CSV link, the retention setting) and the item settings' "Activity" tab for the item's owner. At 1280
 * and 390 px, light and dark, English and Chinese. Screenshots go to e2e/artifacts/screenshots/.
 */
const ADMIN = { username: 'showdoc', password: 'admin-pass' };
const PASSWORD = 'audit-log-pass-1';
const OWNER = `auditor${Date.now() % 100000}`;
jest.setTimeout(180_000);

describeWith({ binary: 'chromium' }, 'web app in a real browser: the audit log', () => {
  let quire: QuireApp;
  let browser: Browser;
  let itemId: number;

  beforeAll(async () => {
    quire = await startQuire(await ensureWebBuilt(), { LANGUAGE: 'en' });
    browser = await launchChromium();
    const owner = await BrowserVisitor.open(browser, quire.baseUrl, 'desktop', 'audit-setup', { locale: 'en-US' });
    try {
      await registerThroughApi(owner, quire, OWNER, PASSWORD);
      itemId = (await callApi<{ item_id: number }>(owner, 'item/add', { item_type: 1, item_name: 'Runbooks' })).item_id;
      const pageId = (await callApi<{ page_id: number }>(owner, 'page/save', { item_id: itemId, page_title: 'Restart the cluster', page_content: 'Step one' })).page_id;
      await callApi(owner, 'page/save', { item_id: itemId, page_id: pageId, page_title: 'Restart the cluster', page_content: 'Step one, then two' });
      await callApi(owner, 'catalog/save', { item_id: itemId, cat_name: 'On call' });
    } finally {
      await owner.close();
    }
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await quire?.close();
  });

  const open = async (who: { username: string; password: string }, viewport: ViewportName, label: string, locale: 'en-US' | 'zh-CN') => {
    const visitor = await BrowserVisitor.open(browser, quire.baseUrl, viewport, label, { locale });
    await callApi(visitor, 'user/login', who);
    return visitor;
  };

  /** The owner's Activity tab of the item, once it shows the catalog made last (screenshot taken). */
  const openActivity = async (owner: BrowserVisitor, zh: boolean) => {
    await owner.visit(`/item/setting/${itemId}`);
    await owner.page.getByRole('tab', { name: zh ? '动态' : 'Activity' }).click();
    const activity = owner.page.getByTestId('item-activity');
    await activity.getByText(zh ? '新建了目录' : 'Created a catalog').waitFor();
    await owner.screenshot('activity');
    return activity;
  };

  it("filters the administrator's log, offers its CSV, and shows the item's activity to its owner", async () => {
    const admin = await open(ADMIN, 'desktop', 'audit-admin', 'en-US');
    const owner = await open({ username: OWNER, password: PASSWORD }, 'desktop', 'audit-owner', 'en-US');
    try {
      await admin.visit('/admin/index?section=audit');
      const table = admin.page.getByTestId('audit-table');
      await table.getByText('Restart the cluster').first().waitFor();
      expect(await table.getByTestId('audit-action').allInnerTexts()).toEqual(expect.arrayContaining(['Created a page', 'Edited a page', 'Created a catalog', 'Registered', 'Signed in']));
      await admin.screenshot('all');

      const filters = admin.page.getByTestId('audit-filters');
      await filters.getByLabel('Who').fill(OWNER);
      await filters.getByRole('combobox').click();
      await admin.page.getByRole('option', { name: 'Page changes' }).click();
      await filters.getByRole('button', { name: 'Filter' }).click();
      await admin.page.waitForFunction(() => document.querySelectorAll('[data-testid="audit-table-row"]').length === 2);
      expect(await table.getByTestId('audit-action').allInnerTexts()).toEqual(['Edited a page', 'Created a page']);
      expect(await table.getByTestId('audit-actor').allInnerTexts()).toEqual([OWNER, OWNER]);
      expect(await admin.page.getByTestId('audit-pager-info').innerText()).toBe('Page 1 of 1 · 2 in all');
      const csv = await admin.page.getByTestId('audit-csv').getAttribute('href');
      expect(csv).toBe(`/api/admin/auditLogCsv?username=${OWNER}&action=page&date_from=&date_to=&item_id=`);
      const download = await admin.page.request.get(`${quire.baseUrl}${csv}`);
      expect(download.headers()['content-type']).toBe('text/csv; charset=utf-8');
      expect((await download.text()).split('\r\n').filter(Boolean)).toHaveLength(3);
      await admin.screenshot('filtered');

      await filters.getByLabel('Who').fill('nobody-at-all');
      await filters.getByRole('button', { name: 'Filter' }).click();
      await admin.page.getByText('No activity matches.').waitFor();
      await admin.screenshot('empty');

      await admin.visit('/admin/index?section=settings');
      await admin.page.getByLabel('Days the audit log keeps its entries').fill('90');
      await admin.page.getByRole('button', { name: 'Save', exact: true }).click();
      await admin.page.getByText('Saved').first().waitFor();
      await admin.screenshot('retention');

      const activity = await openActivity(owner, false);
      expect(await activity.getByTestId('audit-action').allInnerTexts()).toEqual(['Created a catalog', 'Edited a page', 'Created a page', 'Created an item']);
      expect(admin.pageErrors).toEqual([]);
      expect(owner.pageErrors).toEqual([]);
    } finally {
      await admin.close();
      await owner.close();
    }
  });

  const cases: ScreenLook[] = [
    ['desktop', 'dark', 'zh-CN'],
    ['mobile', 'light', 'zh-CN'],
    ['mobile', 'dark', 'en-US'],
  ];

  it.each(cases)('at %s, %s, %s: the console screen and the Activity tab, with no serious or critical axe finding', async (viewport, theme, locale) => {
    const zh = locale === 'zh-CN';
    const admin = await open(ADMIN, viewport, `audit-admin-${theme}-${locale}`, locale);
    const owner = await open({ username: OWNER, password: PASSWORD }, viewport, `audit-owner-${theme}-${locale}`, locale);
    try {
      await chooseTheme(admin, theme);
      await chooseTheme(owner, theme);
      await admin.visit('/admin/index?section=audit');
      await admin.page
        .getByTestId('audit-table')
        .getByText(zh ? '新建了页面' : 'Created a page')
        .first()
        .waitFor();
      await admin.screenshot('log');
      const findings = (await axeFindings(admin.page, `audit ${viewport} ${theme} ${locale}`)).filter((finding) => !isTabsterDummy(finding));
      expect(describeFindings(findings)).toEqual([]);

      await openActivity(owner, zh);
      expect(admin.pageErrors).toEqual([]);
      expect(owner.pageErrors).toEqual([]);
    } finally {
      await admin.close();
      await owner.close();
    }
  });
});
