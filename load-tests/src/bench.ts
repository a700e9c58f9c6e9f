import { bareExpress, distributed, embedded, type BenchTarget } from './bench-targets';
import { GOALS, HISTORY_PAGES, HISTORY_VERSIONS, runContentBench, type ContentReport } from './content-bench';
import { concurrent, sequential, type ConcurrentResult, type SequentialResult } from './http-measure';
import { mb, printGoals } from './bench-format';

/**
 * `npm run bench`:
 * 1. `POST /api/user/info` through the gateway, embedded and distributed, against a bare express
 *    handler: sequential latency shows what each layer adds to one request, the concurrent run
 *    shows throughput.
 * 2. Content (issue 3): page/info, item/info of 500 pages in 50 catalogs, a keyword search over
 *    5,000 pages and page/save on the embedded process, each beside a bare express handler
 *    answering the same body, and the process's resident memory holding 5,000 pages with 20
 *    versions each.
 */
const SEQUENTIAL_REQUESTS = 2000;
const CONCURRENT_CONNECTIONS = 10;
const CONCURRENT_SECONDS = 5;
const USER_INFO_BODY = JSON.stringify({ error_code: 0, data: { uid: 1, username: 'showdoc', groupid: 1 } });

interface Row extends ConcurrentResult {
  target: string;
  seq: SequentialResult;
}

const fmt = (n: number, width = 8) => n.toFixed(2).padStart(width);

async function measureUserInfo(start: () => Promise<BenchTarget>, route: string): Promise<Row> {
  const target = await start();
  try {
    const journey = { url: target.baseUrl + route, cookie: target.cookie, expect: '"error_code":0' };
    const seq = await sequential(journey, SEQUENTIAL_REQUESTS);
    return { target: target.name, seq, ...(await concurrent(journey, CONCURRENT_CONNECTIONS, CONCURRENT_SECONDS)) };
  } finally {
    await target.stop();
  }
}

async function userInfoSection(): Promise<void> {
  const rows = [
    await measureUserInfo(() => bareExpress({ '/api/user/info': USER_INFO_BODY }), '/api/user/info'),
    await measureUserInfo(embedded, '/api/user/info'),
    await measureUserInfo(distributed, '/api/user/info'),
  ];
  console.log(`\nPOST /api/user/info — ${SEQUENTIAL_REQUESTS} sequential requests; then ${CONCURRENT_CONNECTIONS} connections for ${CONCURRENT_SECONDS} s`);
  console.log('target               | seq p50 ms | seq p99 ms |    req/s | p50 ms | p99 ms | errors');
  console.log('---------------------|------------|------------|----------|--------|--------|-------');
  for (const r of rows) {
    console.log(
      `${r.target.padEnd(20)} | ${fmt(r.seq.p50)}   | ${fmt(r.seq.p99)}   | ${r.rps.toFixed(0).padStart(8)} | ${String(r.p50).padStart(6)} | ${String(r.p99).padStart(6)} | ${r.errors}`,
    );
  }
  console.log(`\nembedded adds ${(rows[1].seq.p50 - rows[0].seq.p50).toFixed(2)} ms p50 over a bare express handler (goal: under 1 ms)`);
}

function printContent(report: ContentReport): boolean {
  console.log(`\nContent on the embedded process — sequential requests, then ${CONCURRENT_CONNECTIONS} connections for ${CONCURRENT_SECONDS} s; bare = express answering the same body`);
  console.log('journey                              | body KB | quire req/s | bare req/s | ratio | quire seq p50 | bare seq p50 | quire p50/p99 | errors');
  console.log('-------------------------------------|---------|-------------|------------|-------|---------------|--------------|---------------|-------');
  for (const r of report.rows) {
    console.log(
      `${r.name.padEnd(36)} | ${(r.responseBytes / 1024).toFixed(1).padStart(7)} | ${r.quire.rps.toFixed(0).padStart(11)} | ${r.bare.rps.toFixed(0).padStart(10)} | ${(r.ratio * 100).toFixed(0).padStart(4)}% | ${fmt(r.quire.seq.p50, 10)} ms | ${fmt(r.bare.seq.p50, 9)} ms | ${`${r.quire.p50}/${r.quire.p99} ms`.padStart(13)} | ${r.quire.errors + r.bare.errors}`,
    );
  }
  const { seeding } = report;
  console.log(
    `\nseeding: 500 pages by the open API in ${seeding.menuSeconds.toFixed(1)} s; ${seeding.historySaves} page/save calls in ${seeding.historySeconds.toFixed(1)} s (${(seeding.historySaves / seeding.historySeconds).toFixed(0)}/s)`,
  );
  console.log(
    `resident memory (RSS) holding ${HISTORY_PAGES} pages × ${HISTORY_VERSIONS} versions: ${mb(report.rssAtRest)} at rest; under load ${mb(report.rssPeakSeeding)} peak while seeding, ${mb(report.rssAfterSeeding)} after seeding, ${mb(report.rssAfterBench)} after the benchmark`,
  );

  const [pageInfo, itemInfo, search, save] = report.rows;
  const goals: [string, boolean][] = [
    [`page/info ≥ ${GOALS.readRatio * 100}% of bare: ${(pageInfo.ratio * 100).toFixed(0)}%`, pageInfo.ratio >= GOALS.readRatio],
    [`item/info ≥ ${GOALS.readRatio * 100}% of bare: ${(itemInfo.ratio * 100).toFixed(0)}%`, itemInfo.ratio >= GOALS.readRatio],
    // Judged on one searcher's latency; under load p50 is bound by throughput, so it is shown beside it.
    [
      `search p50 < ${GOALS.searchP50Ms} ms (one searcher): ${search.quire.seq.p50.toFixed(1)} ms; ${search.quire.p50} ms p50 under ${CONCURRENT_CONNECTIONS} connections, ${(search.ratio * 100).toFixed(0)}% of bare`,
      search.quire.seq.p50 < GOALS.searchP50Ms,
    ],
    [`page/save ≥ ${GOALS.savesPerSecond}/s: ${save.quire.rps.toFixed(0)}/s`, save.quire.rps >= GOALS.savesPerSecond],
    // Judged holding the data at rest; the peak under the write burst is shown beside it, not hidden.
    [`RSS < ${mb(GOALS.rssBytes)} holding the data at rest: ${mb(report.rssAtRest)} (peak under the write burst ${mb(report.rssPeakSeeding)})`, report.rssAtRest < GOALS.rssBytes],
    ['no errors', report.rows.every((r) => r.quire.errors + r.bare.errors === 0)],
  ];
  return printGoals(goals);
}

async function main(): Promise<void> {
  const started = Date.now();
  await userInfoSection();
  const report = await runContentBench((line) => console.log(`  … ${line}`));
  const allMet = printContent(report);
  console.log(`\nbench finished in ${((Date.now() - started) / 1000).toFixed(0)} s${allMet ? '' : ' — some goals were missed'}`);
}

main().catch((error: Error) => {
  console.error(error);
  process.exit(1);
});
