import { describeWith, MINIO_IMAGE, startMinioContainer, startS3Server, type S3Server } from '@quire/testing';
import { describeBlobStorageContract } from './blob-storage.contract';
import { MinioBlobStorage } from './minio-blob-storage';
import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { PassThrough, Readable } from 'node:stream';

let server: S3Server;
let bucketSeq = 0;

beforeAll(async () => {
  server = await startS3Server();
});

afterAll(async () => {
  await server.stop();
});

function storage(options: { memoryLimit?: number; tempDir?: string } = {}): MinioBlobStorage {
  bucketSeq += 1;
  return new MinioBlobStorage({
    endpoint: server.endpoint,
    accessKey: server.accessKey,
    secretKey: server.secretKey,
    bucket: `${server.bucket}-${bucketSeq}`,
    region: server.region,
    ...options,
  });
}

describeBlobStorageContract(`${MinioBlobStorage.name} on s3rver`, async () => ({
  sut: storage(),
  dispose: async () => undefined,
}));

/**
 * The same contract against a real MinIO that testcontainers starts where Docker runs (a developer's
 * laptop). None runs on these machines: the suite skips there, naming why, even under REQUIRE_ALL_SUITES=1.
 */
describeWith({ container: MINIO_IMAGE, exempt: true }, `${MinioBlobStorage.name} on MinIO`, () => {
  let minio: Awaited<ReturnType<typeof startMinioContainer>>;
  let bucket = 0;

  beforeAll(async () => {
    minio = await startMinioContainer();
  }, 5 * 60_000);

  afterAll(async () => {
    await minio?.stop();
  });

  describeBlobStorageContract(`${MinioBlobStorage.name} on MinIO`, async () => ({
    sut: new MinioBlobStorage({ ...minio, bucket: `${minio.bucket}-${++bucket}` }),
    dispose: async () => undefined,
  }));
});

describe(MinioBlobStorage.name, () => {
  it('creates its bucket on first use, and a second instance finds it', async () => {
    const sut = storage();
    await expect(sut.ping()).resolves.toBeUndefined();
    await sut.put('a.txt', Buffer.from('abc'), 'text/plain');

    const again = new MinioBlobStorage({ ...server, bucket: `${server.bucket}-${bucketSeq}` });

    expect(await again.stat('a.txt')).toEqual({ size: 3, contentType: 'text/plain' });
  });

  it('uploads a stream longer than its memory limit through a temp file', async () => {
    const sut = storage({ memoryLimit: 256 * 1024 });
    const bytes = randomBytes(900 * 1024);

    const info = await sut.put('spilled.bin', Readable.from([bytes.subarray(0, 300_000), bytes.subarray(300_000)]), 'application/zip');

    expect(info).toEqual({ size: bytes.length, contentType: 'application/zip' });
    const chunks: Buffer[] = [];
    for await (const chunk of await sut.get('spilled.bin')) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
  });

  it('removes the spill files of stopped processes when it opens; a running process keeps its own', async () => {
    const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-spills-'));
    const exited = spawnSync(process.execPath, ['-e', '']).pid;
    const spill = (pid?: number) => `quire-upload-${pid === undefined ? '' : `${pid}-`}${randomUUID()}`;
    const beforeThisProcess = new Date(performance.timeOrigin - 3600_000);
    const leave = (name: string) => {
      fs.writeFileSync(path.join(tempDir, name), 'part of an upload');
      fs.utimesSync(path.join(tempDir, name), beforeThisProcess, beforeThisProcess);
      return name;
    };
    const stale = [leave(spill(exited)), leave(spill(process.pid)), leave(spill())];
    const kept = [leave(spill(process.ppid)), leave('notes.txt')].sort();
    try {
      await storage({ tempDir }).ping();

      expect(fs.readdirSync(tempDir).sort()).toEqual(kept);
      expect(stale.some((name) => fs.existsSync(path.join(tempDir, name)))).toBe(false);
    } finally {
      fs.rmSync(tempDir, { recursive: true, force: true });
    }
  });

  it('leaves a spill being written alone when another instance opens', async () => {
    const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-spills-'));
    try {
      const sut = storage({ memoryLimit: 1024, tempDir });
      await sut.ping();
      const body = new PassThrough();
      const live = sut.put('live.bin', body, 'application/zip');
      body.write(randomBytes(4096));
      while (fs.readdirSync(tempDir).length === 0) await new Promise((resolve) => setTimeout(resolve, 5));

      await storage({ tempDir }).ping();

      expect(fs.readdirSync(tempDir)).toEqual([expect.stringMatching(new RegExp(`^quire-upload-${process.pid}-`))]);
      body.end(randomBytes(1024));
      await expect(live).resolves.toEqual({ size: 5120, contentType: 'application/zip' });
      expect(fs.readdirSync(tempDir)).toEqual([]);
    } finally {
      fs.rmSync(tempDir, { recursive: true, force: true });
    }
  });

  it('fails ping when the server is unreachable', async () => {
    const sut = new MinioBlobStorage({
      endpoint: 'http://127.0.0.1:1',
      accessKey: 'x',
      secretKey: 'y',
      bucket: 'nope',
      region: 'us-east-1',
    });

    await expect(sut.ping()).rejects.toThrow();
  });
});
