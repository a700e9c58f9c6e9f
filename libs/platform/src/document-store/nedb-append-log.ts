import * as fs from 'node:fs';
import type Datastore from '@seald-io/nedb';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../fs/private-files';
import { writeAll } from '../fs/write-all';

/** The modes NeDB gives the files it creates and rewrites (its default is 0644 and 0755). */
export const NEDB_MODES = { fileMode: PRIVATE_FILE_MODE, dirMode: PRIVATE_DIR_MODE };

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
 * closes the file on every write. The append is synchronous: a few hundred bytes into the page
 * cache take about 2 µs of this thread, while handing the same write to libuv's thread pool costs
 * about 40 µs of it (measured on the 2-core VM: waking a pool thread is the expensive part). NeDB
 * resolves an operation only after its lines are written, so an acknowledged write survives the
 * process being killed. When NeDB rewrites the file (load, compaction: temp file + rename), the
 * descriptor is closed first; the next append opens the new file.
 */
export class NedbAppendLog {
  private fd: number | null = null;

  private constructor(private readonly filename: string) {}

  static install<T extends object>(datastore: Datastore<T>): NedbAppendLog {
    const persistence = datastore.persistence as unknown as NedbPersistence;
    const log = new NedbAppendLog(persistence.filename);
    const rewrite = persistence.persistCachedDatabaseAsync.bind(persistence);
    persistence.persistCachedDatabaseAsync = async () => {
      log.close();
      await rewrite();
    };
    persistence.persistNewStateAsync = async (docs) => {
      let lines = '';
      for (const doc of docs) lines += `${serialize(doc)}\n`;
      if (lines) log.append(lines);
    };
    return log;
  }

  /** Lets the descriptor go (NeDB runs one operation at a time, so no append is under way). */
  close(): void {
    const fd = this.fd;
    this.fd = null;
    if (fd !== null) fs.closeSync(fd);
  }

  private append(lines: string): void {
    this.fd ??= fs.openSync(this.filename, 'a', PRIVATE_FILE_MODE);
    writeAll(this.fd, Buffer.from(lines, 'utf8'));
  }
}
