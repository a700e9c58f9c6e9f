import * as fs from 'node:fs';
import * as path from 'node:path';
import { describeWith, rawHttp } from '@quire/testing';
import type { Browser, Response } from 'playwright-core';
import { BrowserVisitor, launchChromium } from './support/browser-session';
import { ensureWebBuilt } from './support/ensure-web-build';
import { type QuireApp, startQuire } from './support/quire-app';
import { callApi, registerThroughApi } from './support/session-factory';

/**
 * Issue 28's delivery, on the real build: the SPA's files go out as the `.br`/`.gz` twins the build wrote, hashed
 * files cached for a year and index.html revalidated each time; and a reader coming back to an unchanged item gets
 * its menu and page as 304s, the browser revalidating them by their ETags.
 */
const PASSWORD = 'delivery-pass-1';
const OWNER = `deliv${String(Date.now() % 100000)}`;

/** The machine may be shared with other suites: a loaded CPU slows the embedded app, not the assertions. */
const STEP_TIMEOUT_MS = 60_000;
jest.setTimeout(180_000);

describeWith({ binary: 'chromium' }, 'delivery in a real browser: precompressed assets, cache headers and revalidated reads (issue 28)', () => {
  let webDist: string;
  let quire: QuireApp;
  let browser: Browser;

  /** The build's entry script, from Vite's manifest, and its largest stylesheet (the formula styles). */
  const builtFiles = (): string[] => {
    const manifest = JSON.parse(fs.readFileSync(path.join(webDist, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string; css?: string[]; isEntry?: boolean }>;
    const entry = Object.values(manifest).find((chunk) => chunk.isEntry) as { file: string };
    const styles = [...new Set(Object.values(manifest).flatMap((chunk) => chunk.css ?? []))];
    const largest = styles.sort((a, b) => fs.statSync(path.join(webDist, b)).size - fs.statSync(path.join(webDist, a)).size)[0];
    return [entry.file, largest];
  };

  beforeAll(async () => {
    webDist = await ensureWebBuilt();
    quire = await startQuire(webDist);
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await quire?.close();
  });

  it('sends a built script and stylesheet as Brotli when accepted, gzip when only that is, cached a year; index.html revalidated', async () => {
    const files = builtFiles();
    expect(files.map((file) => path.extname(file))).toEqual(['.js', '.css']);
    for (const file of files) {
      expect(file).toMatch(/^assets\//);
      const raw = fs.readFileSync(path.join(webDist, file));
      for (const [accepted, encoding] of [
        ['br, gzip', 'br'],
        ['gzip', 'gzip'],
      ]) {
        const response = await rawHttp(`${quire.baseUrl}/${file}`, { headers: { 'accept-encoding': accepted } });
        expect({ file, accepted, encoding: response.headers['content-encoding'], cache: response.headers['cache-control'] }).toEqual({
          file,
          accepted,
          encoding,
          cache: 'public, max-age=31536000, immutable',
        });
        expect(response.body.length).toBeLessThan(raw.length / 2);
        expect(response.decoded()).toEqual(raw);
      }
    }
    // index.html names two scripts: under a kilobyte, less than a packet, the build leaves it uncompressed (web/vite.config.ts).
    const indexEncoding = fs.statSync(path.join(webDist, 'index.html')).size < 1024 ? undefined : 'br';
    for (const route of ['/', '/item/index']) {
      const page = await rawHttp(`${quire.baseUrl}${route}`, { headers: { 'accept-encoding': 'br, gzip' } });
      expect({ route, cache: page.headers['cache-control'], encoding: page.headers['content-encoding'] }).toEqual({ route, cache: 'no-cache', encoding: indexEncoding });
      expect(page.decoded()).toEqual(fs.readFileSync(path.join(webDist, 'index.html')));
    }
  });

  it("opens a link to a page with one read each of the item's menu and the page, and none of the editor's code", async () => {
    const reader = await BrowserVisitor.open(browser, quire.baseUrl, 'desktop', 'delivery-link');
    reader.context.setDefaultTimeout(STEP_TIMEOUT_MS);
    try {
      await registerThroughApi(reader, quire, `${OWNER}l`, PASSWORD);
      const itemId = (await callApi<{ item_id: number }>(reader, 'item/add', { item_type: 1, item_name: 'Linked guide' })).item_id;
      await callApi(reader, 'page/save', { page_id: 0, item_id: itemId, page_title: 'Start', page_content: 'Where the trail starts.' });
      const pageId = (await callApi<{ page_id: number }>(reader, 'page/save', { page_id: 0, item_id: itemId, page_title: 'Summit', page_content: 'The view from the summit.' })).page_id;
      const manifest = JSON.parse(fs.readFileSync(path.join(webDist, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string }>;
      const editorChunk = `/${manifest['src/app/routes/page/page-edit.tsx'].file}`;
      const requested: string[] = [];
      reader.page.on('request', (request) => requested.push(new URL(request.url()).pathname));

      await reader.visit(`/${itemId}?page_id=${pageId}`);
      await reader.page.getByText('The view from the summit.', { exact: true }).waitFor();
      await reader.page.waitForLoadState('networkidle');
      expect({
        menuReads: requested.filter((url) => url === '/api/item/info').length,
        pageReads: requested.filter((url) => url === '/api/page/info').length,
        editorLoaded: requested.includes(editorChunk),
      }).toEqual({ menuReads: 1, pageReads: 1, editorLoaded: false });
      expect([...reader.consoleErrors, ...reader.pageErrors]).toEqual([]);
    } finally {
      await reader.close();
    }
  });

  it("answers a reader's return to an unchanged item with 304s for its menu and page, and the new menu after a save", async () => {
    const owner = await BrowserVisitor.open(browser, quire.baseUrl, 'desktop', 'delivery');
    owner.context.setDefaultTimeout(STEP_TIMEOUT_MS);
    try {
      await registerThroughApi(owner, quire, OWNER, PASSWORD);
      const itemId = (await callApi<{ item_id: number }>(owner, 'item/add', { item_type: 1, item_name: 'Field guide' })).item_id;
      for (let i = 1; i <= 40; i++) await callApi(owner, 'page/save', { page_id: 0, item_id: itemId, page_title: `Trail ${i}`, page_content: `Directions for trail ${i}.` });

      /**
       * The item/info and page/info reads while `visit` runs, as the network carried them: the ETag the browser
       * sent (If-None-Match), the one it got, and the body bytes that came (none for a 304: Playwright reports the
       * cached 200 the browser hands the page, so the empty body and the request's validator tell the revalidation).
       */
      const reads = async (visit: () => Promise<void>) => {
        const seen: Promise<{ call: string; method: string; sent?: string; etag?: string; bodyBytes: number }>[] = [];
        const record = (response: Response) => {
          const call = /\/api\/(item\/info|page\/info)\b/.exec(response.url())?.[1];
          if (!call) return;
          const request = response.request();
          seen.push(
            Promise.all([request.allHeaders(), response.allHeaders(), request.sizes()]).then(([sent, got, sizes]) => ({
              call,
              method: request.method(),
              sent: sent['if-none-match'],
              etag: got.etag,
              bodyBytes: sizes.responseBodySize,
            })),
          );
        };
        owner.page.on('response', record);
        try {
          await visit();
        } finally {
          owner.page.off('response', record);
        }
        return Promise.all(seen);
      };
      const openReader = async () => {
        await owner.visit(`/${itemId}`);
        await owner.page.getByText('Directions for trail 1.', { exact: true }).waitFor();
      };
      const menuRead = (all: Awaited<ReturnType<typeof reads>>) => {
        const menu = all.filter((read) => read.call === 'item/info');
        expect(menu).toHaveLength(1);
        return menu[0];
      };

      const first = menuRead(await reads(openReader));
      expect(first).toEqual({ call: 'item/info', method: 'GET', sent: undefined, etag: expect.stringMatching(/^W\/".+"$/), bodyBytes: expect.any(Number) });
      expect(first.bodyBytes).toBeGreaterThan(300);
      const again = await reads(openReader);
      expect(menuRead(again)).toEqual({ call: 'item/info', method: 'GET', sent: first.etag, etag: first.etag, bodyBytes: 0 });
      const pages = again.filter((read) => read.call === 'page/info');
      expect(pages.length).toBeGreaterThan(0);
      expect(pages.every((read) => read.method === 'GET' && read.sent !== undefined && read.bodyBytes === 0)).toBe(true);

      await callApi(owner, 'page/save', { page_id: 0, item_id: itemId, page_title: 'Trail 41', page_content: 'A new trail.' });
      const afterSave = menuRead(await reads(openReader));
      expect(afterSave.sent).toBe(first.etag);
      expect(afterSave.etag).not.toBe(first.etag);
      expect(afterSave.bodyBytes).toBeGreaterThan(300);
      await owner.page.getByText('Trail 41', { exact: true }).first().waitFor();
    } finally {
      await owner.close();
    }
  });
});
