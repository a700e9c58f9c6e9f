import * as fs from 'node:fs';
import * as path from 'node:path';
import { DuplicateKeyError } from '../../document-store/document-store';
import { COUNTERS_COLLECTION, type PlainObject } from '../../document-store/plain-document';
import { makePrivateDir } from '../../fs/private-files';
import type { SqliteDatabase } from '../sqlite-database';
import type { SqliteDocumentStore } from '../sqlite-document-store';
import type { SqliteKeyValueStore } from '../sqlite-key-value-store';
import type { SqliteSmallBlobs } from '../sqlite-small-blobs';
import { LegacyBlobPack } from './legacy-blob-pack';
import { readNedbFile, type NedbFileContents, type NedbIndex } from './nedb-file';
import { UnreadableLegacyDataError } from './unreadable-legacy-data.error';

export interface LegacyConversion {
  dataDir: string;
  db: SqliteDatabase;
  documents: SqliteDocumentStore;
  keyValue: SqliteKeyValueStore;
  smallBlobs: SqliteSmallBlobs;
  /** Progress and outcome, one line at a time (a few per collection). */
  log: (line: string) => void;
}

/** The previous release's storage under DATA_DIR, each moved aside whole once converted. */
const DOCUMENTS_DIR = 'db';
const KEY_VALUE_DIR = 'kv';
const PACK_DIR = path.join('files', 'pack');
const KEY_VALUE_FILE = path.join(KEY_VALUE_DIR, 'kv.db');
const PACK_FILE = path.join(PACK_DIR, 'blobs.pack');
/** Where the converted files go, in a folder named after the time of the conversion. */
const MOVED_ASIDE_DIR = 'legacy-nedb';
/** Records the conversion in the database, so that a start after a crash between its commit and the move does not convert twice. */
const RECORD_TABLE = 'legacy_nedb_conversion';
/** Documents (keys, blobs) imported per write, and between two progress lines. */
const BATCH = 10_000;
const PROGRESS = 'Converting the data of the previous release to SQLite';

/**
 * Converts a DATA_DIR written by the previous release (NeDB files in `db/`, key-value data in
 * `kv/kv.db`, small blobs in `files/pack/blobs.pack`) into the SQLite database, on the first start
 * of this release; does nothing when there is none. All of it is one unit of the database (a
 * `transaction` rather than one `db.write`, because declaring the indexes and reading back go
 * through the stores' async methods): it is read, imported, read back and checked, and committed
 * only when every count and byte matches,
 * so a conversion cut short (a crash, an unreadable file, a mismatch) keeps nothing and the next
 * start converts again from the untouched files. Once committed, the old files are moved to
 * `legacy-nedb/<time>/`. Large blobs (`files/blobs`, `files/meta`) stay where they are: the
 * blob storage reads them there. Must run before anything else writes to the database.
 */
export async function convertLegacyDataDir(conversion: LegacyConversion): Promise<void> {
  const { dataDir, db, log } = conversion;
  const parts = [DOCUMENTS_DIR, KEY_VALUE_DIR, PACK_DIR].filter((part) => fs.existsSync(path.join(dataDir, part === PACK_DIR ? PACK_FILE : part)));
  if (parts.length === 0) return;
  db.exec(`CREATE TABLE IF NOT EXISTS ${RECORD_TABLE} (converted_at INTEGER NOT NULL, moved_to TEXT NOT NULL)`);
  const earlier = db.get<{ moved_to: string }>(`SELECT moved_to FROM ${RECORD_TABLE} ORDER BY converted_at DESC LIMIT 1`);
  if (earlier) {
    // Converted and committed, but stopped before every file was moved aside.
    moveAside(dataDir, parts, earlier.moved_to);
    log(`The previous release's data was converted to SQLite before; its remaining files are now in ${path.join(dataDir, earlier.moved_to)} too.`);
    return;
  }
  const movedTo = path.join(MOVED_ASIDE_DIR, new Date().toISOString().replace(/[:.]/g, '-'));
  log(`${PROGRESS}: ${parts.map((part) => path.join(dataDir, part)).join(', ')} into ${db.file}`);
  const totals = await db.transaction(async () => {
    const converted = {
      documents: await convertDocuments(conversion),
      keys: await convertKeyValues(conversion),
      blobs: await convertSmallBlobs(conversion),
    };
    await db.write(() => db.statement(`INSERT INTO ${RECORD_TABLE} (converted_at, moved_to) VALUES (?, ?)`).run(Date.now(), movedTo));
    return converted;
  });
  moveAside(dataDir, parts, movedTo);
  log(
    `Converted the data of the previous release to SQLite: ${totals.documents} documents, ${totals.keys} key-value entries, ${totals.blobs} small files. ` +
      `Its files are now in ${path.join(dataDir, movedTo)}; delete that folder once this release is trusted.`,
  );
}

/** Every collection of `db/` with its declared indexes, and the `nextId` sequences; returns how many documents. */
async function convertDocuments({ dataDir, db, documents, log }: LegacyConversion): Promise<number> {
  const dir = path.join(dataDir, DOCUMENTS_DIR);
  if (!fs.existsSync(dir)) return 0;
  let total = 0;
  for (const name of collectionNames(dir)) {
    const contents = readLegacyFile(path.join(dir, `${name}.db`), log);
    if (name === COUNTERS_COLLECTION) {
      const sequences = [...contents.documents.values()].map((counter) => sequenceOf(dir, counter));
      await db.write(() => sequences.forEach(({ name, value }) => documents.setSequence(name, value)));
      continue;
    }
    const collection = documents.collection<PlainObject>(name);
    if ((await collection.count({})) > 0) {
      throw new Error(
        `DATA_DIR ${dataDir} holds both the previous release's files and a SQLite database with documents in "${name}": ` +
          `nothing was converted. Keep one of them (move ${dir} or the database away) and start again.`,
      );
    }
    const docs = [...contents.documents.values()].map(({ _id, ...doc }) => doc);
    let done = 0;
    do {
      const batch = docs.slice(done, done + BATCH);
      if (batch.length > 0) await db.write(() => documents.importDocuments(name, batch));
      done += batch.length;
      log(`${PROGRESS}: ${name} ${count(done)} of ${count(docs.length)}`);
    } while (done < docs.length);
    for (const index of contents.indexes) await ensureIndex(name, index, documents, log);
    const stored = await collection.count({});
    if (stored !== docs.length) throw new Error(`${PROGRESS} failed: "${name}" holds ${stored} documents after the import of ${docs.length}. Nothing was kept.`);
    total += docs.length;
  }
  return total;
}

/** `kv/kv.db`: every key that has not expired; returns how many. */
async function convertKeyValues({ dataDir, db, keyValue, log }: LegacyConversion): Promise<number> {
  const file = path.join(dataDir, KEY_VALUE_FILE);
  if (!fs.existsSync(file) && !fs.existsSync(`${file}~`)) return 0;
  const now = Date.now();
  const entries = [...readLegacyFile(file, log).documents.values()].map((row) => entryOf(file, row));
  const live = entries.filter((entry) => entry.expiresAt === null || entry.expiresAt > now);
  for (let done = 0; done < live.length;) {
    const batch = live.slice(done, done + BATCH);
    await db.write(() => batch.forEach((entry) => keyValue.importEntry(entry.key, entry.value, entry.expiresAt)));
    done += batch.length;
  }
  log(`${PROGRESS}: key-value entries ${count(live.length)} of ${count(live.length)} (${count(entries.length - live.length)} expired ones left out)`);
  for (const entry of live) {
    const expiredSince = entry.expiresAt !== null && entry.expiresAt <= Date.now();
    if (!expiredSince && (await keyValue.get(entry.key)) !== entry.value) {
      throw new Error(`${PROGRESS} failed: the key ${JSON.stringify(entry.key)} does not read back as it was converted. Nothing was kept.`);
    }
  }
  return live.length;
}

/** `files/pack/blobs.pack`: every live blob, read back and compared byte for byte; returns how many. */
async function convertSmallBlobs({ dataDir, db, smallBlobs, log }: LegacyConversion): Promise<number> {
  const file = path.join(dataDir, PACK_FILE);
  if (!fs.existsSync(file)) return 0;
  const pack = new LegacyBlobPack(file);
  try {
    if (pack.ignoredBytes > 0) {
      log(`${PROGRESS}: ${file}: the last ${pack.ignoredBytes} bytes are not a whole record (a write cut short by a crash); they are left out, as the previous release left them out.`);
    }
    const keys = [...pack.keys()];
    for (let done = 0; done < keys.length;) {
      const batch = keys.slice(done, done + BATCH);
      await db.write(() => batch.forEach((key) => smallBlobs.importBlob(key, pack.read(key) as Buffer)));
      done += batch.length;
      log(`${PROGRESS}: small files ${count(done)} of ${count(keys.length)}`);
    }
    for (const key of keys) {
      if (!smallBlobs.read(key)?.equals(pack.read(key) as Buffer)) {
        throw new Error(`${PROGRESS} failed: the small file ${key} does not read back as it was converted. Nothing was kept.`);
      }
    }
    return keys.length;
  } finally {
    pack.close();
  }
}

/** Collections by file name: `<name>.db`, or `<name>.db~` alone (see readNedbFile). */
function collectionNames(dir: string): string[] {
  const names = new Set<string>();
  for (const entry of fs.readdirSync(dir)) {
    const name = /^(.+)\.db~?$/.exec(entry)?.[1];
    if (name) names.add(name);
  }
  return [...names].sort();
}

function readLegacyFile(file: string, log: (line: string) => void): NedbFileContents {
  const contents = readNedbFile(file);
  if (contents.skippedLines.length > 0) {
    log(
      `${PROGRESS}: ${file}: line(s) ${contents.skippedLines.join(', ')} are not valid JSON (a write cut short by a crash, or damage); they are left out, as the previous release left them out.`,
    );
  }
  return contents;
}

/**
 * Declares an index the old file declared. One that the old documents break (NeDB and SQLite do
 * not compare every value alike) does not stop the conversion: it is kept as a non-unique one.
 */
async function ensureIndex(name: string, index: NedbIndex, documents: SqliteDocumentStore, log: (line: string) => void): Promise<void> {
  const collection = documents.collection<PlainObject>(name);
  try {
    await collection.ensureIndex({ field: index.fieldName, unique: index.unique, sparse: index.sparse });
  } catch (error) {
    if (!(error instanceof DuplicateKeyError) || !index.unique) throw error;
    log(
      `${PROGRESS}: ${name}: the documents break the unique index on ${index.fieldName} (${error.detail}); ` +
        'it is created as a non-unique index: remove the duplicates, then drop that index so that it is made unique again.',
    );
    await collection.ensureIndex({ field: index.fieldName, unique: false, sparse: index.sparse });
  }
}

function sequenceOf(dir: string, counter: PlainObject): { name: string; value: number } {
  const { _id, seq } = counter;
  if (typeof seq !== 'number' || !Number.isSafeInteger(seq)) {
    throw new UnreadableLegacyDataError(path.join(dir, `${COUNTERS_COLLECTION}.db`), `the sequence ${JSON.stringify(_id)} holds ${JSON.stringify(seq)}, not an integer`);
  }
  return { name: String(_id), value: seq };
}

function entryOf(file: string, row: PlainObject): { key: string; value: string; expiresAt: number | null } {
  const { _id, v, e } = row;
  if (typeof v !== 'string' || !(e === null || (typeof e === 'number' && Number.isFinite(e)))) {
    throw new UnreadableLegacyDataError(file, `the key ${JSON.stringify(_id)} is not stored as {v: string, e: epoch ms or null}`);
  }
  return { key: String(_id), value: v, expiresAt: e };
}

/** Renames each part into the folder (a rename within DATA_DIR: nothing is copied); refuses to overwrite. */
function moveAside(dataDir: string, parts: string[], movedTo: string): void {
  for (const part of parts) {
    const target = path.join(dataDir, movedTo, part);
    if (fs.existsSync(target)) {
      throw new Error(`Cannot move ${path.join(dataDir, part)} aside: ${target} exists already. Move one of them away and start again.`);
    }
    makePrivateDir(path.dirname(target));
    fs.renameSync(path.join(dataDir, part), target);
  }
}

function count(n: number): string {
  return n.toLocaleString('en-US');
}
