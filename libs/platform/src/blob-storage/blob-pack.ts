import * as fs from 'node:fs';
import { crc32 } from 'node:zlib';
import { PRIVATE_FILE_MODE } from '../fs/private-files';
import { writeAll } from '../fs/write-all';

/** `QBP1`: the first four bytes of every record. */
const MAGIC = 0x51425031;
/** magic u32, kind u8, key length u16, body length u32, crc32 of key and body u32 */
const HEADER_BYTES = 15;
const PUT = 1;
const DELETE = 2;
/** The largest body a pack holds (its length is kept in 16 bits). */
export const PACK_MAX_BODY_BYTES = 0xffff;
/** Records are read back in pieces of this size at load and compaction. */
const READ_CHUNK_BYTES = 4 * 1024 * 1024;

export interface BlobPackOptions {
  /** Superseded bytes that make a compaction worth it (also: more than half the file). */
  compactAfterDeadBytes?: number;
}

/** Where a body lies, in one number: offset × 2^16 + length (a Map of numbers, no object per blob). */
const slotOf = (offset: number, length: number): number => offset * 0x10000 + length;
const offsetOf = (slot: number): number => Math.floor(slot / 0x10000);
const lengthOf = (slot: number): number => slot % 0x10000;

/**
 * Small blobs appended to one file instead of one file each: on a small VM creating, renaming and
 * unlinking a file costs about 2 ms of CPU between the event loop and the thread pool, an append
 * about 2 µs. Each record is `header, key, body`; a delete appends a tombstone. The index (key →
 * offset and length) is rebuilt by reading the file at open; a torn last record (the process killed
 * during an append) is ignored, and cut off before the next append. When superseded records make up
 * more than half the file, the live ones are copied to a new file that replaces it (temp file, fsync,
 * rename).
 * All file work is synchronous, so records never interleave. One process owns a pack.
 */
export class BlobPack {
  private slots = new Map<string, number>();
  private readonly compactAfterDeadBytes: number;
  private fd: number;
  /** Length of the file: where the next record goes. */
  private end = 0;
  /** Bytes of records that no longer count (replaced, deleted, tombstones). */
  private dead = 0;
  /** A torn record follows `end`: cut off before the first append (a process that only reads never writes). */
  private tornTail = false;

  constructor(
    private readonly file: string,
    options: BlobPackOptions = {},
  ) {
    this.compactAfterDeadBytes = options.compactAfterDeadBytes ?? 16 * 1024 * 1024;
    fs.rmSync(this.compactionFile(), { force: true });
    this.fd = fs.openSync(file, 'a+', PRIVATE_FILE_MODE);
    this.load();
  }

  size(key: string): number | undefined {
    const slot = this.slots.get(key);
    return slot === undefined ? undefined : lengthOf(slot);
  }

  read(key: string): Buffer | undefined {
    const slot = this.slots.get(key);
    if (slot === undefined) return undefined;
    const body = Buffer.allocUnsafe(lengthOf(slot));
    fs.readSync(this.fd, body, 0, body.length, offsetOf(slot));
    return body;
  }

  put(key: string, body: Buffer): void {
    if (body.length > PACK_MAX_BODY_BYTES) throw new RangeError(`a packed blob holds at most ${PACK_MAX_BODY_BYTES} bytes`);
    const offset = this.append(PUT, key, body);
    this.supersede(key);
    this.slots.set(key, slotOf(offset, body.length));
    this.compactIfWorthIt();
  }

  /** False when the pack does not hold the key. */
  delete(key: string): boolean {
    if (!this.slots.has(key)) return false;
    this.append(DELETE, key, Buffer.alloc(0));
    this.supersede(key);
    this.slots.delete(key);
    this.dead += HEADER_BYTES + key.length;
    this.compactIfWorthIt();
    return true;
  }

  close(): void {
    fs.closeSync(this.fd);
  }

  /** Appends one record; resolves with the offset of its body. */
  private append(kind: number, key: string, body: Buffer): number {
    if (this.tornTail) {
      fs.ftruncateSync(this.fd, this.end);
      this.tornTail = false;
    }
    const record = encode(kind, key, body);
    writeAll(this.fd, record);
    const bodyOffset = this.end + HEADER_BYTES + key.length;
    this.end += record.length;
    return bodyOffset;
  }

  private supersede(key: string): void {
    const slot = this.slots.get(key);
    if (slot !== undefined) this.dead += HEADER_BYTES + key.length + lengthOf(slot);
  }

  private load(): void {
    const size = fs.fstatSync(this.fd).size;
    let offset = 0;
    let torn = false;
    while (offset < size && !torn) {
      const chunk = Buffer.allocUnsafe(Math.min(READ_CHUNK_BYTES, size - offset));
      const filled = fs.readSync(this.fd, chunk, 0, chunk.length, offset);
      const lastChunk = offset + filled >= size;
      let at = 0;
      for (;;) {
        const remaining = filled - at;
        // A record cut by the end of a chunk is read again from its start with the next one.
        if (remaining < HEADER_BYTES) {
          torn = lastChunk && remaining > 0;
          break;
        }
        const header = readHeader(chunk, at);
        const recordBytes = header ? HEADER_BYTES + header.keyLength + header.bodyLength : 0;
        if (!header || (recordBytes > remaining && lastChunk)) {
          torn = true;
          break;
        }
        if (recordBytes > remaining) break;
        const keyAndBody = chunk.subarray(at + HEADER_BYTES, at + recordBytes);
        if (crc32(keyAndBody) !== header.crc) {
          torn = true;
          break;
        }
        const key = keyAndBody.toString('latin1', 0, header.keyLength);
        this.supersede(key);
        if (header.kind === PUT) {
          this.slots.set(key, slotOf(offset + at + HEADER_BYTES + header.keyLength, header.bodyLength));
        } else {
          this.slots.delete(key);
          this.dead += recordBytes;
        }
        at += recordBytes;
      }
      if (at === 0) break; // no whole record in a whole chunk: nothing more to trust
      offset += at;
    }
    // Whatever follows the last whole record was torn by a crash: the next append cuts it off first.
    this.tornTail = offset < size;
    this.end = offset;
  }

  private compactIfWorthIt(): void {
    if (this.dead < this.compactAfterDeadBytes || this.dead * 2 < this.end) return;
    const target = this.compactionFile();
    const out = fs.openSync(target, 'w', PRIVATE_FILE_MODE);
    const slots = new Map<string, number>();
    let end = 0;
    try {
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      const flush = () => {
        writeAll(out, Buffer.concat(pending, pendingBytes));
        pending = [];
        pendingBytes = 0;
      };
      for (const [key, slot] of this.slots) {
        const record = encode(PUT, key, this.read(key) as Buffer);
        slots.set(key, slotOf(end + HEADER_BYTES + key.length, lengthOf(slot)));
        end += record.length;
        pending.push(record);
        pendingBytes += record.length;
        if (pendingBytes >= READ_CHUNK_BYTES) flush();
      }
      flush();
      fs.fsyncSync(out);
    } finally {
      fs.closeSync(out);
    }
    fs.renameSync(target, this.file);
    fs.closeSync(this.fd);
    this.fd = fs.openSync(this.file, 'a+');
    this.slots = slots;
    this.end = end;
    this.dead = 0;
  }

  private compactionFile(): string {
    return `${this.file}.compacting`;
  }
}

function encode(kind: number, key: string, body: Buffer): Buffer {
  const record = Buffer.allocUnsafe(HEADER_BYTES + key.length + body.length);
  record.writeUInt32BE(MAGIC, 0);
  record.writeUInt8(kind, 4);
  record.writeUInt16BE(key.length, 5);
  record.writeUInt32BE(body.length, 7);
  record.write(key, HEADER_BYTES, 'latin1');
  body.copy(record, HEADER_BYTES + key.length);
  record.writeUInt32BE(crc32(record.subarray(HEADER_BYTES)), 11);
  return record;
}

function readHeader(chunk: Buffer, at: number): { kind: number; keyLength: number; bodyLength: number; crc: number } | null {
  if (chunk.readUInt32BE(at) !== MAGIC) return null;
  const kind = chunk.readUInt8(at + 4);
  const keyLength = chunk.readUInt16BE(at + 5);
  const bodyLength = chunk.readUInt32BE(at + 7);
  if ((kind !== PUT && kind !== DELETE) || keyLength === 0 || bodyLength > PACK_MAX_BODY_BYTES || (kind === DELETE && bodyLength > 0)) return null;
  return { kind, keyLength, bodyLength, crc: chunk.readUInt32BE(at + 11) };
}
