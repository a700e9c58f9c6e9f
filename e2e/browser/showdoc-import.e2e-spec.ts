import * as fs from 'node:fs';
import * as path from 'node:path';
import { describeWith, SHOWDOC_FIXTURE_DIR } from '@quire/testing';
import { zipSync } from 'fflate';
import type { Browser } from 'playwright-core';
import { BrowserVisitor, type ViewportName, launchChromium } from './support/browser-session';
import { ensureWebBuilt } from './support/ensure-web-build';
import { type QuireApp, startQuire } from './support/quire-app';
import { callApi } from './support/session-factory';
import { serveInChinese } from './support/markdown-look';

/**
 * Importing a ShowDoc site from the administrator console (issue 16) in a real browser, against the real embedded
 * app and the ShowDoc 3.9.2 fixture: a refused file, a dry run of the database and a zip of its Uploads chosen
 * apart, the import of the site as one zip with its progress, summary and report,
 * the imported item in the console's item list; the screen at 1280 and 390 px, light and dark, English and
 * Chinese. Screenshots go to e2e/artifacts/screenshots/showdoc-import-*.
 */
const ADMIN = { username: 'showdoc', password: 'admin-pass' };
const FIXTURE = SHOWDOC_FIXTURE_DIR;
const IMAGE = '2026-11-25/6b060d808e7e86b060d808e7ea6b060d808e7eb.png';
/** The job runs on a machine other suites share: it ends when it ends, the steps only wait for it. */
const IMPORT_TIMEOUT_MS = 120_000;
jest.setTimeout(240_000);

/** The site's Public/Uploads folder zipped on its own, to choose beside the database. */
function uploadsZip(): Buffer {
  return Buffer.from(zipSync({ [`Uploads/${IMAGE}`]: new Uint8Array(fs.readFileSync(path.join(FIXTURE, 'Uploads', IMAGE))) }));
}

/** The site as an administrator would zip it: the database where ShowDoc keeps it, and Public/Uploads. */
function siteZip(): Buffer {
  return Buffer.from(
    zipSync({
      'Sqlite/showdoc.db.php': new Uint8Array(fs.readFileSync(path.join(FIXTURE, 'showdoc.db'))),
      [`Public/Uploads/${IMAGE}`]: new Uint8Array(fs.readFileSync(path.join(FIXTURE, 'Uploads', IMAGE))),
    }),
  );
}

describeWith({ binary: 'chromium' }, 'web app in a real browser: importing a ShowDoc site from the console', () => {
  let quire: QuireApp;
  let browser: Browser;
  let admin: BrowserVisitor;
  /** The finished import the screenshot matrix shows. */
  let importId = '';
  const visitors: BrowserVisitor[] = [];

  const open = async (label: string, viewport: ViewportName = 'desktop') => {
    const visitor = await BrowserVisitor.open(browser, quire.baseUrl, viewport, label);
    visitor.context.setDefaultTimeout(20_000);
    visitors.push(visitor);
    await callApi(visitor, 'user/login', ADMIN);
    return visitor;
  };

  const section = (visitor: BrowserVisitor) => visitor.page.getByTestId('admin-import');
  const fileInput = (visitor: BrowserVisitor) => section(visitor).locator('input[name=showdoc_db]');
  const uploadsInput = (visitor: BrowserVisitor) => section(visitor).locator('input[name=showdoc_uploads]');
  const state = (visitor: BrowserVisitor) => visitor.page.getByTestId('showdoc-import-state');
  const summaryLines = (visitor: BrowserVisitor) => visitor.page.getByTestId('showdoc-import-summary').locator('li').allTextContents();
  const adminItemNames = async (name: string) =>
    (await callApi<{ items: { item_name: string; username: string }[] }>(admin, 'adminItem/getList', { item_name: name, page: 1, count: 20 })).items.map((item) => [
      item.item_name,
      item.username,
    ]);
  const overflow = (visitor: BrowserVisitor) => visitor.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

  /** Opens the console's import section, as an administrator reaches it: the tab of the console. */
  const openImport = async (visitor: BrowserVisitor) => {
    await visitor.visit('/admin/index');
    await visitor.page
      .getByTestId('admin-menu')
      .getByRole('tab', { name: /ShowDoc/ })
      .click();
    await section(visitor).waitFor();
  };

  beforeAll(async () => {
    const webDist = await ensureWebBuilt();
    quire = await startQuire(webDist);
    browser = await launchChromium();
    admin = await open('showdoc-import');
  }, 180_000);

  afterAll(async () => {
    for (const visitor of visitors) await visitor.close().catch(() => undefined);
    await browser?.close();
    await quire?.close();
  });

  it('explains what is imported, and shows why a file that is not a ShowDoc database failed; nothing is imported', async () => {
    await openImport(admin);
    await admin.page.getByRole('heading', { name: 'Import from ShowDoc' }).waitFor();
    await section(admin).getByText('Running it again is safe', { exact: false }).waitFor();
    expect(await admin.page.getByTestId('showdoc-import-command').textContent()).toContain('npm run import:showdoc');
    const start = section(admin).getByRole('button', { name: 'Start import' });
    expect(await start.isDisabled()).toBe(true);
    await admin.screenshot('empty');

    await fileInput(admin).setInputFiles({ name: 'showdoc.db.php', mimeType: 'application/octet-stream', buffer: Buffer.from('this is not a SQLite file\n'.repeat(40)) });
    await admin.page.getByTestId('showdoc-import-file').getByText('showdoc.db.php (1 KB)').waitFor();
    await start.click();
    const error = admin.page.getByTestId('showdoc-import-error');
    await error.waitFor({ timeout: IMPORT_TIMEOUT_MS });
    expect(await error.getAttribute('role')).toBe('alert');
    expect(await error.textContent()).toMatch(/^The import failed: The file is not a SQLite database \(.+\): upload the Sqlite\/showdoc\.db\.php file of the ShowDoc site$/);
    expect(await state(admin).textContent()).toBe('The import stopped.');
    expect(await start.isEnabled()).toBe(true);
    expect(await admin.page.getByTestId('showdoc-import-report').count()).toBe(0);
    await admin.screenshot('failed');
    expect(await adminItemNames('Payments API')).toEqual([]);
  });

  it('runs a dry run of the database and its Uploads zip chosen apart, from the keyboard: the summary tells what would be imported and nothing is written', async () => {
    await openImport(admin);
    await fileInput(admin).setInputFiles({ name: 'showdoc.db.php', mimeType: 'application/octet-stream', buffer: fs.readFileSync(path.join(FIXTURE, 'showdoc.db')) });
    await admin.page.getByTestId('showdoc-import-file').getByText('showdoc.db.php', { exact: false }).waitFor();
    expect(await admin.page.getByTestId('showdoc-import-uploads-file').textContent()).toBe('No file chosen');
    await uploadsInput(admin).setInputFiles({ name: 'Uploads.zip', mimeType: 'application/zip', buffer: uploadsZip() });
    await admin.page.getByTestId('showdoc-import-uploads-file').getByText('Uploads.zip', { exact: false }).waitFor();
    await section(admin).getByRole('button', { name: 'Choose another database' }).waitFor();
    // From the zip's button: Tab past its Remove button to the dry run box, Space ticks it, Tab to Start, Enter starts.
    await section(admin).getByRole('button', { name: 'Choose another zip' }).focus();
    await admin.page.keyboard.press('Tab');
    expect(
      await section(admin)
        .getByRole('button', { name: 'Remove Uploads.zip' })
        .evaluate((node) => node === document.activeElement),
    ).toBe(true);
    await admin.page.keyboard.press('Tab');
    const dryRun = section(admin).getByRole('checkbox', { name: /^Dry run/ });
    expect(await dryRun.evaluate((node) => node === document.activeElement)).toBe(true);
    await admin.page.keyboard.press('Space');
    expect(await dryRun.isChecked()).toBe(true);
    await admin.page.keyboard.press('Tab');
    expect(
      await section(admin)
        .getByRole('button', { name: 'Start import' })
        .evaluate((node) => node === document.activeElement),
    ).toBe(true);
    await admin.page.keyboard.press('Enter');

    await state(admin)
      .getByText(/^Finished: (\d+) of \1 steps$/)
      .waitFor({ timeout: IMPORT_TIMEOUT_MS });
    const lines = await summaryLines(admin);
    // The attachment comes from the Uploads zip chosen apart.
    expect(lines).toEqual(expect.arrayContaining(['items: 4 to import', 'attachments: 1 to import']));
    expect(lines.find((line) => line.startsWith('pages: '))).toMatch(/^pages: \d+ to import$/);
    expect(await adminItemNames('Payments API')).toEqual([]);
  });

  it('imports the site zip with a progress bar, shows the summary, downloads the report, and lists the imported items', async () => {
    await openImport(admin);
    await fileInput(admin).setInputFiles({ name: 'showdoc-site.zip', mimeType: 'application/zip', buffer: siteZip() });
    const dryRun = section(admin).getByRole('checkbox', { name: /^Dry run/ });
    expect(await dryRun.isChecked()).toBe(false);
    const started = admin.page.waitForResponse((response) => response.url().endsWith('/api/adminImport/showdoc'));
    await section(admin).getByRole('button', { name: 'Start import' }).click();
    const reply = (await (await started).json()) as { error_code: number; data: { import_id: string } };
    expect(reply.error_code).toBe(0);
    importId = reply.data.import_id;

    const progress = admin.page.getByTestId('showdoc-import-progress');
    await progress.waitFor();
    expect(await progress.getByRole('progressbar', { name: 'Import progress' }).count()).toBe(1);
    await state(admin)
      .getByText(/^Finished: (\d+) of \1 steps$/)
      .waitFor({ timeout: IMPORT_TIMEOUT_MS });
    expect(await progress.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('1');
    const lines = await summaryLines(admin);
    expect(lines).toEqual(expect.arrayContaining(['items: 4 imported', 'attachments: 1 imported']));
    expect(lines.find((line) => line.startsWith('users: '))).toMatch(/^users: 4 imported, 1 already there$/);
    expect(await section(admin).getByRole('button', { name: 'Start import' }).isEnabled()).toBe(true);
    await admin.screenshot('done');

    const [download] = await Promise.all([admin.page.waitForEvent('download'), section(admin).getByRole('link', { name: 'Download report', exact: true }).click()]);
    expect(download.suggestedFilename()).toBe(`showdoc-import-${importId}.txt`);
    const report = fs.readFileSync(await download.path(), 'utf8');
    expect(report).toContain('items: 4 imported');
    expect(report).toContain('"Payments API"');

    // The console's item list shows the imported items, with their ShowDoc owners.
    await admin.page.getByRole('tab', { name: 'Item management' }).click();
    const items = admin.page.getByTestId('admin-items');
    await items.locator('input[name=item_name]').fill('Payments API');
    await items.getByRole('button', { name: 'Search' }).click();
    const row = admin.page.getByTestId('admin-item-table-row').filter({ hasText: 'Payments API' });
    await row.waitFor();
    expect(await row.getByTestId('admin-item-owner').textContent()).toBe('alice');
    await admin.screenshot('imported-item');

    // Coming back to the tab shows the import followed last.
    await admin.page.getByRole('tab', { name: 'ShowDoc import' }).click();
    // The tab asks for the last import's status as it opens: its summary shows once that answers.
    await admin.page
      .getByTestId('showdoc-import-summary')
      .locator('li')
      .nth(lines.length - 1)
      .waitFor();
    expect(await summaryLines(admin)).toEqual(lines);
  });

  it('runs again without duplicating anything: the summary says what was already there', async () => {
    await openImport(admin);
    await fileInput(admin).setInputFiles({ name: 'showdoc-site.zip', mimeType: 'application/zip', buffer: siteZip() });
    await section(admin).getByRole('button', { name: 'Start import' }).click();
    // The earlier import's summary goes while the new one uploads and runs; the new one's comes when it is done.
    await admin.page.getByTestId('showdoc-import-summary').getByText('items: 0 imported, 4 already there').waitFor({ timeout: IMPORT_TIMEOUT_MS });
    expect(await state(admin).textContent()).toMatch(/^Finished: (\d+) of \1 steps$/);
    expect(await adminItemNames('Payments API')).toEqual([['Payments API', 'alice']]);
  });

  it('shows the refusal when the upload is refused, and starts nothing', async () => {
    const visitor = await open('showdoc-import-refused');
    await openImport(visitor);
    await fileInput(visitor).setInputFiles({ name: 'showdoc.db.php', mimeType: 'application/octet-stream', buffer: fs.readFileSync(path.join(FIXTURE, 'showdoc.db')) });
    // The session ends in another tab: the server refuses the upload before reading it.
    await callApi(visitor, 'user/logout');
    await section(visitor).getByRole('button', { name: 'Start import' }).click();
    const error = visitor.page.getByTestId('showdoc-import-error');
    await error.waitFor();
    expect(await error.textContent()).toBe('You are not logged in');
    expect(await visitor.page.getByTestId('showdoc-import-progress').count()).toBe(0);
    expect(await section(visitor).getByRole('button', { name: 'Start import' }).isEnabled()).toBe(true);
    await visitor.screenshot('refused');
  });

  describe.each<[ViewportName, 'light' | 'dark', 'en' | 'zh-cn']>([
    ['desktop', 'dark', 'en'],
    ['desktop', 'light', 'zh-cn'],
    ['desktop', 'dark', 'zh-cn'],
    ['mobile', 'light', 'en'],
    ['mobile', 'dark', 'en'],
    ['mobile', 'light', 'zh-cn'],
    ['mobile', 'dark', 'zh-cn'],
  ])('at %s width, %s theme, %s labels', (viewport, theme, language) => {
    it('shows the finished import without overflowing', async () => {
      expect(importId).toMatch(/^[a-f0-9]{32}$/);
      const visitor = await open(`showdoc-import-${theme}-${language}`, viewport);
      await visitor.context.addInitScript(
        ([id, dark]) => {
          window.sessionStorage.setItem('quire.showdocImport', id);
          window.localStorage.setItem('quire_theme', dark ? 'dark' : 'light');
        },
        [importId, theme === 'dark'] as const,
      );
      if (language === 'zh-cn') {
        await serveInChinese(visitor.page);
      }
      await openImport(visitor);
      await visitor.page.locator(`[data-theme="${theme}"]`).first().waitFor();
      const zh = language === 'zh-cn';
      await visitor.page.getByRole('heading', { name: zh ? '从 ShowDoc 导入' : 'Import from ShowDoc' }).waitFor();
      await state(visitor)
        .getByText(zh ? /^已完成：(\d+) \/ \1 步$/ : /^Finished: (\d+) of \1 steps$/)
        .waitFor();
      await section(visitor)
        .getByRole('link', { name: zh ? '下载报告' : 'Download report', exact: true })
        .waitFor();
      expect(
        await section(visitor)
          .getByRole('button', { name: zh ? '开始导入' : 'Start import' })
          .isDisabled(),
      ).toBe(true);
      expect(await overflow(visitor)).toBeLessThanOrEqual(0);
      await visitor.screenshot('done');
      // The summary in the screen's language, from the counts the status answers.
      expect(await summaryLines(visitor)).toEqual(expect.arrayContaining(zh ? ['项目：已导入 4', '用户：已导入 4，已存在 1'] : ['items: 4 imported', 'users: 4 imported, 1 already there']));
      await visitor.page.getByTestId('showdoc-import-summary').scrollIntoViewIfNeeded();
      await visitor.screenshot('summary');
    });
  });
});
