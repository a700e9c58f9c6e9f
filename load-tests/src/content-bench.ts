import { bareExpress, embedded, residentBytes } from './bench-targets';
import { type ConcurrentResult, concurrent, type Journey, type SequentialResult, sequential } from './http-measure';
import { SEARCH_KEYWORD, SeedClient, seedHistoryItem, seedMenuItem } from './content-seed';
import { form } from './bench-format';

/** Issue 3 item 7's shape: an item of 500 pages in 50 catalogs, 5,000 pages with 20 versions each. */
export const MENU_PAGES = 500;
export const MENU_CATALOGS = 50;
export const HISTORY_PAGES = 5000;
export const HISTORY_VERSIONS = 20;
const SEED_PARALLEL = 8;
const CONNECTIONS = 10;
const SECONDS = 5;
/**
 * How long the process is left idle before its memory at rest is read. V8 keeps the heap it grew
 * under a write burst (garbage and free pages) until its memory reducer runs, some 10–30 s after
 * the allocations stop; measured: 325 MB at the end of seeding, 208 MB half a minute later.
 */
const REST_SECONDS = 45;

/** The goals the run is judged against. */
export const GOALS = { readRatio: 0.5, searchP50Ms: 50, savesPerSecond: 1000, rssBytes: 300 * 1024 * 1024 };

export interface JourneyRow {
  name: string;
  sequentialRequests: number;
  quire: ConcurrentResult & { seq: SequentialResult };
  bare: ConcurrentResult & { seq: SequentialResult };
  /** Quire's req/s over the bare handler's. */
  ratio: number;
  responseBytes: number;
}

export interface ContentReport {
  seeding: { menuSeconds: number; historySeconds: number; historySaves: number };
  /** The highest resident memory sampled while 105,000 saves went in. */
  rssPeakSeeding: number;
  rssAfterSeeding: number;
  rssAfterBench: number;
  /** Holding the data at rest: REST_SECONDS after the last request. */
  rssAtRest: number;
  rows: JourneyRow[];
}

interface Named {
  name: string;
  route: string;
  params: Record<string, string | number> | ((n: number) => Record<string, string | number>);
  sequentialRequests: number;
}

/**
 * Seeds the embedded process through the HTTP API, then measures each journey against a bare
 * express handler answering the very body Quire answered, in the same run: one after the
 * other, the same connections and duration, the same client in this process.
 */
export async function runContentBench(log: (line: string) => void): Promise<ContentReport> {
  const quire = await embedded();
  let bare: Awaited<ReturnType<typeof bareExpress>> | undefined;
  try {
    const seed = new SeedClient(quire.baseUrl, quire.cookie, SEED_PARALLEL);
    let started = Date.now();
    const menu = await seedMenuItem(seed, MENU_PAGES, MENU_CATALOGS);
    const menuSeconds = (Date.now() - started) / 1000;
    log(`seeded ${MENU_PAGES} pages in ${MENU_CATALOGS} catalogs through the open API in ${menuSeconds.toFixed(1)} s`);
    started = Date.now();
    const pid = quire.pid as number;
    let rssPeakSeeding = residentBytes(pid);
    const sampler = setInterval(() => (rssPeakSeeding = Math.max(rssPeakSeeding, residentBytes(pid))), 250);
    const history = await seedHistoryItem(seed, HISTORY_PAGES, HISTORY_VERSIONS).finally(() => clearInterval(sampler));
    log(
      `seeded ${HISTORY_PAGES} pages × ${HISTORY_VERSIONS + 1} saves with page/save in ${history.seconds.toFixed(1)} s (${(history.saves / history.seconds).toFixed(0)} saves/s, ${SEED_PARALLEL} connections)`,
    );
    seed.close();
    const rssAfterSeeding = residentBytes(pid);
    rssPeakSeeding = Math.max(rssPeakSeeding, rssAfterSeeding);

    const journeys: Named[] = [
      { name: 'page/info', route: '/api/page/info', params: { page_id: menu.pageIds[MENU_PAGES / 2] }, sequentialRequests: 1000 },
      { name: `item/info (${MENU_PAGES} pages, ${MENU_CATALOGS} catalogs)`, route: '/api/item/info', params: { item_id: menu.itemId }, sequentialRequests: 500 },
      { name: `search (${HISTORY_PAGES} pages)`, route: '/api/item/info', params: { item_id: history.itemId, keyword: SEARCH_KEYWORD }, sequentialRequests: 200 },
      {
        name: 'page/save',
        route: '/api/page/save',
        params: (n) => ({ item_id: menu.itemId, page_id: menu.pageIds[n % MENU_PAGES], page_title: `Page ${n % MENU_PAGES}`, page_content: `edited ${n}\n\n${'text '.repeat(150)}` }),
        sequentialRequests: 500,
      },
    ];
    // The body Quire answers for each journey is what the bare handler answers.
    const references = new Map<string, string>();
    for (const journey of journeys) {
      const params = typeof journey.params === 'function' ? journey.params(0) : journey.params;
      const response = await fetch(quire.baseUrl + journey.route, {
        method: 'POST',
        headers: { cookie: quire.cookie, origin: quire.baseUrl, 'content-type': 'application/x-www-form-urlencoded' },
        body: form(params),
      });
      const text = await response.text();
      if (!text.startsWith('{"error_code":0')) throw new Error(`${journey.name} answered ${text.slice(0, 300)}`);
      references.set(journey.name, text);
    }
    const barePath = (i: number) => `/bench/${i}`;
    bare = await bareExpress(Object.fromEntries(journeys.map((journey, i) => [barePath(i), references.get(journey.name) as string])));

    const rows: JourneyRow[] = [];
    for (const [i, journey] of journeys.entries()) {
      const { params } = journey;
      const body = typeof params === 'function' ? (n: number) => form(params(n + 1)) : form(params);
      const onQuire: Journey = { url: quire.baseUrl + journey.route, body, cookie: quire.cookie, expect: '"error_code":0' };
      const onBare: Journey = { url: bare.baseUrl + barePath(i), body, expect: '"error_code":0' };
      const bareRun = { seq: await sequential(onBare, journey.sequentialRequests), ...(await concurrent(onBare, CONNECTIONS, SECONDS)) };
      const quireRun = { seq: await sequential(onQuire, journey.sequentialRequests), ...(await concurrent(onQuire, CONNECTIONS, SECONDS)) };
      rows.push({
        name: journey.name,
        sequentialRequests: journey.sequentialRequests,
        quire: quireRun,
        bare: bareRun,
        ratio: quireRun.rps / bareRun.rps,
        responseBytes: Buffer.byteLength(references.get(journey.name) as string),
      });
      log(`measured ${journey.name}`);
    }
    const rssAfterBench = residentBytes(pid);
    log(`measuring resident memory at rest (${REST_SECONDS} s idle)`);
    await new Promise((resolve) => setTimeout(resolve, REST_SECONDS * 1000));
    return {
      seeding: { menuSeconds, historySeconds: history.seconds, historySaves: history.saves },
      rssPeakSeeding,
      rssAfterSeeding,
      rssAfterBench,
      rssAtRest: residentBytes(pid),
      rows,
    };
  } finally {
    await bare?.stop();
    await quire.stop();
  }
}
