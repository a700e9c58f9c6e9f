import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { freePort, quireProcess, startNatsServer, startRedisServer, startS3Server, type QuireApp, type QuireProcess, type S3Server, type ServerProcess } from '@quire/testing';
import { printGoals } from './bench-format';

/**
 * `npm run bench` (export part): a 1,000-page item (tables, code, images) exported to Word in
 * embedded mode (one process, in-process queue) and distributed (gateway and services as
 * processes over NATS, the job on BullMQ on a real redis-server, files in S3). Prints the time
 * from export/start to a finished job and the export process's peak resident memory meanwhile;
 * then the time to export one page holding a 5 MB table (embedded). Then the same item to PDF and to the offline
 * HTML site (issue 22, embedded: headless Chromium drawing the reader's renderer), with the peak resident memory of
 * the exporting process and its Chromium together.
 *
 * BENCH_EXPORT_FORMATS runs some parts only, comma-separated: `word` (embedded and distributed, and the 5 MB table),
 * `word-embedded`, `pdf`, `html`; e.g. `BENCH_EXPORT_FORMATS=pdf,html node load-tests/dist/bench-export.js`.
 */
const PAGES = 1000;
const CATALOGS = 10;
const IMAGES = 8;
const GOALS = { seconds: 15, rssMb: 400, hugeTableSeconds: 25, pdfSeconds: 60, pdfRssMb: 1024, htmlSeconds: 20 };
/** Rows of the one-page table export: 160,000 rows make a page of more than 5 MB. */
const HUGE_TABLE_ROWS = 160_000;
const ADMIN_PASSWORD = 'bench-export-admin';

interface Target {
  name: string;
  baseUrl: string;
  /** The process that runs the export job (its memory is measured). */
  worker: QuireProcess;
  stop(): Promise<void>;
}

type Format = 'word' | 'pdf' | 'html';

interface Result {
  target: string;
  format: Format;
  seedSeconds: number;
  exportSeconds: number;
  peakRssMb: number;
  baselineRssMb: number;
  docxKb: number;
}

const PNG_HEAD = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==', 'base64');

async function embedded(): Promise<Target> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-bench-export-'));
  const app = quireProcess('embedded', {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    QUIRE_ADMIN_PASSWORD: ADMIN_PASSWORD,
    RATE_LIMIT_PER_MINUTE: '100000',
    REQUEST_TIMEOUT_MS: '60000',
  });
  await app.start();
  return {
    name: 'embedded (in-process queue)',
    baseUrl: `http://127.0.0.1:${port}`,
    worker: app,
    stop: async () => {
      await app.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function distributed(): Promise<Target> {
  const [nats, redis]: ServerProcess[] = await Promise.all([startNatsServer({ jetstream: true }), startRedisServer()]);
  const s3: S3Server = await startS3Server();
  const port = await freePort();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-bench-export-dist-'));
  const secretKey = randomBytes(32).toString('base64');
  const env = (app: string): Record<string, string> => ({
    QUIRE_SECRET_KEY: secretKey,
    NATS_URL: nats.url,
    REDIS_URL: redis.url,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(root, app),
    QUIRE_ADMIN_PASSWORD: ADMIN_PASSWORD,
    RATE_LIMIT_PER_MINUTE: '100000',
    REQUEST_TIMEOUT_MS: '60000',
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY: s3.accessKey,
    S3_SECRET_KEY: s3.secretKey,
    S3_BUCKET: s3.bucket,
    S3_REGION: s3.region,
  });
  // Login reads the site's settings from the admin service.
  const services: QuireApp[] = ['auth', 'admin', 'item', 'page', 'export'];
  const apps = new Map<QuireApp, QuireProcess>(services.map((app) => [app, quireProcess(app, env(app))]));
  apps.set('gateway', quireProcess('gateway', env('gateway')));
  await Promise.all([...apps.values()].map((app) => app.start()));
  return {
    name: 'distributed (NATS, BullMQ on redis-server, S3)',
    baseUrl: `http://127.0.0.1:${port}`,
    worker: apps.get('export') as QuireProcess,
    stop: async () => {
      await Promise.all([...apps.values()].map((app) => app.stop()));
      await Promise.all([nats.dispose(), redis.dispose(), s3.stop()]);
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

/** Calls that may be sent again: the loaded machine can drop a connection or answer 10503 for a moment. */
const RETRIED_ROUTES = new Set(['user/login', 'export/status']);
const RETRIES = 10;

/** A dropped connection (ECONNRESET, the server closing a kept-alive socket) or a server busy for a moment (10503). */
function transient(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const text = `${String(error)} ${cause?.code ?? ''} ${cause?.message ?? ''}`;
  return /fetch failed|ECONNRESET|UND_ERR_SOCKET|other side closed|: 10503 /.test(text);
}

/** A logged-in browser: the session cookie on every call. */
class Session {
  private cookie = '';

  constructor(private readonly baseUrl: string) {}

  async login(): Promise<void> {
    const data = await this.post<{ user_token?: string }>('user/login', { username: 'showdoc', password: ADMIN_PASSWORD });
    if (!data.user_token) throw new Error(`login failed: ${JSON.stringify(data)}`);
    this.cookie = `cookie_token=${data.user_token}`;
  }

  /** Login and status polls are tried again on a transient failure (see `transient`); other calls fail at once. */
  async post<T>(route: string, params: Record<string, string | number>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.postOnce<T>(route, params);
      } catch (error) {
        if (!RETRIED_ROUTES.has(route) || attempt >= RETRIES || !transient(error)) throw error;
        console.warn(`${this.baseUrl} ${route}: ${String(error)}; trying again`);
        await new Promise((resolve) => setTimeout(resolve, 1000 * attempt));
      }
    }
  }

  private async postOnce<T>(route: string, params: Record<string, string | number>): Promise<T> {
    const response = await fetch(`${this.baseUrl}/api/${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: this.cookie, origin: this.baseUrl },
      body: new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])),
    });
    return unwrap<T>(route, await response.json());
  }

  async upload(itemId: number, bytes: Buffer): Promise<string> {
    const form = new FormData();
    form.set('item_id', String(itemId));
    form.set('editormd-image-file', new Blob([bytes], { type: 'image/png' }), 'shot.png');
    const response = await fetch(`${this.baseUrl}/api/page/uploadImg`, { method: 'POST', headers: { cookie: this.cookie, origin: this.baseUrl }, body: form });
    const body = (await response.json()) as { success?: number; url?: string };
    if (body.success !== 1 || !body.url) throw new Error(`upload failed: ${JSON.stringify(body)}`);
    return body.url;
  }

  async download(route: string, params: Record<string, string>): Promise<Buffer> {
    const response = await fetch(`${this.baseUrl}/api/${route}?${new URLSearchParams(params).toString()}`, { headers: { cookie: this.cookie } });
    const body = Buffer.from(await response.arrayBuffer());
    if (!/officedocument|application\/pdf|application\/zip/.test(response.headers.get('content-type') ?? '')) throw new Error(`download failed: ${body.toString('utf8').slice(0, 300)}`);
    return body;
  }
}

function unwrap<T>(route: string, envelope: unknown): T {
  const { error_code, data, error_message } = envelope as { error_code: number; data: T; error_message?: string };
  if (error_code !== 0) throw new Error(`${route}: ${error_code} ${error_message ?? ''}`);
  return data;
}

function pageContent(index: number, images: string[]): string {
  const rows = Array.from({ length: 12 }, (_, r) => `| field_${r} | ${r % 2 ? 'string' : 'int'} | ${r % 3 ? 'yes' : 'no'} | 第 ${r} 个字段的说明 |`).join('\n');
  const parts = [
    `Endpoint **${index}** returns the resource described below. 这是第 ${index} 个接口。`,
    `| Parameter | Type | Required | Description |\n|---|---|---|---|\n${rows}`,
    '- first point\n- second point\n  1. nested\n  2. steps',
  ];
  if (index % 3 === 0) parts.push('```javascript\nfetch("/api/item/info", { method: "POST" })\n  .then((r) => r.json())\n  .then(console.log);\n```');
  if (index % 5 === 0) parts.push(`![diagram ${index}](${images[index % images.length]})`);
  return parts.join('\n\n');
}

async function inBatches(count: number, concurrency: number, work: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

/** Proportional set size of a process in bytes (its share of shared pages), or 0. */
function pss(pid: number): number {
  try {
    const match = /^Pss:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Resident memory of a process in bytes (Linux /proc), or 0 elsewhere. */
function rss(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/**
 * Memory of a process and all its descendants (the export worker and the Chromium it launched), as their
 * proportional set sizes: Chromium's processes share much of their memory, which summed RSS would count again each time.
 */
function treeRss(pid: number | undefined): number {
  if (!pid) return 0;
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  let total = 0;
  const walk = (id: number): void => {
    total += pss(id);
    for (const child of children.get(id) ?? []) walk(child);
  };
  walk(pid);
  return total;
}

async function measure(start: () => Promise<Target>, formats: Format[] = ['word']): Promise<Result[]> {
  const target = await start();
  try {
    const session = new Session(target.baseUrl);
    await session.login();
    const seeded = Date.now();
    const { item_id: itemId } = await session.post<{ item_id: number }>('item/add', { item_type: 1, item_name: 'Bench export', item_description: '1,000 pages', password: '' });
    const catalogs: number[] = [];
    for (let c = 0; c < CATALOGS; c++) catalogs.push((await session.post<{ cat_id: number }>('catalog/save', { item_id: itemId, cat_name: `Module ${c + 1}`, parent_cat_id: 0 })).cat_id);
    const images: string[] = [];
    for (let i = 0; i < IMAGES; i++) images.push(await session.upload(itemId, Buffer.concat([PNG_HEAD, randomBytes(40_000)])));
    await inBatches(PAGES, 8, async (index) => {
      await session.post('page/save', {
        item_id: itemId,
        cat_id: catalogs[index % CATALOGS],
        page_title: `Endpoint ${index + 1}`,
        page_content: encodeURIComponent(pageContent(index + 1, images)),
        is_urlencode: 1,
      });
    });
    const seedSeconds = (Date.now() - seeded) / 1000;
    const pid = target.worker.pid();
    const results: Result[] = [];
    for (const format of formats) {
      // PDF and HTML launch a Chromium under the worker: the whole process tree is measured.
      const measureRss = format === 'word' ? rss : treeRss;
      const baseline = measureRss(pid);
      let peak = baseline;
      const sampler = setInterval(() => (peak = Math.max(peak, measureRss(pid))), format === 'word' ? 25 : 100);
      const started = Date.now();
      const { job_id } = await session.post<{ job_id: string }>('export/start', { item_id: itemId, format });
      for (;;) {
        const status = await session.post<{ state: string; error?: string }>('export/status', { job_id });
        if (status.state === 'completed') break;
        if (status.state === 'failed') throw new Error(`${format} export failed: ${status.error}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const exportSeconds = (Date.now() - started) / 1000;
      clearInterval(sampler);
      const file = await session.download('export/download', { job_id });
      results.push({ target: target.name, format, seedSeconds, exportSeconds, peakRssMb: peak / 1024 / 1024, baselineRssMb: baseline / 1024 / 1024, docxKb: file.length / 1024 });
    }
    return results;
  } finally {
    await target.stop();
  }
}

/**
 * The time from export/start to a finished job for an item of one page holding a table of more than
 * 5 MB, in embedded mode (the Word export keeps its first 5,000 rows with a note; a test checks that).
 */
async function measureHugeTable(): Promise<number> {
  const target = await embedded();
  try {
    const session = new Session(target.baseUrl);
    await session.login();
    const { item_id: itemId } = await session.post<{ item_id: number }>('item/add', { item_type: 1, item_name: 'Huge', item_description: '', password: '' });
    const rows = Array.from({ length: HUGE_TABLE_ROWS }, (_, i) => `| row ${i} | value ${i} | 说明 ${i} |`);
    await session.post('page/save', { item_id: itemId, cat_id: 0, page_title: 'Big table', page_content: `| A | B | C |\n|---|---|---|\n${rows.join('\n')}` });
    const started = Date.now();
    const { job_id } = await session.post<{ job_id: string }>('export/start', { item_id: itemId });
    for (;;) {
      const status = await session.post<{ state: string; error?: string }>('export/status', { job_id });
      if (status.state === 'completed') break;
      if (status.state === 'failed') throw new Error(`export failed: ${status.error}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return (Date.now() - started) / 1000;
  } finally {
    await target.stop();
  }
}

async function main(): Promise<void> {
  console.log(`\nExports of a ${PAGES}-page item (${CATALOGS} catalogs, a 12-row table on every page, code on every 3rd, an image on every 5th of ${IMAGES})`);
  const only = process.env.BENCH_EXPORT_FORMATS?.split(',');
  const results: Result[] = [];
  if (!only || only.includes('word')) for (const start of [embedded, distributed]) results.push(...(await measure(start)));
  else if (only.includes('word-embedded')) results.push(...(await measure(embedded)));
  const rendered = (['pdf', 'html'] as const).filter((format) => !only || only.includes(format));
  if (rendered.length > 0) results.push(...(await measure(embedded, rendered)));
  console.log('target                                         | format | seed s | export s | peak RSS MB (before) | file KB');
  for (const r of results) {
    console.log(
      `${r.target.padEnd(46)} | ${r.format.padEnd(6)} | ${r.seedSeconds.toFixed(1).padStart(6)} | ${r.exportSeconds.toFixed(1).padStart(8)} | ${r.peakRssMb.toFixed(0).padStart(11)} (${r.baselineRssMb.toFixed(0).padStart(4)})   | ${r.docxKb.toFixed(0).padStart(8)}`,
    );
  }
  const goals: [string, boolean][] = results.flatMap((r): [string, boolean][] => {
    if (r.format === 'pdf') {
      return [
        [`${r.target}: PDF under ${GOALS.pdfSeconds} s (${r.exportSeconds.toFixed(1)} s)`, r.exportSeconds < GOALS.pdfSeconds],
        [`${r.target}: PDF peak memory (PSS) of the worker and its Chromium under ${GOALS.pdfRssMb} MB (${r.peakRssMb.toFixed(0)} MB)`, r.peakRssMb < GOALS.pdfRssMb],
      ];
    }
    if (r.format === 'html') return [[`${r.target}: HTML site under ${GOALS.htmlSeconds} s (${r.exportSeconds.toFixed(1)} s)`, r.exportSeconds < GOALS.htmlSeconds]];
    return [
      [`${r.target}: export under ${GOALS.seconds} s (${r.exportSeconds.toFixed(1)} s)`, r.exportSeconds < GOALS.seconds],
      [`${r.target}: peak RSS of the exporting process under ${GOALS.rssMb} MB (${r.peakRssMb.toFixed(0)} MB)`, r.peakRssMb < GOALS.rssMb],
    ];
  });
  if (!only || only.includes('word')) {
    const hugeTableSeconds = await measureHugeTable();
    goals.push([`embedded: a page with a 5 MB table exported under ${GOALS.hugeTableSeconds} s (${hugeTableSeconds.toFixed(1)} s)`, hugeTableSeconds < GOALS.hugeTableSeconds]);
  }
  const allMet = printGoals(goals);
  if (!allMet) console.log('some export goals were missed');
}

main().catch((error: Error) => {
  console.error(error);
  process.exit(1);
});
