import { once } from 'node:events';
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../fs/private-files';
import { PROCESS_START_MS, removeFilesOlderThan } from '../fs/stale-files';
import { SMALL_BLOB_MAX_BYTES, type SqliteSmallBlobs } from '../sqlite/sqlite-small-blobs';
import { assertBlobKey, BlobNotFoundError, BlobStorage, InvalidBlobKeyError, type BlobInfo } from './blob-storage';

export interface LocalDiskBlobStorageOptions {
  /** The directory that holds everything; created when missing. */
  dir: string;
  /** Where buffers of at most 64 KB with the default type go (the many small ones): rows of the SQLite database. */
  smallBlobs: SqliteSmallBlobs;
}

interface BlobMeta {
  contentType: string;
}

const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

/**
 * Blobs as files under `<dir>/blobs/<key>`, their content type in `<dir>/meta/<key>.json` (none for
 * `application/octet-stream`).
 * Uploads are written to `<dir>/tmp/` and renamed into place, so a half-written upload is
 * never visible under its key; temp files older than the process (left by a kill) go when the
 * store opens. Keys live in their own tree, so no key can name a sidecar
 * or a temp file.
 * A file and its directory entry are synced before `put` resolves (fsync of the file, rename, fsync
 * of the directory), so an acknowledged upload survives a power cut.
 * A buffer of at most 64 KB with the default type (the many small ones) goes into the SQLite database
 * instead (SqliteSmallBlobs): one row rather than a file created, synced, renamed and later unlinked.
 * A key is looked up there first, then as a file, so files stored as files earlier stay readable.
 */
export class LocalDiskBlobStorage extends BlobStorage {
  private readonly root: string;
  private ready?: Promise<string>;
  /** Directories this process created or checked (not symlinks): each is checked once, not on every write. */
  private readonly checkedDirs = new Set<string>();
  /** Directories of the sidecar tree found missing: writing or deleting a blob of the default type there skips the unlink of a stale sidecar. */
  private readonly missingMetaDirs = new MissingDirs();
  /** Directories of the blob tree found missing: a small blob there has no older file to remove. */
  private readonly missingBlobDirs = new MissingDirs();

  constructor(private readonly options: LocalDiskBlobStorageOptions) {
    super();
    this.root = path.resolve(options.dir);
  }

  async put(key: string, body: Readable | Buffer, contentType: string): Promise<BlobInfo> {
    if (Buffer.isBuffer(body) && body.length <= SMALL_BLOB_MAX_BYTES && (contentType || DEFAULT_CONTENT_TYPE) === DEFAULT_CONTENT_TYPE) {
      // A file stored under this key before (by an earlier version, or when it was typed) goes.
      const file = await this.storedFile(key);
      await this.options.smallBlobs.put(key, body);
      if (file) await this.removeStoredFile(file);
      return { size: body.length, contentType: DEFAULT_CONTENT_TYPE };
    }
    const { blobPath, metaPath } = this.paths(key);
    await this.init();
    const tmpBase = path.join(this.root, 'tmp', randomUUID());
    const tmpBlob = `${tmpBase}.blob`;
    const tmpMeta = `${tmpBase}.json`;
    try {
      // A buffer is written in one call; only a stream needs a pipeline (and a stat for its size).
      if (Buffer.isBuffer(body)) await fs.writeFile(tmpBlob, body, { flag: 'wx', mode: PRIVATE_FILE_MODE, flush: true });
      else await writeStream(body, tmpBlob);
      // The default type needs no sidecar (a missing one reads as the default): one file less per blob.
      const meta: BlobMeta = { contentType: contentType || DEFAULT_CONTENT_TYPE };
      const sidecar = meta.contentType !== DEFAULT_CONTENT_TYPE;
      if (sidecar) await fs.writeFile(tmpMeta, JSON.stringify(meta), { flag: 'wx', mode: PRIVATE_FILE_MODE, flush: true });
      // Forgotten once the directories exist: a check that found one missing while it was being made (a delete
      // beside this put) must not stay remembered, or a later delete would skip the sidecar left in it.
      await makeParents(path.join(this.root, 'blobs'), key, this.checkedDirs);
      this.missingBlobDirs.forget();
      if (sidecar) {
        await makeParents(path.join(this.root, 'meta'), `${key}.json`, this.checkedDirs);
        this.missingMetaDirs.forget();
      }
      const size = Buffer.isBuffer(body) ? body.length : (await fs.stat(tmpBlob)).size;
      await fs.rename(tmpBlob, blobPath);
      if (sidecar) await fs.rename(tmpMeta, metaPath);
      else await this.removeSidecar(metaPath);
      await syncDir(path.dirname(blobPath));
      if (sidecar) await syncDir(path.dirname(metaPath));
      await this.options.smallBlobs.delete(key);
      return { size, contentType: meta.contentType };
    } catch (error) {
      // A directory removed behind this process's back is checked (and made) again next time.
      this.checkedDirs.clear();
      // Nothing half-written stays behind; after both renames there is nothing left to remove.
      await fs.rm(tmpBlob, { force: true });
      await fs.rm(tmpMeta, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Readable> {
    const { blobPath } = this.paths(key);
    const realRoot = await this.init();
    const small = this.options.smallBlobs.read(key);
    if (small) return Readable.from([small], { objectMode: false });
    await this.assertExistingInside(blobPath, realRoot, key);
    const handle = await fs.open(blobPath, 'r').catch((error: unknown) => {
      throw isMissing(error) ? new BlobNotFoundError(key) : error;
    });
    if (!(await handle.stat()).isFile()) {
      await handle.close();
      throw new BlobNotFoundError(key);
    }
    // The open handle keeps these bytes readable even if the blob is replaced meanwhile.
    return handle.createReadStream();
  }

  async stat(key: string): Promise<BlobInfo | null> {
    const { blobPath, metaPath } = this.paths(key);
    const realRoot = await this.init();
    const smallSize = this.options.smallBlobs.size(key);
    if (smallSize !== undefined) return { size: smallSize, contentType: DEFAULT_CONTENT_TYPE };
    try {
      await this.assertExistingInside(blobPath, realRoot, key);
      const stats = await fs.stat(blobPath);
      if (!stats.isFile()) return null;
      return { size: stats.size, contentType: await readContentType(metaPath) };
    } catch (error) {
      if (error instanceof BlobNotFoundError || isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const file = await this.storedFile(key);
    await this.options.smallBlobs.delete(key);
    if (file) await this.removeStoredFile(file);
  }

  async ping(): Promise<void> {
    await this.init();
    await fs.access(path.join(this.root, 'tmp'), fs.constants.W_OK);
  }

  /**
   * The paths of the file that may be stored under the key; null when there is none for sure.
   * Refuses a file reached through a symlink that leads outside the store.
   */
  private async storedFile(key: string): Promise<{ blobPath: string; metaPath: string } | null> {
    const paths = this.paths(key);
    const realRoot = await this.init();
    const dir = path.dirname(paths.blobPath);
    if (await this.missingBlobDirs.has(dir)) return null;
    // Unlinking a symlink removes the link, never its target; only a directory on the way could lead
    // outside, and the directories this process made or checked cannot.
    if (this.checkedDirs.has(dir)) return paths;
    try {
      await this.assertExistingInside(paths.blobPath, realRoot, key);
      return paths;
    } catch (error) {
      if (error instanceof BlobNotFoundError) return null;
      throw error;
    }
  }

  private async removeStoredFile({ blobPath, metaPath }: { blobPath: string; metaPath: string }): Promise<void> {
    try {
      await removeFile(blobPath);
    } catch (error) {
      // A key that names a directory of other blobs holds no blob itself.
      if (isDirectory(error)) return;
      throw error;
    }
    await this.removeSidecar(metaPath);
  }

  /**
   * Creates the directory tree and sweeps the temp files left by an earlier process, once;
   * resolves with the real path of the blob tree.
   */
  private init(): Promise<string> {
    this.ready ??= (async () => {
      for (const sub of ['blobs', 'meta', 'tmp']) await fs.mkdir(path.join(this.root, sub), { recursive: true, mode: PRIVATE_DIR_MODE });
      // Temp files of uploads a stopped process never finished: nothing else would remove them.
      await removeFilesOlderThan(path.join(this.root, 'tmp'), PROCESS_START_MS);
      return fs.realpath(path.join(this.root, 'blobs'));
    })();
    this.ready.catch(() => (this.ready = undefined));
    return this.ready;
  }

  /** Validates the key and maps it to paths that are checked to stay inside their trees. */
  private paths(key: string): { blobPath: string; metaPath: string } {
    assertBlobKey(key);
    const blobs = path.join(this.root, 'blobs');
    const metas = path.join(this.root, 'meta');
    const blobPath = path.resolve(blobs, key);
    const metaPath = path.resolve(metas, `${key}.json`);
    if (!isInside(blobPath, blobs) || !isInside(metaPath, metas)) throw new InvalidBlobKeyError(key);
    return { blobPath, metaPath };
  }

  /** Removes a blob's sidecar if it may have one: one unlink, or none where the sidecar tree has no such directory. */
  private async removeSidecar(metaPath: string): Promise<void> {
    if (!(await this.missingMetaDirs.has(path.dirname(metaPath)))) await removeFile(metaPath);
  }

  /** Refuses a blob reached through a symlink that points outside the store. */
  private async assertExistingInside(file: string, realBlobRoot: string, key: string): Promise<void> {
    let real: string;
    try {
      real = await fs.realpath(file);
    } catch (error) {
      if (isMissing(error)) throw new BlobNotFoundError(key);
      throw error;
    }
    if (!isInside(real, realBlobRoot)) throw new InvalidBlobKeyError(key);
  }
}

/**
 * Directories found missing, so no file can be in them; each is looked up once. All are forgotten
 * when this process makes directories in the tree (the store's directory belongs to one process),
 * and a lookup that ran across that is not remembered.
 */
class MissingDirs {
  private readonly dirs = new Set<string>();
  private generation = 0;

  async has(dir: string): Promise<boolean> {
    if (this.dirs.has(dir)) return true;
    const generation = this.generation;
    if (await isPresent(dir)) return false;
    if (generation === this.generation) this.dirs.add(dir);
    return true;
  }

  forget(): void {
    this.generation++;
    this.dirs.clear();
  }
}

function isInside(candidate: string, dir: string): boolean {
  const relative = path.relative(dir, candidate);
  return relative !== '' && relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative);
}

/**
 * Creates the directories between `tree` and the file one segment at a time, refusing
 * a segment that is a symlink, so a write can never land outside the tree.
 */
async function makeParents(tree: string, relativeFile: string, checked: Set<string>): Promise<void> {
  let current = tree;
  for (const segment of relativeFile.split('/').slice(0, -1)) {
    current = path.join(current, segment);
    if (checked.has(current)) continue;
    const stats = await fs.lstat(current).catch((error: unknown) => {
      if (isMissing(error)) return null;
      throw error;
    });
    if (!stats) {
      const created = await fs.mkdir(current, PRIVATE_DIR_MODE).then(
        () => true,
        (error: unknown) => {
          if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
          return false;
        },
      );
      if (created) checked.add(current);
      continue;
    }
    if (stats.isSymbolicLink() || !stats.isDirectory()) {
      throw new InvalidBlobKeyError(relativeFile);
    }
    checked.add(current);
  }
}

/** Makes a rename into the directory durable (the entry is part of the directory's data). */
async function syncDir(dir: string): Promise<void> {
  const handle = await fs.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function readContentType(metaPath: string): Promise<string> {
  try {
    const meta = JSON.parse(await fs.readFile(metaPath, 'utf8')) as Partial<BlobMeta>;
    return typeof meta.contentType === 'string' && meta.contentType ? meta.contentType : DEFAULT_CONTENT_TYPE;
  } catch {
    return DEFAULT_CONTENT_TYPE;
  }
}

/** Removes a file that may not exist: one unlink (`fs.rm` would lstat first, on every small blob written). */
async function removeFile(file: string): Promise<void> {
  await fs.unlink(file).catch((error: unknown) => {
    if (!isMissing(error)) throw error;
  });
}

async function isPresent(file: string): Promise<boolean> {
  try {
    await fs.lstat(file);
    return true;
  } catch (error) {
    if (isMissing(error)) return false;
    throw error;
  }
}

function isDirectory(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'EISDIR' || code === 'EPERM';
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/**
 * Streams into a new file. On failure it waits until the file stream has closed: the file may be
 * created only after the source failed, and the caller's cleanup must not run before that.
 */
async function writeStream(body: Readable, file: string): Promise<void> {
  const out = createWriteStream(file, { flags: 'wx', mode: PRIVATE_FILE_MODE, flush: true });
  try {
    await pipeline(body, out);
  } catch (error) {
    if (!out.closed) await once(out, 'close').catch(() => undefined);
    throw error;
  }
}
