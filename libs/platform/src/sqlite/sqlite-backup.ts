import * as fs from 'node:fs';
import * as path from 'node:path';
import { DatabaseSync, backup } from 'node:sqlite';
import { PRIVATE_FILE_MODE } from '../fs/private-files';

/**
 * Every page in one step of SQLite's online backup, so in one read transaction: the copy is one
 * moment of the database. Copied in several steps, each write the owner commits in between
 * would restart the backup from the first page, and a busy owner could keep it from ending.
 */
const ALL_PAGES = 2 ** 31 - 1;

export interface SqliteBackupResult {
  bytes: number;
  ms: number;
}

/**
 * Copies the SQLite database `source` into the new file `target` (0600) from a process that does
 * not own it, while its owner writes: SQLite's online backup through a read-only connection (it
 * never writes the source), in one read transaction, which WAL lets the owner write beside. The
 * copy holds every commit made before the call and nothing half made, is synced to the disk and
 * passes `PRAGMA integrity_check`, or it is removed and this throws. An existing target is
 * refused, never overwritten.
 */
export async function backupSqliteFile(source: string, target: string): Promise<SqliteBackupResult> {
  const started = process.hrtime.bigint();
  if (!fs.existsSync(source)) throw new Error(`There is no database at ${source}`);
  // Created here, exclusively: SQLite would open an existing file and copy over it.
  fs.closeSync(fs.openSync(target, 'wx', PRIVATE_FILE_MODE));
  try {
    const db = new DatabaseSync(source, { readOnly: true });
    try {
      await backup(db, target, { rate: ALL_PAGES });
    } finally {
      db.close();
    }
    assertIntact(target);
    syncToDisk(target);
  } catch (error) {
    fs.rmSync(target, { force: true });
    throw error;
  }
  return { bytes: fs.statSync(target).size, ms: Number(process.hrtime.bigint() - started) / 1e6 };
}

function assertIntact(file: string): void {
  const copy = new DatabaseSync(file);
  try {
    const rows = copy.prepare('PRAGMA integrity_check').all() as { integrity_check: string }[];
    const problems = rows.map((row) => row.integrity_check).filter((line) => line !== 'ok');
    if (problems.length > 0) throw new Error(`The copy ${file} failed its integrity check: ${problems.join('; ')}`);
  } finally {
    copy.close(); // the last connection: SQLite folds the copy's WAL back into it and removes it
  }
}

/** The file and its directory entry, so that the copy reported made survives a power cut. */
function syncToDisk(file: string): void {
  for (const [name, flags] of [
    [file, 'r+'],
    [path.dirname(file), 'r'],
  ]) {
    const fd = fs.openSync(name, flags);
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  }
}
