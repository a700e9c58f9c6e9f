import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { EmbeddedKeyValueStore } from './embedded-key-value-store';
import { describeKeyValueStoreContract } from './key-value-store.contract';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'quire-kv-'));

describeKeyValueStoreContract('EmbeddedKeyValueStore', async () => {
  const dir = tempDir();
  const store = new EmbeddedKeyValueStore({ dir });
  return {
    store,
    async dispose() {
      await store.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
});

describe(EmbeddedKeyValueStore.name, () => {
  let dir: string;

  beforeEach(() => {
    dir = tempDir();
  });

  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('survives a restart: values, counters and lifetimes are back, expired keys are not', async () => {
    const first = new EmbeddedKeyValueStore({ dir });
    await first.set('session:abc', '{"uid":7}', 3600);
    await first.set('setting', 'on');
    await first.set('captcha:1', '4821', 1);
    await first.incr('login-fail:ann', 600);
    await first.incr('login-fail:ann', 600);
    await first.set('deleted', 'x');
    await first.delete('deleted');
    await first.close();
    expect(fs.existsSync(path.join(dir, 'kv.db'))).toBe(true);

    await sleep(1_100);
    const sut = new EmbeddedKeyValueStore({ dir });
    expect(await sut.get('session:abc')).toBe('{"uid":7}');
    expect([3598, 3599, 3600]).toContain(await sut.ttl('session:abc'));
    expect(await sut.get('setting')).toBe('on');
    expect(await sut.ttl('setting')).toBe(-1);
    expect(await sut.get('captcha:1')).toBeNull();
    expect(await sut.incr('login-fail:ann')).toBe(3);
    expect(await sut.get('deleted')).toBeNull();
    await sut.close();
  });

  it('sweeps expired keys out of the file without being asked', async () => {
    const sut = new EmbeddedKeyValueStore({ dir, sweepIntervalMs: 200 });
    await sut.set('short', 'x', 1);
    await sut.set('kept', 'y');
    await sleep(1_500);
    await sut.close();

    const file = fs.readFileSync(path.join(dir, 'kv.db'), 'utf8');
    const reopened = new EmbeddedKeyValueStore({ dir });
    await reopened.ping();
    expect(file).toContain('"$$deleted":true');
    expect(await reopened.get('kept')).toBe('y');
    await reopened.close();
  });

  it('after compact, no earlier value or deleted key is left in the file', async () => {
    const sut = new EmbeddedKeyValueStore({ dir });
    await sut.set('session:raw-token-1', '{"uid":1}', 3600);
    await sut.delete('session:raw-token-1');
    await sut.set('kept', 'first-value');
    await sut.set('kept', 'second-value');
    const file = () => fs.readFileSync(path.join(dir, 'kv.db'), 'utf8');
    expect(file()).toContain('raw-token-1');

    await sut.compact();

    expect(file()).not.toContain('raw-token-1');
    expect(file()).not.toContain('first-value');
    expect(await sut.get('kept')).toBe('second-value');
    await sut.close();
  });

  it('creates its directory 0700 and its file 0600, also after a compaction', async () => {
    const kvDir = path.join(dir, 'nested', 'kv');
    const sut = new EmbeddedKeyValueStore({ dir: kvDir });
    await sut.set('a', '1');
    const modes = () => [fs.statSync(path.join(dir, 'nested')).mode & 0o777, fs.statSync(kvDir).mode & 0o777, fs.statSync(path.join(kvDir, 'kv.db')).mode & 0o777];
    expect(modes()).toEqual([0o700, 0o700, 0o600]);

    await sut.compact();
    await sut.set('b', '2');

    expect(modes()).toEqual([0o700, 0o700, 0o600]);
    await sut.close();
  });

  it('rejects calls after close', async () => {
    const sut = new EmbeddedKeyValueStore({ dir });
    await sut.set('a', '1');
    await sut.close();
    await expect(sut.get('a')).rejects.toThrow(/closed/);
  });

  it('keeps every acknowledged write when the process is killed with SIGKILL', async () => {
    const compiled = path.resolve(__dirname, '../../dist/key-value/embedded-key-value-store.js');
    if (!fs.existsSync(compiled)) {
      throw new Error(`${compiled} does not exist: build first (npx tsc -b libs/platform, or npm test which builds)`);
    }
    const childSource = `
      const { EmbeddedKeyValueStore } = require(process.env.ADAPTER);
      (async () => {
        const store = new EmbeddedKeyValueStore({ dir: process.env.DATA_DIR });
        for (let i = 1; i <= 100000; i += 1) {
          await store.set('session:' + i, 'user ' + i, 3600);
          const hits = await store.incr('hits');
          process.stdout.write(i + ' ' + hits + '\\n');
        }
      })().catch((error) => { console.error(error); process.exit(1); });
    `;
    const child = spawn(process.execPath, ['-e', childSource], {
      env: { ...process.env, ADAPTER: compiled, DATA_DIR: dir },
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

    const sut = new EmbeddedKeyValueStore({ dir });
    for (let i = 1; i <= acknowledged; i += 1) expect(await sut.get(`session:${i}`)).toBe(`user ${i}`);
    expect(Number(await sut.get('hits'))).toBeGreaterThanOrEqual(hits);
    await sut.close();
  });
});
