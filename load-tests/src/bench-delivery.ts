import * as os from 'node:os';
import * as path from 'node:path';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { launchBenchChromium, runBrowserBench, sessionCookies } from './bench-browser';
import type { BenchTarget } from './bench-targets';
import { SeedClient, prose } from './content-seed';
import { printGoals } from './bench-format';

/**
 * `npm run bench` (delivery part): the reader, a standalone page and the editor opened in Debian's
 * headless chromium, served by the embedded process from the built web/dist, on loopback and under
 * DevTools' network emulation ("Fast 4G" and "Slow 3G"), from a cold cache (a new browser profile)
 * and a warm one (a new tab of the same profile, as a reader coming back). Prints, for each, the
 * time from navigation to the page's text being visible and the bytes moved over the network
 * (headers included; what the browser's cache answered moves nothing).
 */
const GOALS = { fast4gColdMs: 1500, fast4gWarmMs: 500, warmBytes: 20 * 1024, loopbackMs: 1000 };

/** DevTools' presets: throughput in bytes per second, latency (round trip added to each request) in ms. */
const NETWORKS = {
  loopback: undefined,
  'Fast 4G': { latency: 170, downloadThroughput: (9_000 * 1000) / 8, uploadThroughput: (1_500 * 1000) / 8 },
  'Slow 3G': { latency: 2_000, downloadThroughput: (400 * 1000) / 8, uploadThroughput: (400 * 1000) / 8 },
} as const;
type NetworkName = keyof typeof NETWORKS;

/** The item's menu: a large item, so that item/info weighs what a real one does. */
const CATALOGS = 10;
const PAGES = 300;
/** A sentence only the measured page holds: visible means this is on the screen. */
const MARKER = 'Delivery bench marker: the settlement callback retries three times.';
const PAGE_TEXT = [
  '# Settlement callback',
  '',
  MARKER,
  '',
  '| Field | Type | Meaning |',
  '| --- | --- | --- |',
  ...Array.from({ length: 12 }, (_, i) => `| field_${i} | string | ${prose(i, 60)} |`),
  '',
  '```js',
  "const reply = await fetch('/api/settle', { method: 'POST' });",
  '```',
  '',
  prose(7, 3000),
].join('\n');

interface Screen {
  name: string;
  url: string;
  /** The element that shows the page's text once it is drawn (a CSS selector). */
  text: string;
}

interface Load {
  screen: string;
  network: NetworkName;
  cache: 'cold' | 'warm';
  ms: number;
  bytes: number;
  requests: number;
}

async function seed(target: BenchTarget): Promise<Screen[]> {
  const client = new SeedClient(target.baseUrl, target.cookie, 4);
  try {
    const { item_id: itemId } = await client.post<{ item_id: number }>('/api/item/add', { item_type: 1, item_name: 'Bench delivery' });
    const catalogIds: number[] = [];
    for (let c = 0; c < CATALOGS; c++) catalogIds.push((await client.post<{ cat_id: number }>('/api/catalog/save', { item_id: itemId, cat_name: `Chapter ${c}` })).cat_id);
    const { page_id: pageId } = await client.post<{ page_id: number }>('/api/page/save', {
      item_id: itemId,
      cat_id: 0,
      s_number: 1,
      page_title: 'Settlement callback',
      page_content: PAGE_TEXT,
    });
    for (let p = 0; p < PAGES; p++) {
      await client.post('/api/page/save', { item_id: itemId, cat_id: catalogIds[p % CATALOGS], page_title: `Endpoint ${p}`, page_content: prose(p, 1500) });
    }
    return [
      { name: 'reader', url: `/${itemId}?page_id=${pageId}`, text: '[data-testid="markdown-body"]' },
      { name: 'page', url: `/page/${pageId}`, text: '[data-testid="markdown-body"]' },
      { name: 'editor', url: `/page/edit/${itemId}/${pageId}`, text: '.CodeMirror-code' },
    ];
  } finally {
    client.close();
  }
}

/** What `textVisible` uses of the page's document. */
interface PageGlobals {
  document: { querySelectorAll(selector: string): ArrayLike<{ textContent: string | null; checkVisibility(): boolean }> };
}

/**
 * Resolves once an element matching `selector` shows MARKER, checked at every frame the page draws: a locator's
 * `waitFor` polls at growing intervals (500 ms apart after the first second), which would count up to half a
 * second after the text appeared.
 */
function textVisible(page: Page, selector: string): Promise<unknown> {
  // Runs in the page (this package is compiled without the DOM's types).
  const shown = ([css, marker]: [string, string]) =>
    Array.from((globalThis as unknown as PageGlobals).document.querySelectorAll(css)).some((element) => element.textContent?.includes(marker) && element.checkVisibility());
  return page.waitForFunction(shown, [selector, MARKER] as [string, string], { polling: 'raf' });
}

/** Opens `screen` in a new tab of `context` under `network`; resolves once its text is visible. */
async function open(context: BrowserContext, screen: Screen, network: NetworkName): Promise<Omit<Load, 'screen' | 'network' | 'cache'>> {
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const conditions = NETWORKS[network];
    if (conditions) await cdp.send('Network.emulateNetworkConditions', { offline: false, ...conditions });
    let bytes = 0;
    let requests = 0;
    cdp.on('Network.loadingFinished', (event: { encodedDataLength: number }) => {
      bytes += event.encodedDataLength;
      if (event.encodedDataLength > 0) requests += 1;
    });
    const started = Date.now();
    await page.goto(screen.url, { waitUntil: 'commit' });
    await textVisible(page, screen.text).catch(async (error: Error) => {
      const shot = path.join(os.tmpdir(), `bench-delivery-${screen.name}-${network.replace(' ', '-')}.png`);
      await page.screenshot({ path: shot });
      throw new Error(`${screen.name} on ${network}: its text did not show (screenshot ${shot}): ${error.message}`);
    });
    const ms = Date.now() - started;
    // What is still on its way for this screen (the renderer's lazy parts) is counted too.
    await page.waitForLoadState('networkidle');
    return { ms, bytes, requests };
  } finally {
    await page.close();
  }
}

async function measure(browser: Browser, target: BenchTarget, screens: Screen[]): Promise<Load[]> {
  const loads: Load[] = [];
  for (const network of Object.keys(NETWORKS) as NetworkName[]) {
    for (const screen of screens) {
      const context = await browser.newContext({ baseURL: target.baseUrl, viewport: { width: 1280, height: 800 }, locale: 'en-US' });
      context.setDefaultTimeout(120_000);
      try {
        await context.addCookies(sessionCookies(target));
        loads.push({ screen: screen.name, network, cache: 'cold', ...(await open(context, screen, network)) });
        loads.push({ screen: screen.name, network, cache: 'warm', ...(await open(context, screen, network)) });
      } finally {
        await context.close();
      }
    }
  }
  return loads;
}

function report(loads: Load[]): boolean {
  console.log(`\nDelivery — reader, standalone page and editor in headless chromium; an item of ${PAGES + 1} pages; time until the page's text is visible`);
  console.log('screen  | network  | cache | text visible ms | KB moved | requests');
  console.log('--------|----------|-------|-----------------|----------|---------');
  for (const l of loads) {
    console.log(
      `${l.screen.padEnd(7)} | ${l.network.padEnd(8)} | ${l.cache.padEnd(5)} | ${String(l.ms).padStart(15)} | ${(l.bytes / 1024).toFixed(1).padStart(8)} | ${String(l.requests).padStart(8)}`,
    );
  }
  const find = (screen: string, network: NetworkName, cache: Load['cache']) => loads.find((l) => l.screen === screen && l.network === network && l.cache === cache) as Load;
  const cold4g = find('reader', 'Fast 4G', 'cold');
  const warm4g = find('reader', 'Fast 4G', 'warm');
  const loopback = find('reader', 'loopback', 'cold');
  const warmBytes = Math.max(...loads.filter((l) => l.cache === 'warm' && l.screen !== 'editor').map((l) => l.bytes));
  const goals: [string, boolean][] = [
    [`reader text visible on Fast 4G, cold cache < ${GOALS.fast4gColdMs} ms: ${cold4g.ms} ms`, cold4g.ms < GOALS.fast4gColdMs],
    [`reader text visible on Fast 4G, warm cache < ${GOALS.fast4gWarmMs} ms: ${warm4g.ms} ms`, warm4g.ms < GOALS.fast4gWarmMs],
    [`bytes moved by a warm revisit of the reader or a page < ${GOALS.warmBytes / 1024} KB: ${(warmBytes / 1024).toFixed(1)} KB`, warmBytes < GOALS.warmBytes],
    [`reader page view on loopback, cold cache < ${GOALS.loopbackMs} ms: ${loopback.ms} ms`, loopback.ms < GOALS.loopbackMs],
  ];
  return printGoals(goals);
}

runBrowserBench('bench-delivery', async (target) => {
  const screens = await seed(target);
  const browser = await launchBenchChromium();
  try {
    return report(await measure(browser, target, screens));
  } finally {
    await browser.close();
  }
});
