import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describeKeyValueStoreContract } from '../key-value/key-value-store.contract';
import { SqliteDatabase } from './sqlite-database';
import { SqliteKeyValueStore } from './sqlite-key-value-store';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'quire-kv-'));

/** Everything under the directory as text: the database, its WAL and shared-memory files. */
const filesUnder = (dir: string): string =>
  fs
    .readdirSync(dir)
    .map((name) => fs.readFileSync(path.join(dir, name)).toString('latin1'))
    .join('\n');

describeKeyValueStoreContract('SqliteKeyValueStore', async () => {
  const dir = tempDir();
  const db = new SqliteDatabase({ file: path.join(dir, 'quire.db') });
  const store = new SqliteKeyValueStore(db);
  return {
    store,
    async dispose() {
      await store.close();
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
});

describe(SqliteKeyValueStore.name, () => {
  let dir: string;
  const open = (options?: { sweepIntervalMs?: number }) => {
    const db = new SqliteDatabase({ file: path.join(dir, 'quire.db') });
    const store = new SqliteKeyValueStore(db, options);
    return { db, store, close: async () => (await store.close(), await db.close()) };
  };

  beforeEach(() => {
    dir = tempDir();
  });

  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('survives a restart: values, counters and lifetimes are back, expired keys are not', async () => {
    const first = open();
    await first.store.set('session:abc', '{"uid":7}', 3600);
    await first.store.set('setting', 'on');
    await first.store.set('captcha:1', '4821', 1);
    await first.store.incr('login-fail:ann', 600);
    await first.store.incr('login-fail:ann', 600);
    await first.store.set('deleted', 'x');
    await first.store.delete('deleted');
    await first.close();

    await sleep(1_100);
    const { store: sut, close } = open();
    expect(await sut.get('session:abc')).toBe('{"uid":7}');
    expect([3598, 3599, 3600]).toContain(await sut.ttl('session:abc'));
    expect(await sut.get('setting')).toBe('on');
    expect(await sut.ttl('setting')).toBe(-1);
    expect(await sut.get('captcha:1')).toBeNull();
    expect(await sut.keysWithPrefix('captcha:')).toEqual([]);
    expect(await sut.incr('login-fail:ann')).toBe(3);
    expect(await sut.get('deleted')).toBeNull();
    await close();
  });

  it('sweeps expired keys out of the database without being asked', async () => {
    const { db, store: sut, close } = open({ sweepIntervalMs: 200 });
    await sut.set('short', 'x', 1);
    await sut.set('kept', 'y');
    await sleep(1_500);
    expect(db.all('SELECT key FROM kv')).toEqual([{ key: 'kept' }]);
    await close();
  });

  it('after compact, no earlier value or deleted key is left in any file', async () => {
    const { store: sut, close } = open();
    await sut.set('session:raw-token-1', '{"uid":1}', 3600);
    await sut.delete('session:raw-token-1');
    await sut.set('kept', 'first-value');
    await sut.set('kept', 'second-value');
    expect(filesUnder(dir)).toContain('raw-token-1');

    await sut.compact();

    expect(filesUnder(dir)).not.toContain('raw-token-1');
    expect(filesUnder(dir)).not.toContain('first-value');
    expect(await sut.get('kept')).toBe('second-value');
    await close();
  });

  it('creates its directory 0700 and its files 0600', async () => {
    const nested = path.join(dir, 'nested', 'data');
    const db = new SqliteDatabase({ file: path.join(nested, 'quire.db') });
    const sut = new SqliteKeyValueStore(db);
    await sut.set('a', '1');
    expect([fs.statSync(path.join(dir, 'nested')).mode & 0o777, fs.statSync(nested).mode & 0o777]).toEqual([0o700, 0o700]);
    for (const name of fs.readdirSync(nested)) expect([name, fs.statSync(path.join(nested, name)).mode & 0o777]).toEqual([name, 0o600]);
    expect(fs.readdirSync(nested).sort()).toEqual(['quire.db', 'quire.db-shm', 'quire.db-wal']);
    await sut.close();
    await db.close();
  });

  it('rejects calls after close', async () => {
    const { store: sut, close } = open();
    await sut.set('a', '1');
    await close();
    await expect(sut.get('a')).rejects.toThrow(/closed/);
  });

  it('keeps every acknowledged write when the process is killed with SIGKILL', async () => {
    const compiled = (name: string) => {
      const file = path.resolve(__dirname, `../../dist/sqlite/${name}.js`);
      if (!fs.existsSync(file)) throw new Error(`${file} does not exist: build first (npx tsc -b libs/platform, or npm test which builds)`);
      return file;
    };
    const childSource = `
      const { SqliteDatabase } = require(process.env.DATABASE);
      const { SqliteKeyValueStore } = require(process.env.ADAPTER);
      (async () => {
        const store = new SqliteKeyValueStore(new SqliteDatabase({ file: process.env.DATA_DIR + '/quire.db' }));
        for (let i = 1; i <= 100000; i += 1) {
          await store.set('session:' + i, 'user ' + i, 3600);
          const hits = await store.incr('hits');
          process.stdout.write(i + ' ' + hits + '\\n');
        }
      })().catch((error) => { console.error(error); process.exit(1); });
    `;
    const child = spawn(process.execPath, ['-e', childSource], {
      env: { ...process.env, DATABASE: compiled('sqlite-database'), ADAPTER: compiled('sqlite-key-value-store'), DATA_DIR: dir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    let pending = '';
    let acknowledged = 0;
    let hits = 0;
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        pending += chunk.toString();
        const lines = pending.split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) [acknowledged, hits] = line.split(' ').map(Number);
        if (acknowledged >= 300 && !child.killed) {
          child.kill('SIGKILL');
          resolve();
        }
      });
      child.once('exit', () => reject(new Error(`child exited before it was killed:\n${stderr}`)));
    });
    expect(await exited).toBe('SIGKILL');

    const { store: sut, close } = open();
    for (let i = 1; i <= acknowledged; i += 1) expect(await sut.get(`session:${i}`)).toBe(`user ${i}`);
    expect(Number(await sut.get('hits'))).toBeGreaterThanOrEqual(hits);
    await close();
  });
});
