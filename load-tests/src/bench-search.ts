import * as fs from 'node:fs';
import * as http from 'node:http';
import * as path from 'node:path';
import { freePort } from '@quire/testing';
import { cpuMs, LastingEmbedded, login, residentBytes } from './bench-targets';
import { SeedClient, prose } from './content-seed';
import { concurrent, percentiles, pool, type ConcurrentResult } from './http-measure';
import { fileSize, form, mb, printGoals } from './bench-format';

/**
 * `npm run bench` (search part, issue 15): the embedded process with 100,000 generated pages of
 * about 2 KB (a third of them Chinese) in 200 items, seeded through the HTTP API, each save indexed
 * as it is acknowledged. Prints the time to build the index from scratch (search.db deleted, the
 * app restarted, until the log says it is built); the latency of 20 mixed queries through the
 * gateway; the memory the index adds; page/save throughput with indexing at 4 and 16 clients, and
 * how far the index was behind the saves when they stopped. BENCH_SEARCH_PAGES=20000 (say) makes a quick run.
 */
const PAGES = Number(process.env.BENCH_SEARCH_PAGES ?? 100_000);
const PAGES_PER_ITEM = 500;
const ITEMS = Math.max(1, Math.round(PAGES / PAGES_PER_ITEM));
const CATALOGS_PER_ITEM = 10;
/** UTF-8 bytes of a page's text: about 2,000 Latin characters, or about 670 Chinese ones. */
const PAGE_BYTES = 2000;
const SEED_PARALLEL = 16;
/** Each query is asked this many times, one at a time, after one warm-up. */
const QUERY_ROUNDS = 10;
const SAVE_CLIENTS = [4, 16];
const SECONDS = 5;
/** Idle time after a restart before the memory is read: the boot's garbage is collected by then. */
const REST_SECONDS = 10;

const GOALS = { queryP95Ms: 50, memoryPerText: 1.5, savesPerSecond: 1000 };

/** Words of the Chinese pages: API documentation vocabulary, so that queries hit many pages as real ones do. */
const CHINESE_WORDS = (
  '接口 说明 订单 用户 登录 创建 删除 修改 查询 参数 返回 字段 类型 必填 示例 请求 响应 状态码 错误 权限 管理 ' +
  '数据库 缓存 服务 部署 版本 发布 配置 日志 监控 告警 队列 任务 重试 超时 网络 存储 备份 恢复 文档 项目 成员 团队 ' +
  '页面 目录 历史 模板 附件 上传 下载 导出 导入 支付 退款 库存 商品 地址 消息 通知 认证 令牌 会话 加密 签名 分页 排序'
).split(' ');

/** Code identifiers sprinkled into every page, found whole and by their parts. */
const IDENTIFIERS = ['getUserInfo', 'order_id', 'XMLHttpRequest', 'createdAt', 'user_token', 'refundOrder'];

/** Deterministic text: Chinese words with a rare identifier, or the storage bench's English prose; about PAGE_BYTES either way. */
function pageText(p: number): string {
  if (p % 3 !== 0) return `${prose(p, PAGE_BYTES - 30)} ${IDENTIFIERS[p % IDENTIFIERS.length]}`;
  let state = (p * 2654435761) >>> 0;
  let text = '';
  while (Buffer.byteLength(text) < PAGE_BYTES - 30) {
    state = (state * 1103515245 + 12345) >>> 0;
    text += CHINESE_WORDS[state % CHINESE_WORDS.length] + (state % 11 === 0 ? '，' : state % 29 === 0 ? '。\n' : '');
  }
  return `${text} ${IDENTIFIERS[p % IDENTIFIERS.length]}`;
}

const pageTitle = (p: number) => (p % 3 === 0 ? `接口 ${p}` : `Page ${p}`);
const catalogName = (c: number) => (c % 2 === 0 ? `Chapter ${c}` : `第${c}章`);

/**
 * The queries, as people type them: common words (thousands of hits), rare ones, prefixes, phrases,
 * identifiers, Chinese words and pairs, and filters by item, author and date.
 */
function queries(itemId: number): { keyword: string; params?: Record<string, string | number> }[] {
  return [
    { keyword: 'service' },
    { keyword: 'gateway request' },
    { keyword: 'deploy release version' },
    { keyword: 'export' },
    { keyword: 'tok' },
    { keyword: '"queue worker"' },
    { keyword: 'getUserInfo' },
    { keyword: 'order_id' },
    { keyword: 'user token' },
    { keyword: 'kubernetes' },
    { keyword: 'Page 4243' },
    { keyword: '订单' },
    { keyword: '接口说明' },
    { keyword: '用户 登录' },
    { keyword: '"创建订单"' },
    { keyword: '数据库缓存' },
    { keyword: '退' },
    { keyword: '接口 getUserInfo' },
    { keyword: 'latency', params: { item_id: itemId } },
    { keyword: 'backup', params: { author: 'showdoc', since: Math.floor(Date.now() / 1000) - 3600 } },
  ];
}

interface Seeded {
  itemIds: number[];
  pageIds: number[];
  /** UTF-8 bytes of every page's title and text. */
  textBytes: number;
  seconds: number;
}

/** ITEMS items of CATALOGS_PER_ITEM catalogs, then PAGES pages with page/save, SEED_PARALLEL at a time. */
async function seed(client: SeedClient, log: (line: string) => void): Promise<Seeded> {
  const started = Date.now();
  const itemIds: number[] = new Array<number>(ITEMS);
  const catalogIds: number[][] = new Array<number[]>(ITEMS);
  await pool(ITEMS, client.parallel, async (i) => {
    itemIds[i] = (await client.post<{ item_id: number }>('/api/item/add', { item_type: 1, item_name: i % 3 === 0 ? `接口手册 ${i}` : `Manual ${i}` })).item_id;
    catalogIds[i] = [];
    for (let c = 0; c < CATALOGS_PER_ITEM; c++) {
      catalogIds[i].push((await client.post<{ cat_id: number }>('/api/catalog/save', { item_id: itemIds[i], cat_name: catalogName(c) })).cat_id);
    }
  });
  const pageIds: number[] = new Array<number>(PAGES);
  let textBytes = 0;
  let done = 0;
  const progress = setInterval(() => log(`seeding: ${done} of ${PAGES} pages after ${((Date.now() - started) / 1000).toFixed(0)} s`), 30_000);
  try {
    await pool(PAGES, client.parallel, async (p) => {
      const item = Math.floor(p / PAGES_PER_ITEM) % ITEMS;
      const title = pageTitle(p);
      const content = pageText(p);
      textBytes += Buffer.byteLength(title) + Buffer.byteLength(content);
      const page = await client.post<{ page_id: number }>('/api/page/save', {
        item_id: itemIds[item],
        cat_id: catalogIds[item][p % CATALOGS_PER_ITEM],
        page_title: title,
        page_content: content,
      });
      pageIds[p] = page.page_id;
      done++;
    });
  } finally {
    clearInterval(progress);
  }
  return { itemIds, pageIds, textBytes, seconds: (Date.now() - started) / 1000 };
}

/** Deletes search.db and restarts: milliseconds from spawn to the log line that says the index is built. */
async function rebuildMs(server: LastingEmbedded): Promise<{ ms: number; logged: string }> {
  await server.stop();
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(path.join(server.dataDir, `search.db${suffix}`), { force: true });
  const started = Date.now();
  await server.start();
  for (;;) {
    const built = /Search index built: \d+ pages in [\d.]+ s/.exec(server.output());
    if (built) return { ms: Date.now() - started, logged: built[0] };
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

interface QueryTiming {
  keyword: string;
  total: number;
  /** The server's own `took_ms` (permission lookup, index, snippets), median. */
  tookMs: number;
  samples: number[];
}

/** Each query QUERY_ROUNDS times, one request at a time over a kept-alive connection, after one warm-up. */
async function timeQueries(server: LastingEmbedded, cookie: string, itemId: number): Promise<QueryTiming[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const ask = (body: string) =>
    new Promise<{ ms: number; total: number; took: number }>((resolve, reject) => {
      const started = process.hrtime.bigint();
      const req = http.request(
        `${server.baseUrl}/api/search/query`,
        { method: 'POST', agent, headers: { cookie, origin: server.baseUrl, 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body) } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const ms = Number(process.hrtime.bigint() - started) / 1e6;
            const text = Buffer.concat(chunks).toString('utf8');
            const envelope = JSON.parse(text) as { error_code: number; data?: { total: number; took_ms: number } };
            if (envelope.error_code !== 0 || !envelope.data) return reject(new Error(`search/query answered ${text.slice(0, 300)}`));
            resolve({ ms, total: envelope.data.total, took: envelope.data.took_ms });
          });
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  const timings: QueryTiming[] = [];
  for (const { keyword, params } of queries(itemId)) {
    const body = form({ keyword, ...params });
    await ask(body);
    const runs = [];
    for (let round = 0; round < QUERY_ROUNDS; round++) runs.push(await ask(body));
    timings.push({ keyword, total: runs[0].total, tookMs: percentiles(runs.map((run) => run.took)).p50, samples: runs.map((run) => run.ms) });
  }
  agent.destroy();
  return timings;
}

/**
 * Milliseconds until a search answers after a burst of saves: it waits until every save acknowledged
 * before it is indexed, so this is how far the index was behind the saves when they stopped.
 */
async function indexBehindMs(server: LastingEmbedded, cookie: string): Promise<number> {
  const started = Date.now();
  const response = await fetch(`${server.baseUrl}/api/search/query`, {
    method: 'POST',
    headers: { cookie, origin: server.baseUrl, 'content-type': 'application/x-www-form-urlencoded' },
    body: form({ keyword: 'kubernetes' }),
  });
  await response.text();
  return Date.now() - started;
}

const percentile = (samples: number[], p: number) => [...samples].sort((a, b) => a - b)[Math.min(samples.length - 1, Math.floor(samples.length * p))];

async function main(): Promise<void> {
  const benchStarted = Date.now();
  const log = (line: string) => console.log(`  … ${line}`);
  const server = new LastingEmbedded(await freePort(), 'search');
  try {
    await server.start();
    const cookie = await login(server.port);
    const seedClient = new SeedClient(server.baseUrl, cookie, SEED_PARALLEL);
    const seeded = await seed(seedClient, log);
    seedClient.close();
    log(`seeded ${PAGES} pages in ${ITEMS} items in ${seeded.seconds.toFixed(0)} s; rebuilding the index from scratch`);

    const rebuild = await rebuildMs(server);
    const searchDb = path.join(server.dataDir, 'search.db');
    const indexBytes = fileSize(searchDb) + fileSize(`${searchDb}-wal`);
    log(`${rebuild.logged}; restarting on the built index, ${REST_SECONDS} s idle before reading the memory`);
    await server.stop();
    await server.start();
    await new Promise((resolve) => setTimeout(resolve, REST_SECONDS * 1000));
    const rssAtRest = residentBytes(server.pid);
    const timings = await timeQueries(server, cookie, seeded.itemIds[0]);
    const rssAfterQueries = residentBytes(server.pid);
    const indexRss = rssAfterQueries - rssAtRest;

    const spread = (n: number) => (n * 7919) % PAGES;
    const saves: (ConcurrentResult & { clients: number; cpuMsPerSave: number; behindMs: number })[] = [];
    for (const clients of SAVE_CLIENTS) {
      const cpuBefore = cpuMs(server.pid);
      const result = await concurrent(
        {
          url: `${server.baseUrl}/api/page/save`,
          cookie,
          expect: '"error_code":0',
          body: (n) => {
            const p = spread(n);
            return form({
              item_id: seeded.itemIds[Math.floor(p / PAGES_PER_ITEM) % ITEMS],
              page_id: seeded.pageIds[p],
              page_title: pageTitle(p),
              page_content: `${pageText(p + n)} edit ${n}`,
            });
          },
        },
        clients,
        SECONDS,
      );
      const cpuMsPerSave = (cpuMs(server.pid) - cpuBefore) / result.requests;
      saves.push({ ...result, clients, cpuMsPerSave, behindMs: await indexBehindMs(server, cookie) });
    }

    const all = timings.flatMap((t) => t.samples);
    const p50 = percentile(all, 0.5);
    const p95 = percentile(all, 0.95);
    console.log(`\nSearch — embedded, SQLite FTS5: ${PAGES} pages of ~${(PAGE_BYTES / 1000).toFixed(0)} KB (a third Chinese) in ${ITEMS} items, raw text ${mb(seeded.textBytes)}`);
    console.log(`seeding through the HTTP API (page/save with indexing, ${SEED_PARALLEL} clients): ${seeded.seconds.toFixed(0)} s, ${(PAGES / seeded.seconds).toFixed(0)} pages/s`);
    console.log(`index build from scratch (search.db deleted; spawn → "${rebuild.logged}"): ${(rebuild.ms / 1000).toFixed(1)} s`);
    console.log(`search.db on disk: ${mb(indexBytes)} (${(indexBytes / seeded.textBytes).toFixed(2)}× the raw text)`);
    console.log(
      `resident memory: ${mb(rssAtRest)} at rest after a restart on the built index, ${mb(rssAfterQueries)} after the queries: the index adds ${mb(indexRss)} (${(indexRss / seeded.textBytes).toFixed(2)}× the raw text; it stays on disk, only SQLite's page cache and the stems are resident)`,
    );
    console.log(`\nquery (${QUERY_ROUNDS} runs each, one at a time) | hits    | p50 ms | max ms | server took_ms`);
    console.log('----------------------------------------|---------|--------|--------|---------------');
    for (const t of timings) {
      console.log(
        `${t.keyword.padEnd(39)} | ${String(t.total).padStart(7)} | ${percentile(t.samples, 0.5).toFixed(1).padStart(6)} | ${Math.max(...t.samples)
          .toFixed(1)
          .padStart(6)} | ${String(t.tookMs).padStart(14)}`,
      );
    }
    console.log(`all ${all.length} queries: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`);
    console.log(`\npage/save with indexing | clients |    req/s | p50 ms | p99 ms | CPU ms/save | errors | index behind at the end, ms`);
    console.log('------------------------|---------|----------|--------|--------|-------------|--------|----------------------------');
    for (const s of saves)
      console.log(
        `${'page/save'.padEnd(23)} | ${String(s.clients).padStart(7)} | ${s.rps.toFixed(0).padStart(8)} | ${String(s.p50).padStart(6)} | ${String(s.p99).padStart(6)} | ${s.cpuMsPerSave.toFixed(2).padStart(11)} | ${String(s.errors).padStart(6)} | ${String(s.behindMs).padStart(27)}`,
      );

    const goals: [string, boolean][] = [
      [`query p95 through the gateway < ${GOALS.queryP95Ms} ms: ${p95.toFixed(1)} ms`, p95 < GOALS.queryP95Ms],
      [`resident memory added by the index ≤ ${GOALS.memoryPerText}× the raw text: ${(indexRss / seeded.textBytes).toFixed(2)}×`, indexRss <= GOALS.memoryPerText * seeded.textBytes],
      ...saves.map((s): [string, boolean] => [`page/save with indexing ≥ ${GOALS.savesPerSecond}/s with ${s.clients} clients: ${s.rps.toFixed(0)}/s`, s.rps >= GOALS.savesPerSecond]),
      ['no errors', saves.every((s) => s.errors === 0)],
    ];
    const allMet = printGoals(goals);
    console.log(`\nsearch bench finished in ${((Date.now() - benchStarted) / 1000).toFixed(0)} s${allMet ? '' : ' — some goals were missed'}`);
  } finally {
    await server.dispose();
  }
}

main().catch((error: Error) => {
  console.error(error);
  process.exit(1);
});
