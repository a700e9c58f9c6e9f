import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ApiEnvelope } from '@quire/testing';
import type { ApiResyncSummary, PageHistoryRow, RegularItemInfo } from '@quire/proto';
import { cpuMs, embedded, residentBytes } from './bench-targets';
import { mb, printGoals } from './bench-format';

/**
 * `npm run bench` (API import part, issue 19): GitHub's REST description (`@octokit/openapi`'s api.github.com.json,
 * about 1,000 operations, 13 MB) uploaded to `importSwagger/import` of the embedded app (its own process) over HTTP:
 * the wall time of the call and the server's peak resident memory (the kernel's high-water mark of its process).
 * Then, once the server is idle again, re-syncs with no change: from the remembered upload (the same text: nothing read
 * past its hash), and with the same document in another layout uploaded (every operation compared with its page);
 * neither may write a history version.
 */
const GOALS = { importSeconds: 30, rssBytes: 600 * 1024 * 1024, resyncSeconds: 5 };
const DOCUMENT = path.join(path.dirname(require.resolve('@octokit/openapi/package.json')), 'generated', 'api.github.com.json');

/** The kernel's high-water mark of a process's resident memory (Linux /proc). */
function peakResidentBytes(pid: number): number {
  const match = /^VmHWM:\s+(\d+) kB$/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no VmHWM for process ${pid}`);
  return Number(match[1]) * 1024;
}

/** Waits until the server is idle (under 10% of a core for a second: the search index has taken in the new pages); the seconds waited. */
async function settle(pid: number): Promise<number> {
  const started = Date.now();
  for (let before = cpuMs(pid); Date.now() - started < 120_000;) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = cpuMs(pid);
    if (now - before < 100) break;
    before = now;
  }
  return (Date.now() - started) / 1000;
}

async function main(): Promise<void> {
  const benchStarted = Date.now();
  const text = fs.readFileSync(DOCUMENT);
  const target = await embedded();
  try {
    const pid = target.pid!;
    const headers = { cookie: target.cookie, origin: target.baseUrl };
    const call = async <T>(route: string, body: FormData | URLSearchParams): Promise<{ data: T; seconds: number }> => {
      const started = Date.now();
      const response = await fetch(`${target.baseUrl}/api/${route}`, { method: 'POST', headers, body });
      const envelope = (await response.json()) as ApiEnvelope<T>;
      const seconds = (Date.now() - started) / 1000;
      if (envelope.error_code !== 0) throw new Error(`${route} answered ${JSON.stringify(envelope).slice(0, 500)}`);
      return { data: envelope.data as T, seconds };
    };
    const upload = (params: Record<string, string>, body: Buffer | string = text) => {
      const form = new FormData();
      for (const [key, value] of Object.entries(params)) form.append(key, value);
      form.append('file', new Blob([body]), 'api.github.com.json');
      return form;
    };
    const baseline = residentBytes(pid);

    const imported = await call<{ item_id: number }>('importSwagger/import', upload({}));
    const peak = peakResidentBytes(pid);
    const itemId = imported.data.item_id;
    const info = await call<RegularItemInfo>('item/info', new URLSearchParams({ item_id: String(itemId) }));
    const pageIds: number[] = [];
    const walk = (catalogs: RegularItemInfo['menu']['catalogs']) =>
      catalogs.forEach((catalog) => (pageIds.push(...catalog.pages.map((page) => Number(page.page_id))), walk(catalog.catalogs ?? [])));
    walk(info.data.menu.catalogs);
    pageIds.push(...info.data.menu.pages.map((page) => Number(page.page_id)));

    const settled = await settle(pid);
    const remembered = await call<ApiResyncSummary>('importApi/resync', new URLSearchParams({ item_id: String(itemId) }));
    // The same operations in another text (as a generator that orders keys differently writes it): every one compared with its page.
    const reformatted = JSON.stringify(JSON.parse(text.toString('utf8')), null, 1);
    const uploaded = await call<ApiResyncSummary>('importApi/resync', upload({ item_id: String(itemId) }, reformatted));
    const peakAfter = peakResidentBytes(pid);

    // No history: every 20th page's versions, and the item's re-sync summaries.
    let versions = 0;
    for (const pageId of pageIds.filter((_, index) => index % 20 === 0)) {
      versions += (await call<PageHistoryRow[]>('page/history', new URLSearchParams({ page_id: String(pageId) }))).data.length;
    }
    const summaries = (await call<ApiResyncSummary[]>('importApi/history', new URLSearchParams({ item_id: String(itemId) }))).data.length;
    const catalogs = info.data.menu.catalogs.length;

    console.log(`\nAPI import — embedded over HTTP: GitHub's REST description (@octokit/openapi api.github.com.json, ${mb(text.length)})`);
    console.log('\nstep                                   | wall s | pages | server peak RSS');
    console.log('---------------------------------------|--------|-------|----------------');
    console.log(
      `${'importSwagger/import (upload)'.padEnd(38)} | ${imported.seconds.toFixed(1).padStart(6)} | ${String(pageIds.length).padStart(5)} | ${mb(peak).padStart(8)} (idle ${mb(baseline)})`,
    );
    console.log(`(the server was idle again ${settled.toFixed(0)} s after the import: the search index took in the pages)`);
    console.log(`${'importApi/resync, remembered upload'.padEnd(38)} | ${remembered.seconds.toFixed(1).padStart(6)} | ${'-'.padStart(5)} |`);
    console.log(`${'importApi/resync, reformatted upload'.padEnd(38)} | ${uploaded.seconds.toFixed(1).padStart(6)} | ${'-'.padStart(5)} | ${mb(peakAfter).padStart(8)}`);
    console.log(`${catalogs} top-level catalogs; history versions on ${Math.ceil(pageIds.length / 20)} sampled pages after the re-syncs: ${versions}; re-sync summaries kept: ${summaries}`);

    const unchanged = (summary: ApiResyncSummary) => summary.unchanged && summary.added.length + summary.changed.length + summary.removed.length === 0;
    const allMet = printGoals([
      [`${pageIds.length} operations imported under ${GOALS.importSeconds} s: ${imported.seconds.toFixed(1)} s`, imported.seconds < GOALS.importSeconds && pageIds.length > 900],
      [`server peak memory under ${mb(GOALS.rssBytes)}: ${mb(peak)} (after the re-syncs: ${mb(peakAfter)})`, Math.max(peak, peakAfter) < GOALS.rssBytes],
      [
        `re-sync with no change under ${GOALS.resyncSeconds} s: ${remembered.seconds.toFixed(2)} s remembered, ${uploaded.seconds.toFixed(1)} s reformatted upload`,
        remembered.seconds < GOALS.resyncSeconds && uploaded.seconds < GOALS.resyncSeconds,
      ],
      [
        `nothing written by them: both unchanged, ${versions} history versions, ${summaries} summaries`,
        unchanged(remembered.data) && unchanged(uploaded.data) && versions === 0 && summaries === 0,
      ],
    ]);
    console.log(`\nAPI import bench finished in ${((Date.now() - benchStarted) / 1000).toFixed(0)} s${allMet ? '' : ' — some goals were missed'}`);
  } finally {
    await target.stop();
  }
}

main().catch((error: Error) => {
  console.error(error);
  process.exit(1);
});
