import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describeWith } from '@quire/testing';

/** The built adapters: the child runs them as the app does, outside jest's transform. */
const BUILT = path.resolve(__dirname, '..', '..', 'dist', 'sqlite');
const WRITERS = 48;
const WRITES_EACH = 20;
/** Every UNIT_EVERY-th write is a `transaction` of two key-value writes, acknowledged as one. */
const UNIT_EVERY = 5;
/**
 * Writes numbered 2 modulo UNIT_EVERY are a message handler's: two writes one after the other in
 * `durableAtEnd` (each resolves at its commit), acknowledged when `durableAtEnd` resolves.
 */
const HANDLER_AT = 2;
/** The marker of a handler's second write: the last one its acknowledgement must wait for. */
const SECOND = 500_000;

/** Bytes only write N stores: fixed width, so no marker is a prefix of another. */
const marker = (n: number): string => `sync-mark-${String(n).padStart(6, '0')}.`;

/**
 * The child: WRITERS concurrent writers, each making WRITES_EACH durable writes one after the other
 * through SqliteKeyValueStore (some inside `db.transaction`, some as a handler's two writes in
 * `db.durableAtEnd`), printing `ack N` once write N resolves.
 */
const CHILD = `
const fs = require('node:fs');
const path = require('node:path');
const { SqliteDatabase } = require(${JSON.stringify(path.join(BUILT, 'sqlite-database.js'))});
const { SqliteKeyValueStore } = require(${JSON.stringify(path.join(BUILT, 'sqlite-key-value-store.js'))});
const marker = ${marker.toString()};
const db = new SqliteDatabase({ file: path.join(process.argv[2], 'quire.db') });
const kv = new SqliteKeyValueStore(db);
let next = 0;
async function writer() {
  for (let i = 0; i < ${WRITES_EACH}; i++) {
    const n = next++;
    if (n % ${UNIT_EVERY} === 0) {
      await db.transaction(async () => {
        await kv.set('unit:' + n + ':a', marker(n));
        await kv.set('unit:' + n + ':b', marker(n));
      });
    } else if (n % ${UNIT_EVERY} === ${HANDLER_AT}) {
      await db.durableAtEnd(async () => {
        await kv.set('handler:' + n + ':a', marker(n));
        await kv.set('handler:' + n + ':b', marker(n + ${SECOND}));
      });
    } else {
      await kv.set('key:' + n, marker(n));
    }
    // One write(2) per ack, made when the write resolved (a stream may gather several into one writev).
    fs.writeSync(1, 'ack ' + n + '\\n');
  }
}
Promise.all(Array.from({ length: ${WRITERS} }, writer))
  .then(() => kv.close())
  .then(() => db.close())
  .catch((error) => { console.error(error); process.exit(1); });
`;

/** One system call as strace saw it; `start` and `end` are line numbers of the log (its order of events). */
interface Call {
  name: string;
  /** The file the first argument names (strace -y), decoded. */
  file: string;
  /** The buffer argument of write/pwrite64, decoded (strace -xx prints every byte as \xNN). */
  data: Buffer;
  start: number;
  end: number;
  result: number;
}

const decode = (escaped: string): Buffer => Buffer.from(escaped.replace(/\\x/g, ''), 'hex');

/**
 * Reads `strace -f -y -xx` output. A call interrupted by another thread's is printed in two parts,
 * `name(args <unfinished ...>` and later `<... name resumed>) = result`: `start` is the first
 * line, `end` the second. A call printed on one line started and ended with nothing in between.
 */
function parseStrace(log: string): Call[] {
  const calls: Call[] = [];
  const open = new Map<string, Call>();
  log.split('\n').forEach((line, index) => {
    const entry = /^(\d+) +[\d:.]+ (\w+)\((\d+)<([^>]*)>(?:, "([^"]*)")?(.*)$/.exec(line);
    if (entry) {
      const [, pid, name, , file, data, rest] = entry;
      const call: Call = { name, file: decode(file).toString(), data: decode(data ?? ''), start: index, end: index, result: NaN };
      if (rest.endsWith('<unfinished ...>')) open.set(`${pid} ${name}`, call);
      else call.result = Number(/= (-?\d+)/.exec(rest)?.[1]);
      calls.push(call);
      return;
    }
    const resumed = /^(\d+) +[\d:.]+ <\.\.\. (\w+) resumed>.*= (-?\d+)/.exec(line);
    const call = resumed && open.get(`${resumed[1]} ${resumed[2]}`);
    if (resumed && call) {
      open.delete(`${resumed[1]} ${resumed[2]}`);
      call.end = index;
      call.result = Number(resumed[3]);
    }
  });
  return calls;
}

/** A WAL frame is a 24-byte header (bytes 4–7: the database size after a commit, 0 in other frames) and one page. */
interface Frame {
  commit: boolean;
  page: Call;
}

function walFrames(calls: Call[]): Frame[] {
  const frames: Frame[] = [];
  let header: Call | undefined;
  for (const call of calls) {
    if (call.name !== 'pwrite64' || !call.file.endsWith('-wal')) continue;
    if (call.data.length === 24) header = call;
    else if (call.data.length > 32 && header) {
      frames.push({ commit: header.data.readUInt32BE(4) !== 0, page: call });
      header = undefined;
    }
  }
  return frames;
}

const run = (command: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> =>
  new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });

/**
 * What this proves. strace records, in one order, every pwrite64 SQLite makes to the WAL, every
 * fsync/fdatasync of the WAL (the adapter's, from libuv's thread pool, and SQLite's own at
 * checkpoints) and every `ack N` the child writes to stdout once write N resolved. For each ack
 * the test finds the WAL frame that first holds write N's bytes, then the commit frame that ends
 * that transaction, and requires a sync of the WAL that *began after* that commit frame was
 * written and *returned before* the ack was printed. fdatasync makes durable what was written to
 * the file before the call, so such a sync is the one that put write N on the disk, and the ack
 * came after it. A sync that was already running while the commit was written does not count
 * (the next commit is written during a sync under load: that is group commit working, and why
 * "a sync after the last pwrite before the ack" would be the wrong rule).
 *
 * What it does not prove. Until that sync the frames sit in the kernel's page cache, which a
 * `kill -9` of the process does not drop: a killed process loses nothing written, synced or not
 * (e2e/embedded/kill-durability covers that). What the sync adds is surviving a power cut or a
 * kernel crash, and only as far as the disk honours the flush it asks for (a drive cache that
 * lies, or a virtual disk without write barriers, can still lose it); a test cannot cut the
 * power. It checks the three paths of acknowledgement (a write, a unit, a message handler's writes
 * with `durableAtEnd`, which the transport wraps every handler in) through the key-value store; the
 * document store and the small blobs acknowledge through the same `SqliteDatabase.write`.
 */
describeWith({ binary: 'strace' }, 'SqliteDatabase durability, seen in system calls', () => {
  let dir: string;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-sync-'));
  });

  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('prints no ack before a sync of the WAL that began after the write was committed, and one sync acknowledges many writes', async () => {
    expect(fs.existsSync(path.join(BUILT, 'sqlite-database.js'))).toBe(true); // build first: npm run build:server
    const script = path.join(dir, 'writer.js');
    const log = path.join(dir, 'strace.log');
    fs.writeFileSync(script, CHILD);
    fs.mkdirSync(path.join(dir, 'data'));
    const child = await run('strace', ['-f', '-tt', '-y', '-xx', '-s', '65536', '-e', 'trace=pwrite64,write,fdatasync,fsync', '-o', log, process.execPath, script, path.join(dir, 'data')]);
    expect(child).toMatchObject({ code: 0, stderr: '' });

    const calls = parseStrace(fs.readFileSync(log, 'utf8'));
    const ackAt = new Map<number, number>();
    for (const call of calls.filter((c) => c.name === 'write')) for (const [, n] of call.data.toString().matchAll(/ack (\d+)\n/g)) ackAt.set(Number(n), call.start);
    const total = WRITERS * WRITES_EACH;
    expect([...ackAt.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: total }, (_, n) => n));

    const frames = walFrames(calls);
    const syncs = calls.filter((call) => (call.name === 'fdatasync' || call.name === 'fsync') && call.file.endsWith('-wal') && call.result === 0);
    const unsynced: string[] = [];
    for (const [n, ackLine] of ackAt) {
      const last = n % UNIT_EVERY === HANDLER_AT ? marker(n + SECOND) : marker(n);
      const first = frames.findIndex((frame) => frame.page.data.includes(last));
      const commit = first < 0 ? undefined : frames.slice(first).find((frame) => frame.commit);
      if (!commit || commit.page.end > ackLine) {
        unsynced.push(`ack ${n}: its commit is not in the WAL before the ack`);
        continue;
      }
      if (!syncs.some((sync) => sync.start > commit.page.end && sync.end < ackLine))
        unsynced.push(`ack ${n}: no WAL sync between its commit (log line ${commit.page.end + 1}) and the ack (line ${ackLine + 1})`);
    }
    expect(unsynced).toEqual([]);

    const acksPerSync = total / syncs.length;
    console.log(`group commit: ${total} acknowledged writes, ${syncs.length} syncs of the WAL, ${acksPerSync.toFixed(1)} writes per sync (${WRITERS} concurrent writers)`);
    expect(acksPerSync).toBeGreaterThanOrEqual(8);
  }, 120_000);
});

/** A database of derived data (`durable: false`): WRITERS writers, each WRITES_EACH writes, then a close. */
const UNSYNCED_CHILD = `
const path = require('node:path');
const { SqliteDatabase } = require(${JSON.stringify(path.join(BUILT, 'sqlite-database.js'))});
const { SqliteKeyValueStore } = require(${JSON.stringify(path.join(BUILT, 'sqlite-key-value-store.js'))});
const db = new SqliteDatabase({ file: path.join(process.argv[2], 'derived.db'), durable: false });
const kv = new SqliteKeyValueStore(db);
let next = 0;
async function writer() {
  for (let i = 0; i < ${WRITES_EACH}; i++) await kv.set('key:' + next, String(next++));
}
Promise.all(Array.from({ length: ${WRITERS} }, writer))
  .then(() => kv.close())
  .then(() => db.close())
  .catch((error) => { console.error(error); process.exit(1); });
`;

describeWith({ binary: 'strace' }, 'SqliteDatabase without durability (derived data), seen in system calls', () => {
  let dir: string;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-unsynced-'));
  });

  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('acknowledges writes at their commit without syncing the WAL for them, and keeps every one of them', async () => {
    const script = path.join(dir, 'writer.js');
    const log = path.join(dir, 'strace.log');
    fs.writeFileSync(script, UNSYNCED_CHILD);
    fs.mkdirSync(path.join(dir, 'data'));
    const child = await run('strace', ['-f', '-y', '-e', 'trace=fdatasync,fsync', '-o', log, process.execPath, script, path.join(dir, 'data')]);
    expect(child).toMatchObject({ code: 0, stderr: '' });

    const walSyncs = fs
      .readFileSync(log, 'utf8')
      .split('\n')
      .filter((line) => /(fdatasync|fsync)\(\d+<[^>]*-wal>/.test(line));
    // Only SQLite's own checkpoint when the file is closed syncs the WAL (fsync, before and after copying it): none of the writes did.
    expect(walSyncs.length).toBeLessThanOrEqual(2);
    expect(walSyncs.filter((line) => line.includes('fdatasync('))).toEqual([]);

    const { DatabaseSync } = await import('node:sqlite');
    const reopened = new DatabaseSync(path.join(dir, 'data', 'derived.db'));
    try {
      const { n } = reopened.prepare(`SELECT count(*) AS n FROM kv`).get() as { n: number };
      expect(n).toBe(WRITERS * WRITES_EACH);
    } finally {
      reopened.close();
    }
  }, 120_000);
});
