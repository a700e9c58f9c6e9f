import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { PageInfo } from '@quire/proto';
import { ApiClient, type ApiEnvelope, freePort, quireProcess, type QuireProcess } from '@quire/testing';
import { SYSTEM_ADMIN_PASSWORD } from '../src/embedded-system';

const ROOT = path.resolve(__dirname, '..', '..');
const CLIENTS = 4;
/** Saves acknowledged before the backup starts (a count, not a time: a loaded machine saves fewer per second). */
const SAVED_BEFORE_BACKUP = 150;

interface SavedPage {
  pageId: number;
  content: string;
  /** When its answer (error_code 0) came back. */
  answeredAt: number;
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run backup -- <file>` as an operator types it, with DATA_DIR in the environment. */
function npmRunBackup(dataDir: string, file: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', 'backup', '--', file], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * `npm run backup` of a running `npm start`: taken while clients save pages, the copy alone (with
 * the key file and files/) starts a second Quire that serves every page acknowledged before the
 * backup started, with its content.
 */
describe('npm run backup', () => {
  let root: string;
  let dataDir: string;
  let quire: QuireProcess;
  let restored: QuireProcess | undefined;
  let baseUrl: string;

  const ok = <T>(envelope: ApiEnvelope<T>): T => {
    expect(envelope).toMatchObject({ error_code: 0 });
    return envelope.data as T;
  };
  const login = async (url: string): Promise<ApiClient> => {
    const client = new ApiClient(url);
    ok(await client.post('/api/user/login', { username: 'showdoc', password: SYSTEM_ADMIN_PASSWORD }));
    return client;
  };
  const start = async (dir: string): Promise<{ process: QuireProcess; url: string }> => {
    const port = await freePort();
    const app = quireProcess('embedded', { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dir, QUIRE_ADMIN_PASSWORD: SYSTEM_ADMIN_PASSWORD, RATE_LIMIT_PER_MINUTE: '1000000' });
    await app.start();
    return { process: app, url: `http://127.0.0.1:${port}` };
  };

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-backup-'));
    dataDir = path.join(root, 'data');
    ({ process: quire, url: baseUrl } = await start(dataDir));
  }, 60_000);

  afterAll(async () => {
    await restored?.stop();
    await quire?.stop();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('copies every page acknowledged before it started while clients keep saving; a Quire started on the copy serves them', async () => {
    const owner = await login(baseUrl);
    const itemId = ok(await owner.post<{ item_id: number }>('/api/item/add', { item_type: 1, item_name: 'Backed up' })).item_id;
    const saved: SavedPage[] = [];
    let saving = true;
    const saveUntilStopped = async (c: number): Promise<void> => {
      const client = await login(baseUrl);
      for (let n = 0; saving; n++) {
        const content = `client ${c} page ${n}\n\n${'Backups are only as good as their last restore. '.repeat(20)}`;
        const page = ok(await client.post<{ page_id: number }>('/api/page/save', { item_id: itemId, page_title: `c${c} p${n}`, page_content: content }));
        saved.push({ pageId: page.page_id, content, answeredAt: Date.now() });
      }
    };
    let failed = false;
    const writing = Promise.all(Array.from({ length: CLIENTS }, (_, c) => saveUntilStopped(c))).catch((error: unknown) => {
      failed = true;
      throw error;
    });
    while (saved.length < SAVED_BEFORE_BACKUP && !failed) await new Promise((resolve) => setTimeout(resolve, 20));
    if (failed) await writing;

    const copy = path.join(root, 'quire-copy.db');
    const startedAt = Date.now();
    const backup = await npmRunBackup(dataDir, copy);
    const endedAt = Date.now();
    saving = false;
    await writing;

    expect(backup).toMatchObject({ code: 0, stderr: '' });
    expect(backup.stdout).toContain(`Backed up ${path.join(dataDir, 'quire.db')} to ${copy}:`);
    expect(backup.stdout).toContain(`${path.join(dataDir, 'files')}/`);
    expect(backup.stdout).toContain(`${dataDir}.key`);
    expect(fs.statSync(copy).mode & 0o777).toBe(0o600);
    const before = saved.filter((page) => page.answeredAt < startedAt);
    expect(before.length).toBeGreaterThan(100);
    // Quire kept answering saves while the copy was taken.
    expect(saved.filter((page) => page.answeredAt > startedAt && page.answeredAt < endedAt).length).toBeGreaterThan(0);

    const restoredDir = path.join(root, 'restored');
    fs.mkdirSync(restoredDir, { mode: 0o700 });
    fs.copyFileSync(copy, path.join(restoredDir, 'quire.db'));
    if (fs.existsSync(path.join(dataDir, 'files'))) fs.cpSync(path.join(dataDir, 'files'), path.join(restoredDir, 'files'), { recursive: true });
    fs.copyFileSync(`${dataDir}.key`, `${restoredDir}.key`);
    const second = await start(restoredDir);
    restored = second.process;
    const reader = await login(second.url);
    const missing: string[] = [];
    for (const page of before) {
      const envelope = await reader.post<PageInfo>('/api/page/info', { page_id: page.pageId });
      if (envelope.error_code !== 0 || envelope.data?.page_content !== page.content) missing.push(`page ${page.pageId}: ${JSON.stringify(envelope).slice(0, 200)}`);
    }
    expect(missing).toEqual([]);
  }, 120_000);

  it('never overwrites a file, and names the path it looked at when there is no database', async () => {
    const existing = path.join(root, 'existing.db');
    fs.writeFileSync(existing, 'keep me');
    const refused = await npmRunBackup(dataDir, existing);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain(`${existing} already exists`);
    expect(fs.readFileSync(existing, 'utf8')).toBe('keep me');

    const empty = path.join(root, 'empty');
    const nothing = await npmRunBackup(empty, path.join(root, 'nothing.db'));
    expect(nothing.code).not.toBe(0);
    expect(nothing.stderr).toContain(`There is no Quire database at ${path.join(empty, 'quire.db')}`);
    expect(fs.existsSync(path.join(root, 'nothing.db'))).toBe(false);
  }, 60_000);
});
