import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { BlobPack, PACK_MAX_BODY_BYTES } from './blob-pack';

describe(BlobPack.name, () => {
  let dir: string;
  let file: string;
  const open: BlobPack[] = [];
  const pack = (compactAfterDeadBytes?: number): BlobPack => {
    const opened = new BlobPack(file, { compactAfterDeadBytes });
    open.push(opened);
    return opened;
  };
  const text = (sut: BlobPack, key: string) => sut.read(key)?.toString('utf8');

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-pack-'));
    file = path.join(dir, 'blobs.pack');
  });

  afterEach(() => {
    for (const opened of open.splice(0)) opened.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reads back what was put, replaced and deleted, also after reopening the file', () => {
    const sut = pack();
    sut.put('history/a', Buffer.from('first'));
    sut.put('history/b', Buffer.from('kept'));
    sut.put('history/a', Buffer.from('second'));
    sut.put('history/c', Buffer.from('gone'));
    expect(sut.delete('history/c')).toBe(true);
    expect(sut.delete('history/never')).toBe(false);
    sut.close();
    open.pop();

    const reopened = pack();

    expect(text(reopened, 'history/a')).toBe('second');
    expect(text(reopened, 'history/b')).toBe('kept');
    expect(reopened.read('history/c')).toBeUndefined();
    expect(reopened.size('history/a')).toBe(6);
    expect(reopened.size('history/c')).toBeUndefined();
  });

  it('cuts off a record torn by a crash and appends after the last whole one', () => {
    const sut = pack();
    sut.put('history/a', Buffer.from('whole'));
    sut.put('history/b', Buffer.from('torn by the crash'));
    const whole = fs.statSync(file).size;
    sut.close();
    open.pop();
    fs.truncateSync(file, whole - 4);

    const reopened = pack();
    expect(reopened.read('history/b')).toBeUndefined();
    // A process that only reads leaves the file as it found it.
    expect(fs.statSync(file).size).toBe(whole - 4);
    reopened.put('history/c', Buffer.from('after restart'));
    reopened.close();
    open.pop();
    const again = pack();

    expect(text(again, 'history/a')).toBe('whole');
    expect(again.read('history/b')).toBeUndefined();
    expect(text(again, 'history/c')).toBe('after restart');
  });

  it('drops a last record whose checksum does not match', () => {
    const sut = pack();
    sut.put('history/a', Buffer.from('good'));
    sut.put('history/b', Buffer.from('flipped'));
    sut.close();
    open.pop();
    const bytes = fs.readFileSync(file);
    bytes[bytes.length - 1] ^= 0xff;
    fs.writeFileSync(file, bytes);

    const reopened = pack();

    expect(text(reopened, 'history/a')).toBe('good');
    expect(reopened.read('history/b')).toBeUndefined();
  });

  it('compacts once superseded records pass the threshold and half the file, keeping every live blob', () => {
    const sut = pack(4096);
    for (let round = 0; round < 50; round++) {
      for (let k = 0; k < 10; k++) sut.put(`history/${k}`, Buffer.from(`version ${round} of ${k} `.repeat(10)));
    }
    sut.delete('history/9');

    // 500 records of ~250 bytes were written; a compacted file holds about the 9 live ones plus what followed.
    expect(fs.statSync(file).size).toBeLessThan(3 * 4096);
    expect(fs.existsSync(`${file}.compacting`)).toBe(false);
    for (let k = 0; k < 9; k++) expect(text(sut, `history/${k}`)).toBe(`version 49 of ${k} `.repeat(10));
    sut.close();
    open.pop();
    const reopened = pack(4096);
    for (let k = 0; k < 9; k++) expect(text(reopened, `history/${k}`)).toBe(`version 49 of ${k} `.repeat(10));
    expect(reopened.read('history/9')).toBeUndefined();
  });

  it('reads a file larger than its read chunk (4 MB) back whole', () => {
    const sut = pack();
    const body = (n: number) => Buffer.alloc(60_000, n % 251);
    for (let n = 0; n < 100; n++) sut.put(`history/${n}`, body(n));
    sut.close();
    open.pop();

    const reopened = pack();

    for (let n = 0; n < 100; n++) expect(reopened.read(`history/${n}`)?.equals(body(n))).toBe(true);
  });

  it('removes a compaction a crash left half done, keeping the file it was replacing', () => {
    const sut = pack();
    sut.put('history/a', Buffer.from('kept'));
    sut.close();
    open.pop();
    fs.writeFileSync(`${file}.compacting`, 'half written');

    const reopened = pack();

    expect(text(reopened, 'history/a')).toBe('kept');
    expect(fs.existsSync(`${file}.compacting`)).toBe(false);
  });

  it('refuses a body over 64 KB', () => {
    expect(() => pack().put('history/big', Buffer.alloc(PACK_MAX_BODY_BYTES + 1))).toThrow(RangeError);
  });
});
