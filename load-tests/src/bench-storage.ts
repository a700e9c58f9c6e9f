import { spawn } from 'node:child_process';
import * as path from 'node:path';
import { freePort } from '@quire/testing';
import { cpuMs, LastingEmbedded, login, residentBytes } from './bench-targets';
import { SeedClient, prose } from './content-seed';
import { concurrent, pool, type ConcurrentResult } from './http-measure';
import { fileSize, form, mb, printGoals } from './bench-format';

/**
 * `npm run bench` (storage part, issue 25): the embedded process on its SQLite database holding
 * 100,000 pages of about 2 KB in 200 items (500 pages each, in 10 catalogs), seeded through the
 * HTTP API by parallel clients. Prints the database's size on disk; after a restart, the time from
 * spawn to serving and the resident memory at rest; page/info and item/info throughput with the
 * server's CPU time per request; durable page/save throughput at 4 and 16 clients; the time and
 * size of `npm run backup`. BENCH_STORAGE_PAGES=10000 (say) makes a quick run.
 */
const PAGES = Number(process.env.BENCH_STORAGE_PAGES ?? 100_000);
const PAGES_PER_ITEM = 500;
const ITEMS = Math.max(1, Math.round(PAGES / PAGES_PER_ITEM));
const CATALOGS_PER_ITEM = 10;
const PAGE_BYTES = 2000;
const SEED_PARALLEL = 16;
const READ_CONNECTIONS = 10;
const SAVE_CLIENTS = [4, 16];
const SECONDS = 5;
/** Idle time after the restart before the memory is read: the boot's garbage is collected by then. */
const REST_SECONDS = 15;
const ROOT = path.resolve(__dirname, '..', '..');

const GOALS = {
  rssBytes: 400 * 1024 * 1024,
  restartMs: 1000,
  cpuMsPerRequest: { pageInfo: 0.42, itemInfo: 0.7 },
  savesPerSecond: 1000,
};

interface Seeded {
  itemIds: number[];
  pageIds: number[];
  seconds: number;
}

/** ITEMS items of CATALOGS_PER_ITEM catalogs, then PAGES pages of about PAGE_BYTES with page/save, SEED_PARALLEL at a time. */
async function seed(client: SeedClient, log: (line: string) => void): Promise<Seeded> {
  const started = Date.now();
  const itemIds: number[] = new Array<number>(ITEMS);
  const catalogIds: number[][] = new Array<number[]>(ITEMS);
  await pool(ITEMS, client.parallel, async (i) => {
    itemIds[i] = (await client.post<{ item_id: number }>('/api/item/add', { item_type: 1, item_name: `Manual ${i}` })).item_id;
    catalogIds[i] = [];
    for (let c = 0; c < CATALOGS_PER_ITEM; c++) {
      catalogIds[i].push((await client.post<{ cat_id: number }>('/api/catalog/save', { item_id: itemIds[i], cat_name: `Chapter ${c}` })).cat_id);
    }
  });
  const pageIds: number[] = new Array<number>(PAGES);
  let done = 0;
  const progress = setInterval(() => log(`seeding: ${done} of ${PAGES} pages after ${((Date.now() - started) / 1000).toFixed(0)} s`), 30_000);
  try {
    await pool(PAGES, client.parallel, async (p) => {
      const item = Math.floor(p / PAGES_PER_ITEM) % ITEMS;
      const page = await client.post<{ page_id: number }>('/api/page/save', {
        item_id: itemIds[item],
        cat_id: catalogIds[item][p % CATALOGS_PER_ITEM],
        page_title: `Page ${p}`,
        page_content: `# Page ${p}\n\n${prose(p, PAGE_BYTES)}`,
      });
      pageIds[p] = page.page_id;
      done++;
    });
  } finally {
    clearInterval(progress);
  }
  return { itemIds, pageIds, seconds: (Date.now() - started) / 1000 };
}

/** Milliseconds from spawning the process to /healthz answering 200 and one item/info served. */
async function restartMs(server: LastingEmbedded, cookie: string, itemId: number): Promise<number> {
  await server.stop();
  const started = process.hrtime.bigint();
  await server.start();
  for (;;) {
    const health = await fetch(`${server.baseUrl}/healthz`).catch(() => undefined);
    if (health?.status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const info = await fetch(`${server.baseUrl}/api/item/info`, {
    method: 'POST',
    headers: { cookie, origin: server.baseUrl, 'content-type': 'application/x-www-form-urlencoded' },
    body: form({ item_id: itemId }),
  });
  const text = await info.text();
  if (!text.startsWith('{"error_code":0')) throw new Error(`item/info after the restart answered ${text.slice(0, 300)}`);
  return Number(process.hrtime.bigint() - started) / 1e6;
}

interface Measured extends ConcurrentResult {
  name: string;
  connections: number;
  cpuMsPerRequest: number;
  /** The CPU time per request the run is judged against, if any. */
  cpuGoalMs?: number;
}

/** `connections` clients for SECONDS; the server's CPU time over the run divided by the requests answered. */
async function measure(
  server: LastingEmbedded,
  cookie: string,
  journey: { name: string; route: string; connections: number; cpuGoalMs?: number; params: (n: number) => Record<string, string | number> },
): Promise<Measured> {
  const { name, route, connections, cpuGoalMs, params } = journey;
  const cpuBefore = cpuMs(server.pid);
  const result = await concurrent({ url: server.baseUrl + route, body: (n) => form(params(n)), cookie, expect: '"error_code":0' }, connections, SECONDS);
  return { name, connections, cpuGoalMs, ...result, cpuMsPerRequest: (cpuMs(server.pid) - cpuBefore) / result.requests };
}

/** `npm run backup -- <file>` against the server's DATA_DIR, as an operator runs it. */
function backup(dataDir: string, file: string): Promise<{ wallMs: number; ownMs: number; bytes: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', 'backup', '--', file], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir }, stdio: ['ignore', 'pipe', 'inherit'] });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const own = /: [\d.]+ MB in ([\d.]+) s, integrity check ok/.exec(stdout);
      if (code !== 0 || !own) return reject(new Error(`npm run backup exited with ${code}:\n${stdout}`));
      resolve({ wallMs: Date.now() - started, ownMs: Number(own[1]) * 1000, bytes: fileSize(file) });
    });
  });
}

async function main(): Promise<void> {
  const benchStarted = Date.now();
  const log = (line: string) => console.log(`  … ${line}`);
  const server = new LastingEmbedded(await freePort(), 'storage');
  try {
    await server.start();
    const cookie = await login(server.port);
    const seedClient = new SeedClient(server.baseUrl, cookie, SEED_PARALLEL);
    const seeded = await seed(seedClient, log);
    seedClient.close();
    log(`seeded ${PAGES} pages in ${ITEMS} items in ${seeded.seconds.toFixed(0)} s`);

    const database = path.join(server.dataDir, 'quire.db');
    const restart = await restartMs(server, cookie, seeded.itemIds[0]);
    const dbBytes = fileSize(database);
    const walBytes = fileSize(`${database}-wal`);
    log(`restarted; measuring resident memory at rest (${REST_SECONDS} s idle)`);
    await new Promise((resolve) => setTimeout(resolve, REST_SECONDS * 1000));
    const rssAtRest = residentBytes(server.pid);

    const spread = (n: number, count: number) => (n * 7919) % count;
    const itemOf = (p: number) => seeded.itemIds[Math.floor(p / PAGES_PER_ITEM) % ITEMS];
    const rows: Measured[] = [];
    const journeys = [
      {
        name: 'page/info, pages spread',
        route: '/api/page/info',
        connections: READ_CONNECTIONS,
        cpuGoalMs: GOALS.cpuMsPerRequest.pageInfo,
        params: (n: number) => ({ page_id: seeded.pageIds[spread(n, PAGES)] }),
      },
      // The menu cache keeps the 100 menus used last: one item is answered from it…
      { name: 'item/info, one item', route: '/api/item/info', connections: READ_CONNECTIONS, cpuGoalMs: GOALS.cpuMsPerRequest.itemInfo, params: () => ({ item_id: seeded.itemIds[0] }) },
      // …every item in turn, when there are more items than that, is not: each menu is built from the database.
      {
        name: `item/info, ${ITEMS} items in turn`,
        route: '/api/item/info',
        connections: READ_CONNECTIONS,
        cpuGoalMs: GOALS.cpuMsPerRequest.itemInfo,
        params: (n: number) => ({ item_id: seeded.itemIds[n % ITEMS] }),
      },
      ...SAVE_CLIENTS.map((clients) => ({
        name: 'page/save',
        route: '/api/page/save',
        connections: clients,
        params: (n: number) => {
          const p = spread(n, PAGES);
          return { item_id: itemOf(p), page_id: seeded.pageIds[p], page_title: `Page ${p}`, page_content: `# Page ${p}, edit ${n}\n\n${prose(p + n, PAGE_BYTES)}` };
        },
      })),
    ];
    for (const journey of journeys) rows.push(await measure(server, cookie, journey));
    log('measured reads and saves; backing up');
    const backedUp = await backup(server.dataDir, path.join(server.root, 'backup.db'));

    console.log(`\nStorage — embedded, SQLite: ${PAGES} pages of ~${(PAGE_BYTES / 1000).toFixed(0)} KB in ${ITEMS} items (${PAGES_PER_ITEM} pages, ${CATALOGS_PER_ITEM} catalogs each)`);
    console.log(`seeding through the HTTP API (page/save, ${SEED_PARALLEL} clients): ${seeded.seconds.toFixed(0)} s, ${(PAGES / seeded.seconds).toFixed(0)} pages/s`);
    console.log(`database on disk: quire.db ${mb(dbBytes)} + WAL ${mb(walBytes)} (${((dbBytes + walBytes) / PAGES / 1024).toFixed(1)} KB per page)`);
    console.log(`restart to healthy (spawn → /healthz 200 and one item/info): ${restart.toFixed(0)} ms`);
    console.log(`resident memory at rest after the restart: ${mb(rssAtRest)}`);
    console.log(`backup (npm run backup, while idle): ${mb(backedUp.bytes)} in ${(backedUp.ownMs / 1000).toFixed(1)} s (${(backedUp.wallMs / 1000).toFixed(1)} s with npm's start)`);
    console.log(`\njourney                       | clients |    req/s | p50 ms | p99 ms | CPU ms/req | errors`);
    console.log('------------------------------|---------|----------|--------|--------|------------|-------');
    for (const r of rows) {
      console.log(
        `${r.name.padEnd(29)} | ${String(r.connections).padStart(7)} | ${r.rps.toFixed(0).padStart(8)} | ${String(r.p50).padStart(6)} | ${String(r.p99).padStart(6)} | ${r.cpuMsPerRequest.toFixed(2).padStart(10)} | ${r.errors}`,
      );
    }

    const goals: [string, boolean][] = [
      [`RSS at rest after a restart < ${mb(GOALS.rssBytes)}: ${mb(rssAtRest)}`, rssAtRest < GOALS.rssBytes],
      [`restart to healthy < ${GOALS.restartMs} ms: ${restart.toFixed(0)} ms`, restart < GOALS.restartMs],
      ...rows.flatMap(({ name, cpuGoalMs, cpuMsPerRequest }): [string, boolean][] =>
        cpuGoalMs === undefined ? [] : [[`${name}: CPU ≤ ${cpuGoalMs} ms per request: ${cpuMsPerRequest.toFixed(2)} ms`, cpuMsPerRequest <= cpuGoalMs]],
      ),
      ...rows
        .filter((r) => r.name === 'page/save')
        .map((r): [string, boolean] => [`durable page/save ≥ ${GOALS.savesPerSecond}/s with ${r.connections} clients: ${r.rps.toFixed(0)}/s`, r.rps >= GOALS.savesPerSecond]),
      ['no errors', rows.every((r) => r.errors === 0)],
    ];
    const allMet = printGoals(goals);
    console.log(`\nstorage bench finished in ${((Date.now() - benchStarted) / 1000).toFixed(0)} s${allMet ? '' : ' — some goals were missed'}`);
  } finally {
    await server.dispose();
  }
}

main().catch((error: Error) => {
  console.error(error);
  process.exit(1);
});
