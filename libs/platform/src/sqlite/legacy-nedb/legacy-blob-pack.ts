import * as fs from 'node:fs';
import { crc32 } from 'node:zlib';
import { UnreadableLegacyDataError } from './unreadable-legacy-data.error';

/** `QBP1`: the first four bytes of every record. */
const MAGIC = 0x51425031;
/** magic u32, kind u8, key length u16, body length u32, crc32 of key and body u32 */
const HEADER_BYTES = 15;
const PUT = 1;
const DELETE = 2;
/** The largest body the previous release put in a pack. */
const MAX_BODY_BYTES = 0xffff;

interface Slot {
  offset: number;
  length: number;
}

/**
 * Reads `files/pack/blobs.pack`, the small blobs of the previous release: records of
 * `header, key (latin1), body`, a later record of a key replacing an earlier one, a DELETE record
 * (tombstone) removing it. As that release did, reading stops at the first record that is not
 * whole and sound (a torn append, a checksum that does not match): what follows was cut off by
 * its next append, so it never served those bytes; `ignoredBytes` says how many there are.
 */
export class LegacyBlobPack {
  private readonly slots = new Map<string, Slot>();
  private readonly fd: number;
  /** Bytes after the last whole record, which the previous release ignored too. */
  readonly ignoredBytes: number;

  constructor(private readonly file: string) {
    this.fd = this.attempt(() => fs.openSync(file, 'r'));
    try {
      const size = this.attempt(() => fs.fstatSync(this.fd).size);
      this.ignoredBytes = size - this.index(size);
    } catch (error) {
      fs.closeSync(this.fd);
      throw error;
    }
  }

  /** The keys of the live blobs. */
  keys(): IterableIterator<string> {
    return this.slots.keys();
  }

  get count(): number {
    return this.slots.size;
  }

  read(key: string): Buffer | undefined {
    const slot = this.slots.get(key);
    if (!slot) return undefined;
    const body = Buffer.alloc(slot.length);
    this.readAt(body, slot.offset);
    return body;
  }

  close(): void {
    fs.closeSync(this.fd);
  }

  /** Indexes the records up to the first one that is not whole and sound; returns where that one starts. */
  private index(size: number): number {
    const header = Buffer.alloc(HEADER_BYTES);
    let offset = 0;
    while (offset + HEADER_BYTES <= size) {
      this.readAt(header, offset);
      const record = readHeader(header);
      if (!record) break;
      const end = offset + HEADER_BYTES + record.keyLength + record.bodyLength;
      if (end > size) break;
      const keyAndBody = Buffer.alloc(record.keyLength + record.bodyLength);
      this.readAt(keyAndBody, offset + HEADER_BYTES);
      if (crc32(keyAndBody) !== record.crc) break;
      const key = keyAndBody.toString('latin1', 0, record.keyLength);
      if (record.kind === PUT) this.slots.set(key, { offset: offset + HEADER_BYTES + record.keyLength, length: record.bodyLength });
      else this.slots.delete(key);
      offset = end;
    }
    return offset;
  }

  private readAt(target: Buffer, position: number): void {
    const filled = this.attempt(() => fs.readSync(this.fd, target, 0, target.length, position));
    if (filled !== target.length) throw new UnreadableLegacyDataError(this.file, `the file shrank while it was read (at byte ${position})`);
  }

  private attempt<R>(io: () => R): R {
    try {
      return io();
    } catch (error) {
      throw new UnreadableLegacyDataError(this.file, (error as Error).message);
    }
  }
}

function readHeader(header: Buffer): { kind: number; keyLength: number; bodyLength: number; crc: number } | null {
  if (header.readUInt32BE(0) !== MAGIC) return null;
  const kind = header.readUInt8(4);
  const keyLength = header.readUInt16BE(5);
  const bodyLength = header.readUInt32BE(7);
  if ((kind !== PUT && kind !== DELETE) || keyLength === 0 || bodyLength > MAX_BODY_BYTES || (kind === DELETE && bodyLength > 0)) return null;
  return { kind, keyLength, bodyLength, crc: header.readUInt32BE(11) };
}
