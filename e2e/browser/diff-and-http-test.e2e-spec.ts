import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describeWith } from '@quire/testing';
import type { Browser } from 'playwright-core';
import { BrowserVisitor, type ViewportName, launchChromium } from './support/browser-session';
import { ensureWebBuilt } from './support/ensure-web-build';
import { type QuireApp, startQuire } from './support/quire-app';
import { callApi } from './support/session-factory';

/**
 * The page diff screen (`/page/diff/{page_id}/{page_history_id}`) and the HTTP API test tool
 * (`/tools/http-test`, with the server proxy of `/api/http-proxy`), in a real browser at desktop
 * width and at 390 px. Screenshots go to e2e/artifacts/screenshots/.
 */
const FIRST = [
  '# Release notes',
  '',
  'Version: 1.0',
  'Status: draft',
  '',
  'Intro line one',
  'Intro line two',
  'Intro line three',
  'Intro line four',
  'Intro line five',
  'Intro line six',
  '',
  'Obsolete paragraph',
  'Footer',
].join('\n');
const SECOND = FIRST.replace('Status: draft', 'Status: review');
const CURRENT = [
  '# Release notes',
  '',
  'Version: 2.0',
  'Status: final',
  '',
  'Intro line one',
  'Intro line two',
  'Intro line three',
  'Intro line four',
  'Intro line five',
  'Intro line six',
  '',
  'Footer',
  'Added closing line',
].join('\n');

describeWith({ binary: 'chromium' }, 'web app in a real browser: page diff and the HTTP API test tool', () => {
  let quire: QuireApp;
  let browser: Browser;
  /** An API on another origin that allows any site to call it (CORS), echoing the test header. */
  let otherApi: http.Server;
  let otherApiUrl: string;

  beforeAll(async () => {
    const webDist = await ensureWebBuilt();
    quire = await startQuire(webDist);
    browser = await launchChromium();
    otherApi = http.createServer((req, res) => {
      res.setHeader('Access-Control-Allow-Origin', '*');
      res.setHeader('Access-Control-Allow-Headers', 'X-Quire-Test');
      if (req.method === 'OPTIONS') return void res.writeHead(204).end();
      res.writeHead(201, { 'Content-Type': 'application/json' }).end(JSON.stringify({ pong: true, header: req.headers['x-quire-test'] }));
    });
    await new Promise<void>((resolve) => otherApi.listen(0, '127.0.0.1', resolve));
    otherApiUrl = `http://127.0.0.1:${(otherApi.address() as AddressInfo).port}`;
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await quire?.close();
    await new Promise((resolve) => otherApi?.close(resolve));
  });

  describe.each<ViewportName>(['desktop', 'mobile'])('at %s width', (viewport) => {
    let admin: BrowserVisitor;

    beforeAll(async () => {
      admin = await BrowserVisitor.open(browser, quire.baseUrl, viewport, 'diff-http');
      await callApi(admin, 'user/login', { username: 'showdoc', password: 'admin-pass' });
    });

    afterAll(async () => {
      // Each width starts with the proxy off.
      await callApi(admin, 'adminSetting/saveConfig', { http_proxy_open: 0 });
      await admin?.close();
    });

    it('shows the current content against a history version with changed, removed and added lines marked', async () => {
      const itemId = (await callApi<{ item_id: number }>(admin, 'item/add', { item_type: 1, item_name: `Diff ${viewport}` })).item_id;
      const pageId = (await callApi<{ page_id: number }>(admin, 'page/save', { page_id: 0, item_id: itemId, page_title: 'Release notes', page_content: FIRST })).page_id;
      await callApi(admin, 'page/save', { page_id: pageId, item_id: itemId, page_title: 'Release notes', page_content: SECOND });
      await callApi(admin, 'page/save', { page_id: pageId, item_id: itemId, page_title: 'Release notes', page_content: CURRENT });
      const history = await callApi<{ page_history_id: number; page_content: string }[]>(admin, 'page/history', { page_id: pageId });
      expect(history).toHaveLength(2);
      const oldest = history[history.length - 1];

      if (viewport === 'desktop') {
        // The reader's history dialog links to the diff.
        await admin.visit(`/${itemId}?page_id=${pageId}`);
        await admin.page.getByTestId('page-history-button').click();
        const dialog = admin.page.getByRole('dialog');
        await dialog.getByRole('link', { name: 'Compare' }).last().click();
        await admin.page.waitForURL(`**/page/diff/${pageId}/${oldest.page_history_id}`);
      } else {
        await admin.visit(`/page/diff/${pageId}/${oldest.page_history_id}`);
      }

      const table = admin.page.getByTestId('diff-table');
      await table.waitFor();
      expect(await table.getAttribute('data-layout')).toBe(viewport === 'desktop' ? 'side-by-side' : 'unified');
      // A role query: the screen is not left hidden from assistive technology by the history dialog.
      await expect(admin.page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Compare versions · Release notes');
      const legend = admin.page.getByTestId('diff-legend');
      await expect(legend.textContent()).resolves.toBe('~Changed: the line differs between the two versions−Removed: only in the history version+Added: only in the current content');
      await expect(admin.page.getByTestId('diff-summary').textContent()).resolves.toBe('2 changed, 1 removed, 1 added lines');

      const changed = admin.page.locator('[data-testid="diff-row"][data-kind="changed"]');
      const removed = admin.page.locator('[data-testid="diff-row"][data-kind="removed"]');
      const added = admin.page.locator('[data-testid="diff-row"][data-kind="added"]');
      if (viewport === 'desktop') {
        expect(await changed.count()).toBe(2);
        await expect(changed.nth(0).locator('[data-side="old"]').textContent()).resolves.toBe('Version: 1.0');
        await expect(changed.nth(0).locator('[data-side="new"]').textContent()).resolves.toBe('Version: 2.0');
        await expect(changed.nth(1).locator('[data-side="old"]').textContent()).resolves.toBe('Status: draft');
        await expect(changed.nth(1).locator('[data-side="new"]').textContent()).resolves.toBe('Status: final');
        await expect(removed.locator('[data-side="old"]').textContent()).resolves.toBe('Obsolete paragraph');
        await expect(added.locator('[data-side="new"]').textContent()).resolves.toBe('Added closing line');
        // Marked by colour: a removed line's cell is not painted like an unchanged one.
        const background = (selector: string) =>
          admin.page
            .locator(selector)
            .first()
            .evaluate((cell) => getComputedStyle(cell).backgroundColor);
        const removedColour = await background('[data-kind="removed"] [data-side="old"]');
        expect(removedColour).not.toBe(await background('[data-kind="same"] [data-side="old"]'));
        expect(removedColour).not.toBe(await background('[data-kind="added"] [data-side="new"]'));
      } else {
        // One column: each changed line shows the old text, then the new one.
        expect(await changed.allTextContents()).toEqual(['3~−Version: 1.0', '3~+Version: 2.0', '4~−Status: draft', '4~+Status: final']);
        await expect(removed.textContent()).resolves.toBe('13−Obsolete paragraph');
        await expect(added.textContent()).resolves.toBe('14+Added closing line');
      }
      await admin.screenshot('diff');

      // The six unchanged intro lines between the changes fold when over the context: open them.
      const fold = admin.page.getByRole('button', { name: /^Show \d+ unchanged lines$/ });
      if ((await fold.count()) > 0) {
        const before = await admin.page.locator('[data-testid="diff-row"][data-kind="same"]').count();
        await fold.first().click();
        expect(await admin.page.locator('[data-testid="diff-row"][data-kind="same"]').count()).toBeGreaterThan(before);
      }
      await expect(admin.page.getByText('Intro line four', { exact: true }).first().isVisible()).resolves.toBe(true);
    });

    it('sends a request from the browser and shows the status, time, headers and formatted JSON body', async () => {
      await admin.visit('/tools/http-test');
      await admin.page.getByTestId('http-request-form').waitFor();
      // The proxy is off: the tool says the browser sends, and offers no server switch.
      await expect(admin.page.getByText('Your browser sends the request; the target must allow it (CORS).').isVisible()).resolves.toBe(true);
      expect(await admin.page.getByRole('switch', { name: 'Send through the server' }).count()).toBe(0);

      await admin.page.getByLabel('URL').fill(`${quire.baseUrl}/api/common/homePageSetting`);
      await admin.page.getByLabel('Header name 1').fill('X-Quire-Test');
      await admin.page.getByLabel('Header value 1').fill('yes');
      await admin.page.getByRole('button', { name: 'Send request' }).click();

      const response = admin.page.getByTestId('http-response');
      await response.waitFor();
      await expect(admin.page.getByTestId('http-status').textContent()).resolves.toBe('200 OK');
      await expect(admin.page.getByTestId('http-time').textContent()).resolves.toMatch(/^\d+ ms$/);
      await expect(admin.page.getByText('Sent by your browser').isVisible()).resolves.toBe(true);
      const headers = admin.page.getByTestId('http-response-headers');
      const header = (name: string) => headers.getByRole('row').filter({ has: admin.page.getByRole('cell', { name, exact: true }) });
      await expect(header('content-type').textContent()).resolves.toBe('content-typeapplication/json; charset=utf-8');
      const body = (await admin.page.getByTestId('http-response-body').textContent()) ?? '';
      expect(JSON.parse(body)).toMatchObject({ error_code: 0, data: { language: 'en', http_proxy_open: 0 } });
      expect(body).toContain('\n  "error_code": 0,\n'); // indented
      await expect(admin.page.getByText('Response body (JSON, formatted)').isVisible()).resolves.toBe(true);
      await admin.screenshot('http-test-browser');

      // Another origin that allows the call: the page's CSP lets the browser connect there too.
      await admin.page.getByLabel('URL').fill(`${otherApiUrl}/ping`);
      await admin.page.getByRole('button', { name: 'Send request' }).click();
      await admin.page.getByTestId('http-status').filter({ hasText: '201 Created' }).waitFor();
      expect(JSON.parse((await admin.page.getByTestId('http-response-body').textContent()) ?? '')).toEqual({ pong: true, header: 'yes' });

      // A target the browser cannot reach: the tool explains, and mentions CORS.
      await admin.page.getByLabel('URL').fill('http://127.0.0.1:1/nothing-listens-here');
      await admin.page.getByRole('button', { name: 'Send request' }).click();
      const failure = admin.page.getByTestId('http-failure');
      await failure.waitFor();
      await expect(failure.textContent()).resolves.toBe(
        'The browser could not complete the requestThe target may be unreachable, or it does not allow requests from this site (CORS). An administrator can allow sending requests through the server.',
      );
      await admin.screenshot('http-test-network-error');
    });

    it('with the proxy enabled, a request to a forbidden address through the server shows the clear refusal', async () => {
      await callApi(admin, 'adminSetting/saveConfig', { http_proxy_open: 1 });
      await admin.visit('/tools/http-test');
      const toggle = admin.page.getByRole('switch', { name: 'Send through the server' });
      await toggle.waitFor();
      await toggle.check();
      await expect(admin.page.getByText(/^The server sends the request without your cookies\./).isVisible()).resolves.toBe(true);

      await admin.page.getByLabel('URL').fill('http://169.254.169.254/latest/meta-data/');
      await admin.page.getByRole('button', { name: 'Send request' }).click();
      const failure = admin.page.getByTestId('http-failure');
      await failure.waitFor();
      await expect(failure.textContent()).resolves.toBe(
        'The server refused the requestThe server does not send requests to 169.254.169.254 (169.254.169.254): loopback, private, link-local and other internal addresses are refused',
      );
      await admin.screenshot('http-test-proxy-refused');

      // The app's own address is loopback: refused through the server too.
      await admin.page.getByLabel('URL').fill(`${quire.baseUrl}/api/common/homePageSetting`);
      await admin.page.getByRole('button', { name: 'Send request' }).click();
      await expect(failure.filter({ hasText: '(127.0.0.1)' }).textContent()).resolves.toContain('The server refused the request');
    });
  });
});
