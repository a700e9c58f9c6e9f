import * as fs from 'node:fs';
import type Datastore from '@seald-io/nedb';

/** NeDB's own line format (dates as `{$$date}`, its key checks), so the files stay NeDB's. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { serialize } = require('@seald-io/nedb/lib/model') as { serialize(doc: object): string };

/** The part of NeDB's (untyped) persistence object this replaces. */
interface NedbPersistence {
  filename: string;
  persistNewStateAsync(docs: object[]): Promise<void>;
  persistCachedDatabaseAsync(): Promise<void>;
}

/**
 * Appends a collection's new lines through one open descriptor, where NeDB opens, writes and
 * closes the file on every write (the largest cost of a page save). A write still resolves only
 * once its bytes are written, so an acknowledged write survives the process being killed. When
 * NeDB rewrites the file (load, compaction: temp file + rename) the descriptor is closed first
 * and the next append opens the new file. NeDB runs a datastore's operations one at a time, so
 * an append never overlaps a rewrite.
 */
export class NedbAppendLog {
  private handle: Promise<fs.promises.FileHandle> | null = null;

  private constructor(private readonly filename: string) {}

  static install<T extends object>(datastore: Datastore<T>): NedbAppendLog {
    const persistence = datastore.persistence as unknown as NedbPersistence;
    const log = new NedbAppendLog(persistence.filename);
    const rewrite = persistence.persistCachedDatabaseAsync.bind(persistence);
    persistence.persistCachedDatabaseAsync = async () => {
      await log.close();
      await rewrite();
    };
    persistence.persistNewStateAsync = async (docs) => {
      let lines = '';
      for (const doc of docs) lines += `${serialize(doc)}\n`;
      if (lines) await log.append(lines);
    };
    return log;
  }

  async append(lines: string): Promise<void> {
    this.handle ??= fs.promises.open(this.filename, 'a');
    let handle: fs.promises.FileHandle;
    try {
      handle = await this.handle;
    } catch (error) {
      this.handle = null;
      throw error;
    }
    const data = Buffer.from(lines, 'utf8');
    for (let offset = 0; offset < data.length; ) {
      const { bytesWritten } = await handle.write(data, offset, data.length - offset);
      offset += bytesWritten;
    }
  }

  async close(): Promise<void> {
    const handle = this.handle;
    this.handle = null;
    if (handle) await (await handle.catch(() => null))?.close();
  }
}
