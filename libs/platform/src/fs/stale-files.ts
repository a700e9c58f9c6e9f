import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';

/**
 * When this process started (milliseconds since the epoch). A temporary file last written before
 * it is no work of this process: it was left by one that stopped (killed, crashed) half-way.
 */
export const PROCESS_START_MS = performance.timeOrigin;

/**
 * Removes the files directly in `dir` (not directories, not symlinks' targets) last modified
 * before `beforeMs` and, when given, accepted by `isOurs`. A missing directory, or a file that
 * goes meanwhile, is not an error. Resolves with the number of files removed.
 */
export async function removeFilesOlderThan(dir: string, beforeMs: number, isOurs: (name: string) => boolean = () => true): Promise<number> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (error) {
    if (isMissing(error)) return 0;
    throw error;
  }
  let removed = 0;
  for (const name of names.filter(isOurs)) {
    const file = path.join(dir, name);
    try {
      const stats = await fs.lstat(file);
      if (!stats.isFile() || stats.mtimeMs >= beforeMs) continue;
      await fs.unlink(file);
      removed += 1;
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }
  return removed;
}

/** Whether a process with this id is running (one that exists but is not ours counts as running). */
export function isProcessRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
}
