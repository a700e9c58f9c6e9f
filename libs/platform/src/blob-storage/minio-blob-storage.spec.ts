import { startS3Server, type S3Server } from '@quire/testing';
import { describeBlobStorageContract } from './blob-storage.contract';
import { MinioBlobStorage } from './minio-blob-storage';
import { Readable } from 'node:stream';
import { randomBytes } from 'node:crypto';

let server: S3Server;
let bucketSeq = 0;

beforeAll(async () => {
  server = await startS3Server();
});

afterAll(async () => {
  await server.stop();
});

function storage(options: { memoryLimit?: number } = {}): MinioBlobStorage {
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
