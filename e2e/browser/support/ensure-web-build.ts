import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export const WEB_DIR = path.resolve(__dirname, '..', '..', '..', 'web');
export const WEB_DIST = path.join(WEB_DIR, 'dist');
/** Outside the checkout, one per checkout. */
const LOCK = path.join(os.tmpdir(), `quire-web-build-${createHash('sha1').update(WEB_DIR).digest('hex').slice(0, 12)}.lock`);

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** web/dist is missing, or older than a source file of the web app. */
export function webBuildIsStale(): boolean {
  const built = path.join(WEB_DIST, '.vite', 'manifest.json');
  if (!fs.existsSync(path.join(WEB_DIST, 'index.html')) || !fs.existsSync(built)) return true;
  const sources = Math.max(
    newestSource(path.join(WEB_DIR, 'src')),
    newestSource(path.join(WEB_DIR, 'vite')),
    ...['index.html', 'export-render.html', 'vite.config.ts', 'vite.export-render.config.ts', 'package.json'].map((file) => fs.statSync(path.join(WEB_DIR, file)).mtimeMs),
  );
  return sources > fs.statSync(built).mtimeMs;
}

async function withLock<T>(work: () => T): Promise<T> {
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      fs.mkdirSync(LOCK);
      break;
    } catch {
      // Another suite is building; a lock older than 3 minutes belongs to a dead process.
      const age = Date.now() - (fs.statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 180_000) fs.rmSync(LOCK, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${LOCK}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    return work();
  } finally {
    fs.rmSync(LOCK, { recursive: true, force: true });
  }
}

/**
 * Builds the SPA once when web/dist is missing or stale (`npm test` only builds the server).
 * Suites running in parallel wait for each other on a lock directory.
 */
export async function ensureWebBuilt(): Promise<string> {
  if (!webBuildIsStale()) return WEB_DIST;
  await withLock(() => {
    if (!webBuildIsStale()) return;
    const vite = [path.join(WEB_DIR, 'node_modules'), path.join(WEB_DIR, '..', 'node_modules')].map((dir) => path.join(dir, 'vite', 'bin', 'vite.js')).find((file) => fs.existsSync(file));
    if (!vite) throw new Error('vite is not installed: run npm install');
    // jest runs with NODE_ENV=test, which would make Vite bundle React's development build.
    // The app, then the export renderer into the same dist (as `npm run build -w web` does).
    for (const config of ['vite.config.ts', 'vite.export-render.config.ts']) {
      const result = spawnSync(process.execPath, [vite, 'build', '--config', config, '--logLevel', 'warn'], {
        cwd: WEB_DIR,
        encoding: 'utf8',
        env: { ...process.env, NODE_ENV: 'production' },
      });
      if (result.status !== 0) throw new Error(`vite build (${config}) failed:\n${result.stdout}\n${result.stderr}`);
    }
  });
  return WEB_DIST;
}
