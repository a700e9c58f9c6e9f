import * as fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';

/** An S3-protocol server running in this process, for the MinIO blob storage adapter. */
export interface S3Server {
  /** `http://127.0.0.1:<port>` */
  endpoint: string;
  accessKey: string;
  secretKey: string;
  /** A bucket name for the test to use; it does not exist until the client creates it. */
  bucket: string;
  region: string;
  /** Where the server keeps the objects (to see what a test left stored). */
  directory: string;
  /** Stops the server and removes its files. */
  stop(): Promise<void>;
}

/** The part of s3rver's (untyped) API used here. */
interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverConstructor = new (options: { address: string; port: number; silent: boolean; directory: string; resetOnClose: boolean }) => S3rverInstance;

/** Starts s3rver on a free loopback port with its files in a temp directory. It accepts any credentials. */
export async function startS3Server(): Promise<S3Server> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- s3rver ships no types: S3rverConstructor above describes the part used
  const S3rver = require('s3rver') as S3rverConstructor;
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, resetOnClose: false });
  const address = await server.run();
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    accessKey: 'S3RVER',
    secretKey: 'S3RVER',
    bucket: 'quire-test',
    region: 'us-east-1',
    directory,
    async stop() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
