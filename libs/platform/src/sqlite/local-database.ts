import * as path from 'node:path';
import { Logger } from '@nestjs/common';
import { preparePrivateDataDir } from '../fs/private-files';
import { convertLegacyDataDir } from './legacy-nedb/convert-legacy-data-dir';
import { SqliteDatabase } from './sqlite-database';
import { SqliteDocumentStore } from './sqlite-document-store';
import { SqliteKeyValueStore } from './sqlite-key-value-store';
import { SqliteSmallBlobs } from './sqlite-small-blobs';

/** The adapters that live in the one database file. */
export interface LocalStores {
  documents: SqliteDocumentStore;
  keyValue: SqliteKeyValueStore;
  smallBlobs: SqliteSmallBlobs;
}

/** The database file under DATA_DIR. */
export const DATABASE_FILE = 'quire.db';

/**
 * `<DATA_DIR>/quire.db`, opened on first use only (a distributed process with MongoDB and S3 never
 * opens it): the data of the previous release's files is converted into it first, then the
 * adapters that share it are made. Closed last, after the adapters, by `close()`.
 */
export class LocalDatabase {
  private readonly logger = new Logger('LocalDatabase');
  private opened: Promise<{ db: SqliteDatabase; stores: LocalStores }> | undefined;
  /** The database once open (undefined before, and in a process that never opens it). */
  private db: SqliteDatabase | undefined;

  constructor(private readonly dataDir: string) {}

  /** The open database, or undefined when nothing has opened it (a process on MongoDB and S3). */
  database(): SqliteDatabase | undefined {
    return this.db;
  }

  stores(): Promise<LocalStores> {
    this.opened ??= this.open();
    return this.opened.then(({ stores }) => stores);
  }

  async close(): Promise<void> {
    const opened = await this.opened?.catch(() => undefined);
    if (!opened) return;
    this.db = undefined;
    await opened.stores.keyValue.close();
    await opened.stores.documents.close();
    await opened.db.close();
  }

  private async open(): Promise<{ db: SqliteDatabase; stores: LocalStores }> {
    preparePrivateDataDir(this.dataDir);
    const db = new SqliteDatabase({ file: path.join(this.dataDir, DATABASE_FILE) });
    const stores: LocalStores = { documents: new SqliteDocumentStore(db), keyValue: new SqliteKeyValueStore(db), smallBlobs: new SqliteSmallBlobs(db) };
    try {
      await convertLegacyDataDir({ dataDir: this.dataDir, db, ...stores, log: (line) => this.logger.log(line) });
    } catch (error) {
      await db.close().catch(() => undefined);
      throw error;
    }
    this.db = db;
    return { db, stores };
  }
}
