import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { InvalidBlobKeyError } from './blob-storage';
import { describeBlobStorageContract } from './blob-storage.contract';
import { LocalDiskBlobStorage } from './local-disk-blob-storage';
import { SqliteDatabase } from '../sqlite/sqlite-database';
import { SqliteSmallBlobs } from '../sqlite/sqlite-small-blobs';

async function text(storage: LocalDiskBlobStorage, key: string): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.get(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function tempParent(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'quire-blobs-'));
}

/** Databases opened by a test, closed after it. */
const databases: SqliteDatabase[] = [];
afterEach(async () => {
  for (const db of databases.splice(0)) await db.close();
});

/** A storage on `dir` with its small blobs in `<parent>/quire.db`, opened anew (as after a restart). */
function openStorage(dir: string): LocalDiskBlobStorage {
  const db = new SqliteDatabase({ file: path.join(path.dirname(dir), 'quire.db') });
  databases.push(db);
  return new LocalDiskBlobStorage({ dir, smallBlobs: new SqliteSmallBlobs(db) });
}

describeBlobStorageContract(LocalDiskBlobStorage.name, async () => {
  const parent = tempParent();
  return {
    sut: openStorage(path.join(parent, 'store')),
    guardedDir: parent,
    dispose: async () => fs.rmSync(parent, { recursive: true, force: true }),
  };
});

describe(LocalDiskBlobStorage.name, () => {
  let parent: string;
  let dir: string;
  let sut: LocalDiskBlobStorage;

  beforeEach(() => {
    parent = tempParent();
    dir = path.join(parent, 'store');
    sut = openStorage(dir);
  });

  afterEach(() => fs.rmSync(parent, { recursive: true, force: true }));

  it('keeps blobs on disk across instances, with their content type', async () => {
    await sut.put('items/7/logo.svg', Buffer.from('<svg/>'), 'image/svg+xml');

    const reopened = openStorage(dir);

    expect(await reopened.stat('items/7/logo.svg')).toEqual({ size: 6, contentType: 'image/svg+xml' });
  });

  it('leaves no temp file behind after a failed upload', async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(1024, 1));
        this.destroy(new Error('disconnected'));
      },
    });

    await expect(sut.put('a/b.bin', failing, 'application/octet-stream')).rejects.toThrow('disconnected');

    expect(fs.readdirSync(path.join(dir, 'tmp'))).toEqual([]);
  });

  it('sweeps the temp files a killed process left when it opens, and leaves a live upload alone', async () => {
    await sut.ping();
    const tmp = path.join(dir, 'tmp');
    const beforeThisProcess = new Date(performance.timeOrigin - 3600_000);
    for (const name of ['0b6c1a52-killed.blob', '0b6c1a52-killed.json']) {
      fs.writeFileSync(path.join(tmp, name), 'half an upload');
      fs.utimesSync(path.join(tmp, name), beforeThisProcess, beforeThisProcess);
    }
    const body = new PassThrough();
    const live = sut.put('live/upload.zip', body, 'application/zip');
    body.write(Buffer.alloc(64 * 1024, 7));
    while (fs.readdirSync(tmp).length < 3) await new Promise((resolve) => setTimeout(resolve, 5));

    const reopened = openStorage(dir);
    await reopened.ping();

    expect(fs.readdirSync(tmp)).toEqual([expect.stringMatching(/^[0-9a-f-]{36}\.blob$/)]);
    body.end(Buffer.alloc(1024, 8));
    await expect(live).resolves.toEqual({ size: 65 * 1024, contentType: 'application/zip' });
    expect(await reopened.stat('live/upload.zip')).toEqual({ size: 65 * 1024, contentType: 'application/zip' });
    expect(fs.readdirSync(tmp)).toEqual([]);
  });

  it('refuses to write through a symlinked directory that leads outside the store', async () => {
    const outside = path.join(parent, 'outside');
    fs.mkdirSync(outside);
    await sut.ping();
    fs.symlinkSync(outside, path.join(dir, 'blobs', 'linked'));

    await expect(sut.put('linked/owned.txt', Buffer.from('owned'), 'text/plain')).rejects.toBeInstanceOf(InvalidBlobKeyError);

    expect(fs.readdirSync(outside)).toEqual([]);
  });

  it('refuses to read a blob that is a symlink to a file outside the store', async () => {
    const secret = path.join(parent, 'secret.txt');
    fs.writeFileSync(secret, 'secret');
    await sut.ping();
    fs.symlinkSync(secret, path.join(dir, 'blobs', 'leak.txt'));

    await expect(sut.get('leak.txt')).rejects.toBeInstanceOf(InvalidBlobKeyError);
  });

  it('never deletes outside the store: not through a symlinked directory, and a symlinked blob loses only the link', async () => {
    const outside = path.join(parent, 'outside');
    fs.mkdirSync(outside);
    fs.writeFileSync(path.join(outside, 'kept.txt'), 'kept');
    await sut.put('own/real.txt', Buffer.from('mine'), 'text/plain');
    fs.symlinkSync(outside, path.join(dir, 'blobs', 'linked'));
    fs.symlinkSync(path.join(outside, 'kept.txt'), path.join(dir, 'blobs', 'own', 'link.txt'));

    await expect(sut.delete('linked/kept.txt')).rejects.toBeInstanceOf(InvalidBlobKeyError);
    await sut.delete('own/link.txt');
    await sut.delete('own/real.txt');

    expect(fs.readFileSync(path.join(outside, 'kept.txt'), 'utf8')).toBe('kept');
    expect(fs.readdirSync(path.join(dir, 'blobs', 'own'))).toEqual([]);
  });

  it('keeps small buffers of the default type in the database; typed blobs and streams stay files', async () => {
    await sut.put('history/abc', Buffer.from('packed body'), 'application/octet-stream');
    await sut.put('items/7/notes.txt', Buffer.from('typed'), 'text/plain');
    await sut.put('exports/1.bin', Readable.from([Buffer.from('streamed')]), 'application/octet-stream');

    expect(fs.existsSync(path.join(dir, 'blobs', 'history'))).toBe(false);
    expect(fs.readFileSync(path.join(parent, 'quire.db-wal')).includes('packed body')).toBe(true);
    expect(fs.readFileSync(path.join(dir, 'blobs', 'items', '7', 'notes.txt'), 'utf8')).toBe('typed');
    expect(fs.readFileSync(path.join(dir, 'blobs', 'exports', '1.bin'), 'utf8')).toBe('streamed');
    const reopened = openStorage(dir);
    expect(await text(reopened, 'history/abc')).toBe('packed body');
    expect(await reopened.stat('history/abc')).toEqual({ size: 11, contentType: 'application/octet-stream' });
  });

  it('reads a small blob stored as a file by an earlier version, and replaces or deletes it for good', async () => {
    await sut.ping();
    fs.mkdirSync(path.join(dir, 'blobs', 'history'));
    fs.writeFileSync(path.join(dir, 'blobs', 'history', 'old'), 'from an earlier version');
    fs.writeFileSync(path.join(dir, 'blobs', 'history', 'older'), 'also earlier');

    expect(await text(sut, 'history/old')).toBe('from an earlier version');
    await sut.put('history/old', Buffer.from('packed now'), 'application/octet-stream');
    await sut.delete('history/older');

    expect(fs.readdirSync(path.join(dir, 'blobs', 'history'))).toEqual([]);
    const reopened = openStorage(dir);
    expect(await text(reopened, 'history/old')).toBe('packed now');
    expect(await reopened.stat('history/older')).toBeNull();
  });

  it('forgets the small blob when a key is rewritten as a typed file, across instances', async () => {
    await sut.put('items/7/logo', Buffer.from('packed'), 'application/octet-stream');
    await sut.put('items/7/logo', Buffer.from('<svg/>'), 'image/svg+xml');

    const reopened = openStorage(dir);

    expect(await reopened.stat('items/7/logo')).toEqual({ size: 6, contentType: 'image/svg+xml' });
    expect(await text(reopened, 'items/7/logo')).toBe('<svg/>');
  });

  it('keeps a small blob in the database even under a symlinked directory that leads outside', async () => {
    const outside = path.join(parent, 'outside');
    fs.mkdirSync(outside);
    await sut.ping();
    fs.symlinkSync(outside, path.join(dir, 'blobs', 'linked'));

    await sut.put('linked/small', Buffer.from('inside'), 'application/octet-stream');

    expect(fs.readdirSync(outside)).toEqual([]);
    expect(await text(sut, 'linked/small')).toBe('inside');
  });

  it('writes every directory 0700 and every file 0600: blobs, sidecars and the database', async () => {
    const small = sut;
    await small.put('a/b/typed.png', Buffer.from('image'), 'image/png');
    await small.put('a/streamed.bin', Readable.from([Buffer.alloc(70_000, 1)]), 'application/octet-stream');
    await small.put('a/packed', Buffer.from('first'), '');
    await small.put('a/packed', Buffer.from('second'), '');
    await small.put('a/kept', Buffer.from('kept'), '');
    await small.delete('a/packed');

    const modes: string[] = [];
    const walk = (at: string): void => {
      for (const entry of fs.readdirSync(at, { withFileTypes: true })) {
        const full = path.join(at, entry.name);
        modes.push(`${path.relative(dir, full)} ${(fs.statSync(full).mode & 0o777).toString(8)}`);
        if (entry.isDirectory()) walk(full);
      }
    };
    walk(parent);

    expect(modes.filter((line) => !/ (600|700)$/.test(line))).toEqual([]);
    expect(modes).toEqual(expect.arrayContaining(['../quire.db 600', '../quire.db-wal 600', 'blobs/a/b/typed.png 600', 'meta/a/b/typed.png.json 600', 'blobs/a 700']));
    expect((fs.statSync(dir).mode & 0o777).toString(8)).toBe('700');
  });

  it('answers ping once the directory is writable', async () => {
    await expect(sut.ping()).resolves.toBeUndefined();
    expect(fs.existsSync(path.join(dir, 'blobs'))).toBe(true);
  });
});
