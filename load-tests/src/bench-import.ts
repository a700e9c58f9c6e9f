import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { freePort } from '@quire/testing';
import { ADMIN_PASSWORD } from './bench-targets';
import { writeShowdocDatabase } from './showdoc-fixture';
import { mb, printGoals } from './bench-format';

/**
 * `npm run bench` (ShowDoc import part, issue 16): a generated ShowDoc database of 10,000 pages (ShowDoc's own
 * schema and rows, history and members included) imported by `npm run import:showdoc` into a fresh embedded
 * DATA_DIR, as an operator runs it with Quire stopped. Prints the wall time of the command (boot included) and its
 * peak resident memory, which the command reports itself (the kernel's high-water mark of its process); then the
 * same for a second run over the same DATA_DIR, which must add nothing. BENCH_IMPORT_PAGES=2000 (say) makes a
 * quick run.
 */
const PAGES = Number(process.env.BENCH_IMPORT_PAGES ?? 10_000);
const ITEMS = 20;
const USERS = 50;
const GOALS = { seconds: 60, rssBytes: 500 * 1024 * 1024 };
const ROOT = path.resolve(__dirname, '..', '..');

interface Counts {
  imported: number;
  existing: number;
  skipped: number;
  failed: number;
}

interface Run {
  seconds: number;
  /** The command's own figure: its process's peak resident memory. */
  peakRssBytes: number;
  counts: Record<string, Counts>;
}

/** `node scripts/import-showdoc.js --db <file> --report <file>` (what `npm run import:showdoc` runs) on DATA_DIR. */
function runImport(env: Record<string, string>, db: string, report: string): Promise<Run> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'scripts', 'import-showdoc.js'), '--db', db, '--report', report], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const seconds = (Date.now() - started) / 1000;
      const peak = /^Finished in [\d.]+ s, peak memory (\d+) MB$/m.exec(stdout);
      if (code !== 0 || !peak) return reject(new Error(`the import exited with ${code}:\n${stdout.slice(-3000)}`));
      const counts = (JSON.parse(fs.readFileSync(report, 'utf8')) as { counts: Record<string, Counts> }).counts;
      resolve({ seconds, peakRssBytes: Number(peak[1]) * 1024 * 1024, counts });
    });
  });
}

async function main(): Promise<void> {
  const benchStarted = Date.now();
  const log = (line: string) => console.log(`  … ${line}`);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-bench-import-'));
  const dataDir = path.join(root, 'data');
  try {
    const generated = Date.now();
    const source = writeShowdocDatabase({ file: path.join(root, 'showdoc.db.php'), pages: PAGES, items: ITEMS, users: USERS });
    log(`wrote the ShowDoc database in ${((Date.now() - generated) / 1000).toFixed(1)} s`);
    const env = { DATA_DIR: dataDir, PORT: String(await freePort()), HOST: '127.0.0.1', QUIRE_ADMIN_PASSWORD: ADMIN_PASSWORD };

    const first = await runImport(env, source.file, path.join(root, 'first.json'));
    log(`imported in ${first.seconds.toFixed(1)} s; running it again over the same DATA_DIR`);
    const again = await runImport(env, source.file, path.join(root, 'again.json'));
    const quireBytes = ['quire.db', 'quire.db-wal'].reduce((sum, file) => sum + (fs.existsSync(path.join(dataDir, file)) ? fs.statSync(path.join(dataDir, file)).size : 0), 0);

    console.log(
      `\nShowDoc import — embedded, npm run import:showdoc into a fresh DATA_DIR: ${source.pages} pages, ${source.history} history versions, ${source.catalogs} catalogs in ${source.items} items, ${source.users} users, ${source.members} members (${mb(source.bytes)} showdoc.db.php)`,
    );
    console.log(`\nrun                          | wall s | peak RSS | users | items | catalogs |    pages |  history | failed`);
    console.log('-----------------------------|--------|----------|-------|-------|----------|----------|----------|-------');
    const failedOf = (run: Run) => Object.values(run.counts).reduce((sum, count) => sum + count.failed, 0);
    for (const [name, run] of [
      ['first import', first],
      ['again, same DATA_DIR', again],
    ] as const) {
      const n = (kind: string) => `${run.counts[kind].imported}+${run.counts[kind].existing}`;
      console.log(
        `${name.padEnd(28)} | ${run.seconds.toFixed(1).padStart(6)} | ${mb(run.peakRssBytes).padStart(8)} | ${n('user').padStart(5)} | ${n('item').padStart(5)} | ${n('catalog').padStart(8)} | ${n('page').padStart(8)} | ${n('history').padStart(8)} | ${String(failedOf(run)).padStart(6)}`,
      );
    }
    console.log('(counts: imported+already there)');
    console.log(`Quire's database after the import: ${mb(quireBytes)} (quire.db + WAL)`);

    const goals: [string, boolean][] = [
      [`${source.pages} pages imported under ${GOALS.seconds} s: ${first.seconds.toFixed(1)} s`, first.seconds < GOALS.seconds],
      [
        `peak memory of the import under ${mb(GOALS.rssBytes)}: ${mb(first.peakRssBytes)} (again: ${mb(again.peakRssBytes)})`,
        Math.max(first.peakRssBytes, again.peakRssBytes) < GOALS.rssBytes,
      ],
      [
        `every page and history version imported once: ${first.counts.page.imported} pages, ${first.counts.history.imported} versions; the second run ${again.counts.page.imported + again.counts.history.imported} new`,
        first.counts.page.imported === source.pages && first.counts.history.imported === source.history && again.counts.page.imported + again.counts.history.imported === 0,
      ],
      ['nothing failed', failedOf(first) + failedOf(again) === 0],
    ];
    const allMet = printGoals(goals);
    console.log(`\nimport bench finished in ${((Date.now() - benchStarted) / 1000).toFixed(0)} s${allMet ? '' : ' — some goals were missed'}`);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
    // The secret key file the app made beside its DATA_DIR.
    fs.rmSync(`${dataDir}.key`, { force: true });
  }
}

main().catch((error: Error) => {
  console.error(error);
  process.exit(1);
});
