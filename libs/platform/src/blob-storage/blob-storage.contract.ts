import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Readable } from 'node:stream';
import { BlobNotFoundError, BlobStorage, InvalidBlobKeyError } from './blob-storage';

export interface BlobStorageFixture {
  sut: BlobStorage;
  /** A directory whose whole tree must not change when a call is refused (local disk: the store's parent). */
  guardedDir?: string;
  dispose(): Promise<void>;
}

const INVALID_KEYS = ['../x', 'a/../../etc/passwd', '/abs', 'a//b', '', 'a/./b', 'a\\b', '..\\x', 'a\0b', 'a/', '..'];

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}

/** Splits bytes into a stream of chunks, the way an upload arrives. */
function chunked(bytes: Buffer, chunkSize = 64 * 1024): Readable {
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += chunkSize) chunks.push(bytes.subarray(i, i + chunkSize));
  return Readable.from(chunks);
}

function listTree(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: false }) as string[]).map((p) => path.join(dir, p)).sort();
}

/** The behaviour every BlobStorage adapter must show. */
export function describeBlobStorageContract(name: string, factory: () => Promise<BlobStorageFixture>): void {
  describe(`${name} (BlobStorage contract)`, () => {
    let fixture: BlobStorageFixture;
    let sut: BlobStorage;

    beforeEach(async () => {
      fixture = await factory();
      sut = fixture.sut;
    });

    afterEach(async () => {
      await fixture.dispose();
    });

    it('stores a buffer and streams the same bytes back with its size and type', async () => {
      const bytes = Buffer.from('# Hello\n\nQuire keeps this file.\n');

      const info = await sut.put('items/1/readme.md', bytes, 'text/markdown');

      expect(info).toEqual({ size: bytes.length, contentType: 'text/markdown' });
      expect(await sut.stat('items/1/readme.md')).toEqual({ size: bytes.length, contentType: 'text/markdown' });
      expect((await readAll(await sut.get('items/1/readme.md'))).equals(bytes)).toBe(true);
    });

    it('stores a stream of more than a megabyte of unknown length', async () => {
      const bytes = randomBytes(1024 * 1024 + 12_345);

      const info = await sut.put('attachments/2024/06/big.bin', chunked(bytes), 'application/octet-stream');

      expect(info.size).toBe(bytes.length);
      expect(await sut.stat('attachments/2024/06/big.bin')).toEqual({ size: bytes.length, contentType: 'application/octet-stream' });
      const back = await readAll(await sut.get('attachments/2024/06/big.bin'));
      expect(back.length).toBe(bytes.length);
      expect(back.equals(bytes)).toBe(true);
    });

    it('replaces a blob, its size and its type when the key is written again', async () => {
      await sut.put('images/logo', Buffer.from('first version, longer'), 'image/png');

      await sut.put('images/logo', chunked(Buffer.from('second')), 'image/jpeg');

      expect(await sut.stat('images/logo')).toEqual({ size: 6, contentType: 'image/jpeg' });
      expect((await readAll(await sut.get('images/logo'))).toString()).toBe('second');
    });

    it('forgets an earlier type when a key is written again with the generic type, or deleted and written again', async () => {
      await sut.put('files/a', Buffer.from('typed'), 'image/png');
      await sut.put('files/a', Buffer.from('generic'), 'application/octet-stream');
      await sut.put('files/b', Buffer.from('typed'), 'text/plain');
      await sut.delete('files/b');
      await sut.put('files/b', Buffer.from('generic'), 'application/octet-stream');
      await sut.put('plain/c', Buffer.from('generic'), 'application/octet-stream');

      expect(await sut.stat('files/a')).toEqual({ size: 7, contentType: 'application/octet-stream' });
      expect(await sut.stat('files/b')).toEqual({ size: 7, contentType: 'application/octet-stream' });
      expect(await sut.stat('plain/c')).toEqual({ size: 7, contentType: 'application/octet-stream' });
    });

    it('treats a key that is only a prefix of other keys as absent', async () => {
      await sut.put('items/9/pages/1.md', Buffer.from('page'), 'text/markdown');

      expect(await sut.stat('items/9')).toBeNull();
      await expect(sut.get('items/9')).rejects.toBeInstanceOf(BlobNotFoundError);
      await expect(sut.delete('items/9')).resolves.toBeUndefined();
      expect(await sut.stat('items/9/pages/1.md')).toEqual({ size: 4, contentType: 'text/markdown' });
    });

    it('stores an empty blob', async () => {
      await sut.put('empty.txt', Buffer.alloc(0), 'text/plain');

      expect(await sut.stat('empty.txt')).toEqual({ size: 0, contentType: 'text/plain' });
      expect((await readAll(await sut.get('empty.txt'))).length).toBe(0);
    });

    it('reports an absent key as not found', async () => {
      await expect(sut.get('no/such/blob.txt')).rejects.toBeInstanceOf(BlobNotFoundError);
      await expect(sut.get('no/such/blob.txt')).rejects.toMatchObject({ key: 'no/such/blob.txt' });
      expect(await sut.stat('no/such/blob.txt')).toBeNull();
    });

    it('deletes a blob, and deleting it again is not an error', async () => {
      await sut.put('exports/42.docx', Buffer.from('docx bytes'), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document');

      await sut.delete('exports/42.docx');

      expect(await sut.stat('exports/42.docx')).toBeNull();
      await expect(sut.get('exports/42.docx')).rejects.toBeInstanceOf(BlobNotFoundError);
      await expect(sut.delete('exports/42.docx')).resolves.toBeUndefined();
      await expect(sut.delete('never/there')).resolves.toBeUndefined();
    });

    it('keeps the previous blob when an upload stream fails half way', async () => {
      await sut.put('docs/manual.pdf', Buffer.from('the good version'), 'application/pdf');
      const failing = new Readable({
        read() {
          this.push(randomBytes(64 * 1024));
          this.destroy(new Error('client went away'));
        },
      });

      await expect(sut.put('docs/manual.pdf', failing, 'application/pdf')).rejects.toThrow('client went away');

      expect(await sut.stat('docs/manual.pdf')).toEqual({ size: 16, contentType: 'application/pdf' });
      expect((await readAll(await sut.get('docs/manual.pdf'))).toString()).toBe('the good version');
    });

    it('never shows a failed first upload under its key', async () => {
      const failing = new Readable({
        read() {
          this.destroy(new Error('client went away'));
        },
      });

      await expect(sut.put('docs/new.pdf', failing, 'application/pdf')).rejects.toThrow('client went away');

      expect(await sut.stat('docs/new.pdf')).toBeNull();
    });

    describe('key safety', () => {
      it.each(INVALID_KEYS.map((key) => [JSON.stringify(key), key]))('refuses the key %s for every operation', async (_label, key) => {
        const before = fixture.guardedDir ? listTree(fixture.guardedDir) : [];

        await expect(sut.put(key, Buffer.from('owned'), 'text/plain')).rejects.toBeInstanceOf(InvalidBlobKeyError);
        await expect(sut.put(key, Readable.from([Buffer.from('owned')]), 'text/plain')).rejects.toBeInstanceOf(InvalidBlobKeyError);
        await expect(sut.get(key)).rejects.toBeInstanceOf(InvalidBlobKeyError);
        await expect(sut.stat(key)).rejects.toBeInstanceOf(InvalidBlobKeyError);
        await expect(sut.delete(key)).rejects.toBeInstanceOf(InvalidBlobKeyError);

        if (fixture.guardedDir) expect(listTree(fixture.guardedDir)).toEqual(before);
      });

      it('refuses a key longer than 512 characters', async () => {
        await expect(sut.put('a'.repeat(513), Buffer.from('x'), 'text/plain')).rejects.toBeInstanceOf(InvalidBlobKeyError);
      });
    });
  });
}
