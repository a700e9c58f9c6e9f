import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { crc32 } from 'node:zlib';
import { LegacyBlobPack } from './legacy-blob-pack';
import { UnreadableLegacyDataError } from './unreadable-legacy-data.error';

/** A record as the previous release's BlobPack appended it: magic, kind, key length, body length, crc32, key, body. */
function record(kind: 'put' | 'delete', key: string, body = ''): Buffer {
  const keyBytes = Buffer.from(key, 'latin1');
  const bodyBytes = Buffer.from(body, 'utf8');
  const header = Buffer.alloc(15);
  header.writeUInt32BE(0x51425031, 0);
  header.writeUInt8(kind === 'put' ? 1 : 2, 4);
  header.writeUInt16BE(keyBytes.length, 5);
  header.writeUInt32BE(bodyBytes.length, 7);
  header.writeUInt32BE(crc32(Buffer.concat([keyBytes, bodyBytes])), 11);
  return Buffer.concat([header, keyBytes, bodyBytes]);
}

describe(LegacyBlobPack.name, () => {
  let dir: string;
  let file: string;
  const open: LegacyBlobPack[] = [];
  const read = (...records: Buffer[]) => {
    fs.writeFileSync(file, Buffer.concat(records));
    const pack = new LegacyBlobPack(file);
    open.push(pack);
    return pack;
  };
  const text = (pack: LegacyBlobPack, key: string) => pack.read(key)?.toString('utf8');

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-legacy-pack-'));
    file = path.join(dir, 'blobs.pack');
  });

  afterEach(() => {
    for (const pack of open.splice(0)) pack.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('holds the last body put under each key and nothing under a key deleted by a tombstone', () => {
    const sut = read(
      record('put', 'history/a', 'first'),
      record('put', 'history/b', '订单 kept'),
      record('put', 'history/a', 'second'),
      record('put', 'history/c', 'gone'),
      record('delete', 'history/c'),
    );

    expect([...sut.keys()].sort()).toEqual(['history/a', 'history/b']);
    expect(sut.count).toBe(2);
    expect(text(sut, 'history/a')).toBe('second');
    expect(text(sut, 'history/b')).toBe('订单 kept');
    expect(sut.read('history/c')).toBeUndefined();
    expect(sut.ignoredBytes).toBe(0);
  });

  it('ignores a last record torn by a kill and says how many bytes it left out', () => {
    const torn = record('put', 'history/b', 'torn by the kill').subarray(0, 20);

    const sut = read(record('put', 'history/a', 'whole'), torn);

    expect([...sut.keys()]).toEqual(['history/a']);
    expect(text(sut, 'history/a')).toBe('whole');
    expect(sut.ignoredBytes).toBe(20);
  });

  it('ignores a last record whose checksum does not match', () => {
    const flipped = record('put', 'history/b', 'flipped');
    flipped[flipped.length - 1] ^= 0xff;

    const sut = read(record('put', 'history/a', 'good'), flipped);

    expect(sut.read('history/b')).toBeUndefined();
    expect(sut.ignoredBytes).toBe(flipped.length);
  });

  it('stops at a record that is not sound, as the previous release did (it cut everything after it off)', () => {
    const after = record('put', 'history/c', 'after the damage');

    const sut = read(record('put', 'history/a', 'before'), Buffer.from('not a record header'), after);

    expect([...sut.keys()]).toEqual(['history/a']);
    expect(sut.ignoredBytes).toBe('not a record header'.length + after.length);
  });

  it('reads an empty pack as holding nothing', () => {
    const sut = read();

    expect(sut.count).toBe(0);
    expect(sut.ignoredBytes).toBe(0);
  });

  it('refuses a pack it cannot read, naming the file', () => {
    fs.mkdirSync(file);

    expect(() => new LegacyBlobPack(file)).toThrow(UnreadableLegacyDataError);
    expect(() => new LegacyBlobPack(file)).toThrow(file);
  });
});
