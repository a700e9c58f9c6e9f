import { CoEditor } from '@quire/e2e';
import { eventually } from '@quire/testing';
import { mb, printGoals } from './bench-format';
import { cpuMs, embedded, residentBytes, type BenchTarget } from './bench-targets';
import { SeedClient } from './content-seed';

/** Editors typing into one page at once, and documents held open by one process. */
const EDITORS = 20;
const UPDATES_PER_EDITOR = 10;
const OPEN_DOCUMENTS = 200;
const GOAL_P95_MS = 100;

/** Opens a page in a live editor as the target's signed-in browser would, once it holds the server's state. */
function openEditor(target: BenchTarget, pageId: number): Promise<CoEditor> {
  const cookies = new Map(target.cookie.split('; ').map((pair): [string, string] => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]));
  return new CoEditor({ baseUrl: target.baseUrl, cookies }, pageId).ready(30_000);
}

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/**
 * Update latency: each editor in turn inserts a unique marker; the time from the insert until every
 * other editor's text holds it. Done one update at a time, so each is measured alone.
 */
async function measureLatency(editors: CoEditor[]): Promise<number[]> {
  const latencies: number[] = [];
  for (let round = 0; round < UPDATES_PER_EDITOR; round++) {
    for (const [index, editor] of editors.entries()) {
      const marker = `[${index}.${round}]`;
      const others = editors.filter((other) => other !== editor);
      const started = performance.now();
      const arrived = Promise.all(
        others.map(
          (other) =>
            new Promise<void>((resolve) => {
              const check = () => {
                if (other.toString().includes(marker)) {
                  other.text.unobserve(check);
                  resolve();
                }
              };
              other.text.observe(check);
            }),
        ),
      );
      editor.text.insert(editor.text.length, marker);
      await arrived;
      latencies.push(performance.now() - started);
    }
  }
  return latencies.sort((a, b) => a - b);
}

async function bench(target: BenchTarget): Promise<boolean> {
  if (target.pid === undefined) throw new Error('the bench needs the server process id');
  const seed = new SeedClient(target.baseUrl, target.cookie, 8);
  const item = await seed.post<{ item_id: number }>('/api/item/add', { item_name: 'Co-editing bench', item_type: 1, item_description: '' });
  const pageIds: number[] = [];
  for (let i = 0; i < OPEN_DOCUMENTS; i++) {
    const page = await seed.post<{ page_id: number }>('/api/page/save', {
      item_id: item.item_id,
      page_title: `Page ${i}`,
      page_content: `# Page ${i}\n\n${'Some text of the page. '.repeat(40)}\n`,
      cat_id: 0,
    });
    pageIds.push(page.page_id);
  }
  seed.close();

  console.log(`\nco-editing bench (${target.name}): ${EDITORS} editors on one page, ${OPEN_DOCUMENTS} documents open on one process\n`);
  const editors: CoEditor[] = [];
  for (let i = 0; i < EDITORS; i++) editors.push(await openEditor(target, pageIds[0]));
  const cpuBefore = cpuMs(target.pid);
  const latencies = await measureLatency(editors);
  const updates = latencies.length;
  const cpuPerUpdate = (cpuMs(target.pid) - cpuBefore) / updates;
  const p50 = percentile(latencies, 50);
  const p95 = percentile(latencies, 95);
  // The last update has reached everyone (measureLatency waited for it): every text must be the same.
  const converged = await eventually(() => (editors.every((editor) => editor.toString() === editors[0].toString()) ? true : undefined), 'the editors to converge', 5_000).catch(() => false);
  for (const editor of editors) editor.destroy();
  console.log(
    `update latency, one editor to the other ${EDITORS - 1} (${updates} updates): p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${latencies[latencies.length - 1].toFixed(1)} ms`,
  );
  console.log(`server CPU per update (one in, ${EDITORS - 1} out): ${cpuPerUpdate.toFixed(2)} ms; all editors ended with the same text: ${converged ? 'yes' : 'NO'}`);

  // Memory: each further document open in an editor of its own (its connection included).
  const rssBefore = residentBytes(target.pid);
  const open: CoEditor[] = [];
  for (const pageId of pageIds.slice(1)) open.push(await openEditor(target, pageId));
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const rssAfter = residentBytes(target.pid);
  const perDocument = (rssAfter - rssBefore) / open.length;
  for (const editor of open) editor.destroy();
  console.log(`${open.length} more documents open: server RSS ${mb(rssBefore)} → ${mb(rssAfter)}, ${(perDocument / 1024).toFixed(0)} KB per open document`);

  return printGoals([
    [`update latency p95 under ${GOAL_P95_MS} ms on loopback (${p95.toFixed(1)} ms)`, p95 < GOAL_P95_MS],
    ['every editor ends with the same text', converged],
  ]);
}

const run = async () => {
  const started = Date.now();
  const target = await embedded();
  let allMet: boolean;
  try {
    allMet = await bench(target);
  } finally {
    await target.stop();
  }
  console.log(`\nco-editing bench finished in ${((Date.now() - started) / 1000).toFixed(0)} s${allMet ? '' : ' — some goals were missed'}`);
};
run().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
