import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import * as zlib from 'node:zlib';
import { Injectable } from '@nestjs/common';
import { BlobNotFoundError, BlobStorage, PRIVATE_FILE_MODE } from '@quire/platform';
import { type IndexFileSummary, SEARCH_FORMAT_VERSION } from '../index/search-index';

/** Where the snapshots of one format live: the pointer `search/snapshot-v<format>.json` and the copies under `search/snapshot-v<format>/`. */
const prefixOf = (format: number): string => `search/snapshot-v${format}`;

/** The pointer to the latest snapshot of a format: what a starting replica reads first. */
export const snapshotPointerKey = (format = SEARCH_FORMAT_VERSION): string => `${prefixOf(format)}.json`;

/** gzip's fastest level: the copy is derived data read once per replica start; higher levels cost several times the CPU for a few percent. */
const GZIP_LEVEL = 1;

/** The pointer's content: which copy is the latest, what it holds, and the copy it replaced (removed by the next one). */
export interface SearchSnapshot {
  format: number;
  /** The blob holding the gzipped search.db. */
  key: string;
  /** The place in the change feed the copy is current up to: a replica that loads it replays from the next one. */
  sequence: number;
  pages: number;
  /** Compressed size in bytes. */
  bytes: number;
  /** Unix milliseconds. */
  taken_at: number;
  /** The copy this one replaced: a replica may still be reading it, so it is removed one snapshot later. */
  previous?: string;
}

/**
 * The search index's snapshots in BlobStorage. A copy is written under a key of its own before the
 * pointer names it, so a replica that reads the pointer never reads half a copy; the copy a pointer
 * replaced stays one more round for replicas downloading it, then goes.
 */
@Injectable()
export class SearchSnapshotRepository {
  constructor(private readonly blobs: BlobStorage) {}

  /** The latest snapshot of this format, or null when none was written (or its pointer is unreadable, or of another format). */
  async latest(): Promise<SearchSnapshot | null> {
    let text: string;
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of await this.blobs.get(snapshotPointerKey())) chunks.push(chunk as Buffer);
      text = Buffer.concat(chunks).toString('utf8');
    } catch (error) {
      if (error instanceof BlobNotFoundError) return null;
      throw error;
    }
    const pointer = parsePointer(text);
    return pointer?.format === SEARCH_FORMAT_VERSION ? pointer : null;
  }

  /** Writes the snapshot's copy into `file` (a new file, 0600), uncompressed. */
  async download(snapshot: SearchSnapshot, file: string): Promise<void> {
    await pipeline(await this.blobs.get(snapshot.key), zlib.createGunzip(), fs.createWriteStream(file, { flags: 'wx', mode: PRIVATE_FILE_MODE }));
  }

  /**
   * Stores the copy of search.db in `file` (described by `summary`) and points to it, unless the
   * latest snapshot is already as recent (or newer) and not the `unusable` one, which a replica could
   * not load. Resolves with the new pointer, or null when nothing newer was written.
   */
  async publish(file: string, summary: IndexFileSummary, unusable?: string): Promise<SearchSnapshot | null> {
    const supersedes = (latest: SearchSnapshot | null): boolean => !latest || latest.key === unusable || latest.sequence < summary.sequence;
    if (!supersedes(await this.latest())) return null;
    const key = `${prefixOf(SEARCH_FORMAT_VERSION)}/${summary.sequence}-${randomUUID()}.db.gz`;
    const compressed = `${file}.gz`;
    try {
      await pipeline(fs.createReadStream(file), zlib.createGzip({ level: GZIP_LEVEL }), fs.createWriteStream(compressed, { flags: 'wx', mode: PRIVATE_FILE_MODE }));
      const { size } = await this.blobs.put(key, fs.createReadStream(compressed), 'application/gzip');
      // Another replica may have pointed to a newer copy meanwhile: it stays the latest.
      const latest = await this.latest();
      if (!supersedes(latest)) {
        await this.blobs.delete(key);
        return null;
      }
      const snapshot: SearchSnapshot = {
        format: SEARCH_FORMAT_VERSION,
        key,
        sequence: summary.sequence,
        pages: summary.pages,
        bytes: size,
        taken_at: Date.now(),
        ...(latest ? { previous: latest.key } : {}),
      };
      await this.blobs.put(snapshotPointerKey(), Buffer.from(JSON.stringify(snapshot)), 'application/json');
      if (latest?.previous && latest.previous !== key) await this.blobs.delete(latest.previous);
      return snapshot;
    } finally {
      fs.rmSync(compressed, { force: true });
    }
  }
}

/** The pointer as written by `publish`, or null for anything else. */
function parsePointer(text: string): SearchSnapshot | null {
  try {
    const value = JSON.parse(text) as Partial<SearchSnapshot>;
    const valid =
      typeof value.format === 'number' && typeof value.key === 'string' && typeof value.sequence === 'number' && typeof value.pages === 'number' && typeof value.taken_at === 'number';
    return valid ? (value as SearchSnapshot) : null;
  } catch {
    return null;
  }
}
