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

/** Lines waiting to be written together, and the promise their writers wait on. */
interface Batch {
  lines: string;
  written: Promise<void>;
  settle(error?: Error): void;
}

/**
 * Appends a collection's new lines through one open descriptor, where NeDB opens, writes and
 * closes the file on every write. Group commit: NeDB hands over an operation's lines and goes on
 * with the next operation at once; lines that arrive while a write is on its way are written
 * together by the next one. A writer awaits `flushed()` after its operation, so an acknowledged
 * write survives the process being killed, and ten concurrent saves cost one write, not ten one
 * after the other. When NeDB rewrites the file (load, compaction: temp file + rename) the queued
 * lines are written and the descriptor closed first; the next append opens the new file.
 */
export class NedbAppendLog {
  private handle: Promise<fs.promises.FileHandle> | null = null;
  /** Collecting: written when the batch in flight is done. */
  private next: Batch | null = null;
  private inFlight: Batch | null = null;

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
      if (lines) log.enqueue(lines);
    };
    return log;
  }

  /** Resolves once every line handed over so far is written; rejects if that write failed. */
  flushed(): Promise<void> {
    return (this.next ?? this.inFlight)?.written ?? Promise.resolve();
  }

  /** Writes what is queued, then lets the descriptor go. */
  async close(): Promise<void> {
    await this.flushed().catch(() => undefined);
    const handle = this.handle;
    this.handle = null;
    if (handle) await (await handle.catch(() => null))?.close();
  }

  private enqueue(lines: string): void {
    this.next ??= batch();
    this.next.lines += lines;
    this.pump();
  }

  private pump(): void {
    if (this.inFlight || !this.next) return;
    const current = (this.inFlight = this.next);
    this.next = null;
    this.write(current.lines).then(
      () => current.settle(),
      (error: Error) => current.settle(error),
    ).finally(() => {
      this.inFlight = null;
      this.pump();
    });
  }

  private async write(lines: string): Promise<void> {
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
}

function batch(): Batch {
  let settle: (error?: Error) => void = () => undefined;
  const written = new Promise<void>((resolve, reject) => (settle = (error) => (error ? reject(error) : resolve())));
  // A batch nobody waits for (an index line at boot) must not become an unhandled rejection.
  written.catch(() => undefined);
  return { lines: '', written, settle };
}
