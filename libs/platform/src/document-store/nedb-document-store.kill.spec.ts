import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { NedbDocumentStore } from './nedb-document-store';

/** The compiled adapter: the child is plain Node, and `npm test` builds (tsc -b) before jest. */
const compiled = path.resolve(__dirname, '../../dist/document-store/nedb-document-store.js');

/** Writes notes one after another, printing each id once its write is acknowledged, until killed. */
const childSource = `
const { NedbDocumentStore } = require(process.env.ADAPTER);
(async () => {
  const store = new NedbDocumentStore({ dir: process.env.DATA_DIR });
  const notes = store.collection('notes');
  await notes.ensureIndex({ field: 'note_id', unique: true });
  for (let i = 0; i < 100000; i += 1) {
    const id = await store.nextId('note');
    await notes.insertOne({ note_id: id, text: 'note ' + id });
    if (i % 3 === 0) await notes.updateOne({ note_id: id }, { $set: { text: 'edited ' + id } });
    process.stdout.write(id + '\\n');
  }
})().catch((error) => { console.error(error); process.exit(1); });
`;

describe(`${NedbDocumentStore.name} durability`, () => {
  let dir: string;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-nedb-kill-'));
  });

  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('keeps every acknowledged write when the process is killed with SIGKILL', async () => {
    if (!fs.existsSync(compiled)) {
      throw new Error(`${compiled} does not exist: build first (npx tsc -b libs/platform, or npm test which builds)`);
    }
    const child = spawn(process.execPath, ['-e', childSource], {
      env: { ...process.env, ADAPTER: compiled, DATA_DIR: dir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const acknowledged: number[] = [];
    let stderr = '';
    let pending = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));

    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        pending += chunk.toString();
        const lines = pending.split('\n');
        pending = lines.pop() ?? '';
        acknowledged.push(...lines.map(Number));
        // Kill mid-stream, while writes are still being issued.
        if (acknowledged.length >= 300 && child.exitCode === null && !child.killed) {
          child.kill('SIGKILL');
          resolve();
        }
      });
      child.once('exit', () => reject(new Error(`child exited before it was killed:\n${stderr}`)));
    });
    expect(await exited).toBe('SIGKILL');

    const sut = new NedbDocumentStore({ dir });
    const notes = sut.collection<{ note_id: number; text: string }>('notes');
    const stored = await notes.find({ note_id: { $in: acknowledged } }, { sort: { note_id: 1 } });
    expect(stored.map((note) => note.note_id)).toEqual(acknowledged);
    for (const note of stored) {
      expect(note.text).toBe(note.note_id % 3 === 1 ? `edited ${note.note_id}` : `note ${note.note_id}`);
    }
    expect(await sut.nextId('note')).toBeGreaterThan(Math.max(...acknowledged));
    await expect(notes.insertOne({ note_id: acknowledged[0], text: 'duplicate' })).rejects.toThrow(/Duplicate key/);
    await sut.close();
  });
});
