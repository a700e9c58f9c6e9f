import type { SqliteDatabase } from './sqlite-database';

/**
 * Small blobs (at most SMALL_BLOB_MAX_BYTES, written often) as rows of the shared SQLite
 * database's table `blob_small`: one durable row write where a file would need a create, a sync,
 * a rename and later an unlink. Reads are synchronous lookups by key. The owner of the database closes it.
 */
export class SqliteSmallBlobs {
  constructor(private readonly db: SqliteDatabase) {
    db.exec('CREATE TABLE IF NOT EXISTS blob_small (key TEXT PRIMARY KEY, body BLOB NOT NULL)');
  }

  /** Stores (or replaces) the bytes under the key; resolves once durable. */
  async put(key: string, body: Buffer): Promise<void> {
    await this.db.write(() => this.importBlob(key, body));
  }

  /** Removes the key if it is here; a key that is not costs no write. */
  async delete(key: string): Promise<void> {
    if (this.size(key) === undefined) return;
    await this.db.write(() => this.db.statement('DELETE FROM blob_small WHERE key = ?').run(key));
  }

  read(key: string): Buffer | undefined {
    const row = this.db.get<{ body: Uint8Array }>('SELECT body FROM blob_small WHERE key = ?', key);
    return row ? Buffer.from(row.body.buffer, row.body.byteOffset, row.body.byteLength) : undefined;
  }

  size(key: string): number | undefined {
    return this.db.get<{ size: number }>('SELECT length(body) AS size FROM blob_small WHERE key = ?', key)?.size;
  }

  /** Stores one blob inside the caller's write (the NeDB→SQLite conversion). */
  importBlob(key: string, body: Buffer): void {
    this.db.statement('INSERT INTO blob_small (key, body) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET body = excluded.body').run(key, body);
  }
}

/** Buffers up to this size with the default content type are kept in the database rather than as files. */
export const SMALL_BLOB_MAX_BYTES = 64 * 1024;
