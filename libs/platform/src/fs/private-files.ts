import * as fs from 'node:fs';
import * as path from 'node:path';

/** What Quire writes under DATA_DIR is readable by its own user only. */
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;

/** Creates the directory and its missing parents as 0700 (an existing one is left as it is). */
export function makePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/**
 * Creates the data directory as 0700. One that others may enter (made by an earlier version, or
 * by an image's `mkdir`) is closed, and everything below it restricted first: files 0600,
 * directories 0700 (files keep their owner's bits). Once closed, it is not walked again.
 */
export function preparePrivateDataDir(dir: string): void {
  makePrivateDir(dir);
  if ((fs.statSync(dir).mode & 0o077) === 0) return;
  restrictTree(dir);
  fs.chmodSync(dir, PRIVATE_DIR_MODE);
}

/** Takes group and other permissions off everything below `dir` (symlinks are not followed). */
function restrictTree(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      restrictTree(full);
      fs.chmodSync(full, PRIVATE_DIR_MODE);
    } else if (entry.isFile()) {
      fs.chmodSync(full, fs.statSync(full).mode & 0o700);
    }
  }
}
