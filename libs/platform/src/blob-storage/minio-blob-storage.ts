import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { Client } from 'minio';
import { isProcessRunning, PROCESS_START_MS, removeFilesOlderThan } from '../fs/stale-files';
import { assertBlobKey, BlobNotFoundError, BlobStorage, type BlobInfo } from './blob-storage';

export interface MinioBlobStorageOptions {
  /** `http(s)://host:port` */
  endpoint: string;
  accessKey: string;
  secretKey: string;
  bucket: string;
  region: string;
  /** Streams up to this many bytes are buffered in memory; longer ones spill to a temp file (default 8 MiB). */
  memoryLimit?: number;
  /** Where spilled streams go (default the system's temp directory). */
  tempDir?: string;
}

/** A spill file: `quire-upload-<pid of its process>-<uuid>` (older versions wrote `quire-upload-<uuid>`). */
const SPILL_NAME = /^quire-upload-(?:(\d+)-)?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Whether a spill file was left by a process that stopped: written before this process started,
 * by an older version, by this process id in an earlier life (a restarted container), or by a
 * process that no longer runs. Another running process's spill stays.
 */
function isStaleSpill(name: string): boolean {
  const match = SPILL_NAME.exec(name);
  if (!match) return false;
  if (match[1] === undefined) return true;
  const pid = Number(match[1]);
  return pid === process.pid || !isProcessRunning(pid);
}

const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

/**
 * Blobs as objects in one S3 bucket (MinIO or any S3). The bucket is created on first use.
 * Every object is uploaded with its size known: a stream is collected first (in memory,
 * or in a temp file past `memoryLimit`), so no upload depends on chunked transfer and
 * parts are sized for the real length. Spill files a stopped process left behind go when the
 * store is first used.
 */
export class MinioBlobStorage extends BlobStorage {
  private readonly client: Client;
  private readonly bucket: string;
  private readonly region: string;
  private readonly memoryLimit: number;
  private readonly tempDir: string;
  private bucketReady?: Promise<void>;
  private spillsSwept?: Promise<unknown>;

  constructor(options: MinioBlobStorageOptions) {
    super();
    const url = new URL(options.endpoint);
    const useSSL = url.protocol === 'https:';
    this.client = new Client({
      endPoint: url.hostname,
      port: url.port ? Number(url.port) : useSSL ? 443 : 80,
      useSSL,
      accessKey: options.accessKey,
      secretKey: options.secretKey,
      region: options.region,
      pathStyle: true,
    });
    this.bucket = options.bucket;
    this.region = options.region;
    this.memoryLimit = options.memoryLimit ?? 8 * 1024 * 1024;
    this.tempDir = options.tempDir ?? os.tmpdir();
  }

  async put(key: string, body: Readable | Buffer, contentType: string): Promise<BlobInfo> {
    assertBlobKey(key);
    const type = contentType || DEFAULT_CONTENT_TYPE;
    const metaData = { 'Content-Type': type };
    await this.ensureBucket();
    if (Buffer.isBuffer(body)) {
      await this.client.putObject(this.bucket, key, body, body.length, metaData);
      return { size: body.length, contentType: type };
    }
    const collected = await this.collect(body);
    try {
      const source = 'buffer' in collected ? collected.buffer : createReadStream(collected.file);
      await this.client.putObject(this.bucket, key, source, collected.size, metaData);
      return { size: collected.size, contentType: type };
    } finally {
      if ('file' in collected) await fs.rm(collected.file, { force: true });
    }
  }

  async get(key: string): Promise<Readable> {
    assertBlobKey(key);
    await this.ensureBucket();
    try {
      return await this.client.getObject(this.bucket, key);
    } catch (error) {
      if (isNotFound(error)) throw new BlobNotFoundError(key);
      throw error;
    }
  }

  async stat(key: string): Promise<BlobInfo | null> {
    assertBlobKey(key);
    await this.ensureBucket();
    try {
      const stat = await this.client.statObject(this.bucket, key);
      const metaData = stat.metaData as Record<string, unknown>;
      const type = metaData['content-type'] ?? metaData['Content-Type'];
      return { size: stat.size, contentType: typeof type === 'string' && type ? type : DEFAULT_CONTENT_TYPE };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertBlobKey(key);
    await this.ensureBucket();
    try {
      await this.client.removeObject(this.bucket, key);
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }

  async ping(): Promise<void> {
    await this.ensureBucket();
  }

  private async ensureBucket(): Promise<void> {
    // A temp directory that cannot be swept must not stop the store: spills are swept on the next start.
    this.spillsSwept ??= removeFilesOlderThan(this.tempDir, PROCESS_START_MS, isStaleSpill).catch(() => undefined);
    await this.spillsSwept;
    this.bucketReady ??= (async () => {
      if (await this.client.bucketExists(this.bucket)) return;
      try {
        await this.client.makeBucket(this.bucket, this.region);
      } catch (error) {
        // Another process may have created it meanwhile.
        const code = (error as { code?: string }).code;
        if (code !== 'BucketAlreadyOwnedByYou' && code !== 'BucketAlreadyExists') throw error;
      }
    })();
    this.bucketReady.catch(() => (this.bucketReady = undefined));
    await this.bucketReady;
  }

  /** Reads the stream to its end: into memory while it is small, into a temp file once it is not. */
  private async collect(body: Readable): Promise<{ size: number; buffer: Buffer } | { size: number; file: string }> {
    const chunks: Buffer[] = [];
    let size = 0;
    let file: string | undefined;
    let spill: WriteStream | undefined;
    try {
      for await (const chunk of body) {
        const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
        size += bytes.length;
        if (!spill && size > this.memoryLimit) {
          file = path.join(this.tempDir, `quire-upload-${process.pid}-${randomUUID()}`);
          spill = createWriteStream(file, { flags: 'wx', mode: 0o600 });
          for (const held of chunks) spill.write(held);
          chunks.length = 0;
        }
        if (spill) {
          if (!spill.write(bytes)) await once(spill, 'drain');
        } else {
          chunks.push(bytes);
        }
      }
      if (!spill || !file) return { size, buffer: Buffer.concat(chunks, size) };
      spill.end();
      await finished(spill);
      return { size, file };
    } catch (error) {
      spill?.destroy();
      if (file) await fs.rm(file, { force: true });
      throw error;
    }
  }
}

function isNotFound(error: unknown): boolean {
  const code = (error as { code?: string } | undefined)?.code;
  return code === 'NoSuchKey' || code === 'NotFound' || code === 'NoSuchObject';
}
