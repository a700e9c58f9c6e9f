import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describeWith } from '@quire/testing';
import { strFromU8, unzipSync } from 'fflate';
import type { Browser } from 'playwright-core';
import { BrowserVisitor, launchChromium, EVERY_LOOK } from './support/browser-session';
import { ensureWebBuilt } from './support/ensure-web-build';
import { chooseTheme } from './support/markdown-look';
import { type QuireApp, startQuire } from './support/quire-app';
import { callApi, registerThroughApi } from './support/session-factory';

/**
 * The export screen's PDF and offline-HTML formats in a real browser (issue 22): the format chosen, the progress
 * bar reaching 100 %, the file downloaded and opened (pdftotext for the PDF, the zip's index for the site); the
 * screen at 1280 and 390 px, light and dark, in English and Chinese.
 */
const PASSWORD = 'export-pass-1';
const OWNER = `exporter${String(Date.now() % 100000)}`;

jest.setTimeout(180_000);

describeWith({ binary: 'chromium' }, 'web app in a real browser: PDF and HTML exports', () => {
  let quire: QuireApp;
  let browser: Browser;
  let owner: BrowserVisitor;
  let itemId = 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-export-formats-'));

  beforeAll(async () => {
    quire = await startQuire(await ensureWebBuilt(), { LANGUAGE: 'en' });
    browser = await launchChromium();
    owner = await BrowserVisitor.open(browser, quire.baseUrl, 'desktop', 'export-formats', { locale: 'en-US' });
    owner.context.setDefaultTimeout(60_000);
    await registerThroughApi(owner, quire, OWNER, PASSWORD);
    itemId = (await callApi<{ item_id: number }>(owner, 'item/add', { item_type: 1, item_name: '发布手册 Release guide' })).item_id;
    const catalog = await callApi<{ cat_id: number }>(owner, 'catalog/save', { item_id: itemId, cat_name: '部署', parent_cat_id: 0 });
    await callApi(owner, 'page/save', {
      item_id: itemId,
      cat_id: catalog.cat_id,
      page_title: '上线步骤',
      page_content: '先备份数据库，再发布新版本。\n\n| 步骤 | 说明 |\n|---|---|\n| 1 | 备份 |',
    });
    await callApi(owner, 'page/save', { item_id: itemId, page_title: 'Rollback', page_content: 'Run `deploy --previous` to roll back.' });
  }, 240_000);

  afterAll(async () => {
    await owner?.close();
    await browser?.close();
    await quire?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('exports a PDF and an offline HTML site with progress, and both open', async () => {
    await owner.visit(`/item/export/${itemId}`);
    await owner.page.getByRole('radio', { name: 'PDF (.pdf)' }).check();
    await owner.page.getByText('A cover, contents with page numbers, bookmarks and page numbers').waitFor();
    const pdf = owner.page.waitForEvent('download');
    await owner.page.getByRole('button', { name: 'Export', exact: true }).click();
    const pdfDownload = await pdf;
    await owner.page.getByTestId('export-percent').getByText('100%').waitFor();
    await owner.screenshot('pdf-done');
    expect(pdfDownload.suggestedFilename()).toBe('发布手册 Release guide.pdf');
    const pdfFile = path.join(dir, 'guide.pdf');
    fs.copyFileSync(await pdfDownload.path(), pdfFile);
    const text = execFileSync('pdftotext', ['-layout', pdfFile, '-'], { encoding: 'utf8' });
    expect(text).toContain('先备份数据库，再发布新版本。');
    expect(text).toContain('deploy --previous');

    await owner.page.getByRole('radio', { name: 'Offline HTML site (.zip)' }).check();
    const html = owner.page.waitForEvent('download');
    await owner.page.getByRole('button', { name: 'Export', exact: true }).click();
    const htmlDownload = await html;
    await owner.page.getByTestId('export-percent').getByText('100%').waitFor();
    expect(htmlDownload.suggestedFilename()).toBe('发布手册 Release guide.zip');
    const zip = unzipSync(new Uint8Array(fs.readFileSync(await htmlDownload.path())));
    expect(strFromU8(zip['index.html'])).toContain('2、部署');
    expect(Object.keys(zip).filter((name) => /^pages\/.+\.html$/.test(name))).toHaveLength(2);
    expect(owner.pageErrors).toEqual([]);
  });

  const cases = EVERY_LOOK;

  it.each(cases)('shows the formats at %s, %s, %s', async (viewport, theme, locale) => {
    const visitor = await BrowserVisitor.open(browser, quire.baseUrl, viewport, `export-formats-${theme}-${locale}`, { locale });
    // The machine may be shared with other suites: a loaded CPU slows the embedded app, not the assertions.
    visitor.context.setDefaultTimeout(60_000);
    try {
      await callApi(visitor, 'user/login', { username: OWNER, password: PASSWORD });
      await chooseTheme(visitor, theme);
      await visitor.visit(`/item/export/${itemId}`);
      const zh = locale === 'zh-CN';
      await visitor.page.getByRole('radio', { name: zh ? '离线 HTML 网站（.zip）' : 'Offline HTML site (.zip)' }).check();
      await visitor.page.getByRole('radio', { name: zh ? 'PDF（.pdf）' : 'PDF (.pdf)' }).waitFor();
      await visitor.screenshot('formats');
      expect(visitor.pageErrors).toEqual([]);
    } finally {
      await visitor.close();
    }
  });
});
