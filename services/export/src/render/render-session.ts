import { readFile } from 'node:fs/promises';
import * as path from 'node:path';
import {
  attachmentSignOf,
  EXPORT_RENDER_PAGE,
  type ExportRenderApi,
  type ExportRenderBookmark,
  type ExportRenderDocument,
  type ExportRenderEntry,
  type ExportRenderedPage,
  type ExportRenderFigure,
} from '@quire/proto';
import { type Browser, chromium, type Page, type Route } from 'playwright-core';
import type { ImageFile } from '../content/export-source';

/** Options of a print (`page.pdf`). */
export type PrintOptions = NonNullable<Parameters<Page['pdf']>[0]>;

/** The renderer's own origin: never resolved, every request to it is answered from the web build. */
export const RENDER_ORIGIN = 'https://export.quire.invalid';
/** An empty page of another site than the renderer's (see `renew`), answered here too. */
const ELSEWHERE = 'https://elsewhere.invalid/';
/**
 * Chromium features the export's browser goes without. Chromium heeds only the last `--disable-features` and Playwright
 * passes its own first, so this one repeats Playwright's (playwright-core's `chromiumSwitches`; render-session.spec.ts
 * checks that it still holds them all), then adds: the omnibox popup every window preloads in a renderer process of
 * its own, and the spare renderer process kept for the next navigation (together about 70 MB beside a PDF export).
 */
const DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
  'WebUIOmniboxFullPopup',
  'PreloadTopChromeWebUI',
  'SpareRendererForSitePerProcess',
];
/** Debian's chromium, headless, quiet: no sandbox (containers), no GPU, nothing fetched in the background. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  `--disable-features=${DISABLED_FEATURES.join(',')}`,
];
/** Printing a few thousand pages takes a while; nothing here waits on the network. */
const OPERATION_TIMEOUT_MS = 10 * 60 * 1000;

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
};

export interface RenderSessionOptions {
  chromiumPath: string;
  webDist: string;
  /** The stored files behind attachment links, read with the exporting user's rights (null: not shown). */
  images(urls: string[]): Promise<Map<string, ImageFile | null>>;
  /** Device pixels per CSS pixel of screenshots (Word's figures are photographed at 2, sharp when printed). */
  scale?: number;
}

/** The web build lacks the renderer page: the export cannot run on this install. */
export class RendererMissingError extends Error {}

/**
 * One headless Chromium for one export job, showing the reader's renderer page (web/export-render.html)
 * from the web build. The page reaches nothing else: its requests are answered from the build, attachment
 * images from BlobStorage through the job's rights, and every other request (external images) is refused,
 * so a page's Markdown cannot make the worker fetch an address. `tab` opens another renderer page in the same
 * browser (a process of its own: two tabs draw at once); `renew` starts the renderer afresh in a new process;
 * `close` ends the browser, or only the tab.
 */
export class RenderSession {
  private closed = false;

  private constructor(
    private readonly browser: Browser,
    readonly page: Page,
    private readonly ownsBrowser: boolean,
  ) {}

  static async open(options: RenderSessionOptions): Promise<RenderSession> {
    const root = path.resolve(options.webDist);
    const entry = path.join(root, EXPORT_RENDER_PAGE);
    try {
      await readFile(entry);
    } catch {
      throw new RendererMissingError(`The export renderer ${entry} is missing: build the web app (npm run build:web)`);
    }
    const browser = await chromium.launch({ executablePath: options.chromiumPath, headless: true, args: CHROMIUM_ARGS });
    try {
      const context = await browser.newContext({ viewport: { width: 1024, height: 1400 }, deviceScaleFactor: options.scale ?? 1, serviceWorkers: 'block' });
      await context.route('**/*', (route) => answer(route, root, options));
      return new RenderSession(browser, await rendererPage(await context.newPage()), true);
    } catch (error) {
      await browser.close();
      throw error;
    }
  }

  /** Another renderer page in this session's browser; closing it leaves the browser open. */
  async tab(): Promise<RenderSession> {
    const page = await this.page.context().newPage();
    try {
      return new RenderSession(this.browser, await rendererPage(page), false);
    } catch (error) {
      await page.close();
      throw error;
    }
  }

  /**
   * The renderer afresh in a renderer process of its own (a renderer that has printed keeps most of the print's
   * memory): a visit to a page of another site, which Chromium shows in another process while the old one ends,
   * then back. The renderer is blank again: `start` it.
   */
  async renew(): Promise<void> {
    await this.page.goto(ELSEWHERE);
    await rendererPage(this.page);
  }

  start(document: ExportRenderDocument): Promise<void> {
    return this.page.evaluate((doc) => (globalThis as unknown as RendererWindow).quireExport.start(doc), document);
  }

  contents(entries: ExportRenderEntry[]): Promise<void> {
    return this.page.evaluate((list) => (globalThis as unknown as RendererWindow).quireExport.contents(list), entries);
  }

  targets(anchors: string[]): Promise<void> {
    return this.page.evaluate((list) => (globalThis as unknown as RendererWindow).quireExport.targets(list), anchors);
  }

  add(entries: ExportRenderEntry[]): Promise<void> {
    return this.page.evaluate((list) => (globalThis as unknown as RendererWindow).quireExport.add(list), entries);
  }

  settle(): Promise<void> {
    return this.page.evaluate(() => (globalThis as unknown as RendererWindow).quireExport.settle());
  }

  bookmarks(): Promise<ExportRenderBookmark[]> {
    return this.page.evaluate(() => (globalThis as unknown as RendererWindow).quireExport.bookmarks());
  }

  clear(): Promise<void> {
    return this.page.evaluate(() => (globalThis as unknown as RendererWindow).quireExport.clear());
  }

  setPageNumbers(numbers: Record<string, number>): Promise<void> {
    return this.page.evaluate((map) => (globalThis as unknown as RendererWindow).quireExport.setPageNumbers(map), numbers);
  }

  takePages(): Promise<ExportRenderedPage[]> {
    return this.page.evaluate(() => (globalThis as unknown as RendererWindow).quireExport.takePages());
  }

  styles(): Promise<{ css: string; wrappers: string[] }> {
    return this.page.evaluate(() => (globalThis as unknown as RendererWindow).quireExport.styles());
  }

  figures(figures: ExportRenderFigure[]): Promise<void> {
    return this.page.evaluate((list) => (globalThis as unknown as RendererWindow).quireExport.figures(list), figures);
  }

  figureClips(): Promise<Record<string, { x: number; y: number; width: number; height: number }>> {
    return this.page.evaluate(() => (globalThis as unknown as RendererWindow).quireExport.figureClips());
  }

  /** A PNG of part of the document (CSS pixels from its top left), white behind. */
  screenshot(clip: { x: number; y: number; width: number; height: number }): Promise<Buffer> {
    return this.page.screenshot({ clip, fullPage: true, type: 'png', animations: 'disabled' });
  }

  /** A print of `html` alone, in a tab of its own (the PDF's header and footer, laid over its parts). */
  async printHtml(html: string, options: PrintOptions): Promise<Buffer> {
    const page = await this.page.context().newPage();
    try {
      page.setDefaultTimeout(OPERATION_TIMEOUT_MS);
      await page.setContent(html);
      return await page.pdf(options);
    } finally {
      await page.close();
    }
  }

  /** Ends the browser (or only the tab); once is enough, a second call does nothing. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.ownsBrowser) await this.browser.close();
    else await this.page.close();
  }
}

/** The page's global the renderer sets (open waits for it); each `evaluate` below names it itself, as it runs in the page. */
type RendererWindow = { quireExport: ExportRenderApi };

/** `page` showing the renderer, ready once its global is set. */
async function rendererPage(page: Page): Promise<Page> {
  page.setDefaultTimeout(OPERATION_TIMEOUT_MS);
  await page.goto(`${RENDER_ORIGIN}/${EXPORT_RENDER_PAGE}`);
  await page.waitForFunction(() => Boolean((globalThis as Partial<RendererWindow>).quireExport));
  return page;
}

async function answer(route: Route, root: string, options: RenderSessionOptions): Promise<void> {
  const url = route.request().url();
  if (attachmentSignOf(url)) {
    const file = (await options.images([url]).catch(() => new Map<string, ImageFile | null>())).get(url);
    if (file && file.contentType.startsWith('image/')) return route.fulfill({ status: 200, contentType: file.contentType, body: file.data });
    return route.fulfill({ status: 404, body: '' });
  }
  if (url === ELSEWHERE) return route.fulfill({ status: 200, contentType: CONTENT_TYPES['.html'], body: '' });
  if (!url.startsWith(`${RENDER_ORIGIN}/`)) return route.abort('blockedbyclient');
  const relative = decodeURIComponent(new URL(url).pathname).replace(/^\/+/, '');
  const file = path.resolve(root, relative);
  if (!file.startsWith(root + path.sep)) return route.fulfill({ status: 404, body: '' });
  try {
    const body = await readFile(file);
    return route.fulfill({ status: 200, contentType: CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream', body });
  } catch {
    return route.fulfill({ status: 404, body: '' });
  }
}
