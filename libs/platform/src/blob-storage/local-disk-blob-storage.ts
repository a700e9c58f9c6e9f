import { once } from 'node:events';
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertBlobKey, BlobNotFoundError, BlobStorage, InvalidBlobKeyError, type BlobInfo } from './blob-storage';

export interface LocalDiskBlobStorageOptions {
  /** The directory that holds everything; created when missing. */
  dir: string;
}

interface BlobMeta {
  contentType: string;
}

const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

/**
 * Blobs as files under `<dir>/blobs/<key>`, their content type in `<dir>/meta/<key>.json` (none for
 * `application/octet-stream`).
 * Uploads are written to `<dir>/tmp/` and renamed into place, so a half-written upload is
 * never visible under its key. Keys live in their own tree, so no key can name a sidecar
 * or a temp file.
 */
export class LocalDiskBlobStorage extends BlobStorage {
  private readonly root: string;
  private ready?: Promise<string>;
  /** Directories this process created or checked (not symlinks): each is checked once, not on every write. */
  private readonly checkedDirs = new Set<string>();
  /**
   * Directories of the sidecar tree found missing: no sidecar can be there, so writing or deleting a
   * blob of the default type there skips the unlink of a stale one. Forgotten as soon as this process
   * writes a sidecar (the store's directory belongs to one process).
   */
  private readonly sidecarFreeDirs = new Set<string>();
  /** Counts sidecar writes, so a check that ran across one is not remembered. */
  private sidecarWrites = 0;

  constructor(options: LocalDiskBlobStorageOptions) {
    super();
    this.root = path.resolve(options.dir);
  }

  async put(key: string, body: Readable | Buffer, contentType: string): Promise<BlobInfo> {
    const { blobPath, metaPath } = this.paths(key);
    await this.init();
    const tmpBase = path.join(this.root, 'tmp', randomUUID());
    const tmpBlob = `${tmpBase}.blob`;
    const tmpMeta = `${tmpBase}.json`;
    try {
      // A buffer is written in one call; only a stream needs a pipeline (and a stat for its size).
      if (Buffer.isBuffer(body)) await fs.writeFile(tmpBlob, body, { flag: 'wx' });
      else await writeStream(body, tmpBlob);
      // The default type needs no sidecar (a missing one reads as the default): one file less per blob.
      const meta: BlobMeta = { contentType: contentType || DEFAULT_CONTENT_TYPE };
      const sidecar = meta.contentType !== DEFAULT_CONTENT_TYPE;
      if (sidecar) await fs.writeFile(tmpMeta, JSON.stringify(meta), { flag: 'wx' });
      await makeParents(path.join(this.root, 'blobs'), key, this.checkedDirs);
      if (sidecar) {
        this.sidecarWrites++;
        this.sidecarFreeDirs.clear();
        await makeParents(path.join(this.root, 'meta'), `${key}.json`, this.checkedDirs);
      }
      const size = Buffer.isBuffer(body) ? body.length : (await fs.stat(tmpBlob)).size;
      await fs.rename(tmpBlob, blobPath);
      if (sidecar) await fs.rename(tmpMeta, metaPath);
      else await this.removeSidecar(metaPath);
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
    const { blobPath, metaPath } = this.paths(key);
    const realRoot = await this.init();
    // Unlinking a symlink removes the link, never its target; only a directory on the way could lead
    // outside, and the directories this process made or checked cannot.
    if (!this.checkedDirs.has(path.dirname(blobPath))) {
      try {
        await this.assertExistingInside(blobPath, realRoot, key);
      } catch (error) {
        if (error instanceof BlobNotFoundError) return;
        throw error;
      }
    }
    try {
      await removeFile(blobPath);
    } catch (error) {
      // A key that names a directory of other blobs holds no blob itself.
      if (isDirectory(error)) return;
      throw error;
    }
    await this.removeSidecar(metaPath);
  }

  async ping(): Promise<void> {
    await this.init();
    await fs.access(path.join(this.root, 'tmp'), fs.constants.W_OK);
  }

  /** Creates the directory tree once; resolves with the real path of the blob tree. */
  private init(): Promise<string> {
    this.ready ??= (async () => {
      for (const sub of ['blobs', 'meta', 'tmp']) await fs.mkdir(path.join(this.root, sub), { recursive: true });
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
    const dir = path.dirname(metaPath);
    if (this.sidecarFreeDirs.has(dir)) return;
    const writes = this.sidecarWrites;
    if (await isPresent(dir)) {
      await removeFile(metaPath);
    } else if (writes === this.sidecarWrites) {
      this.sidecarFreeDirs.add(dir);
    }
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
      const created = await fs.mkdir(current).then(
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

async function readContentType(metaPath: string): Promise<string> {
  try {
    const meta = JSON.parse(await fs.readFile(metaPath, 'utf8')) as Partial<BlobMeta>;
    return typeof meta.contentType === 'string' && meta.contentType ? meta.contentType : DEFAULT_CONTENT_TYPE;
  } catch {
    return DEFAULT_CONTENT_TYPE;
  }
}

/** Removes a file that may not exist: one unlink (`fs.rm` would lstat first, on every save's history blob). */
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
  const out = createWriteStream(file, { flags: 'wx' });
  try {
    await pipeline(body, out);
  } catch (error) {
    if (!out.closed) await once(out, 'close').catch(() => undefined);
    throw error;
  }
}
