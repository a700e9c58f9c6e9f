import type { Readable } from 'node:stream';

export interface BlobInfo {
  size: number;
  contentType: string;
}

export class BlobNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`No blob at ${key}`);
    this.name = 'BlobNotFoundError';
  }
}

export class InvalidBlobKeyError extends Error {
  constructor(readonly key: string) {
    super(`Invalid blob key: ${JSON.stringify(key)}`);
    this.name = 'InvalidBlobKeyError';
  }
}

/**
 * Keys are `/`-separated segments of letters, digits, `.`, `_` and `-`; no empty,
 * `.` or `..` segment, no leading `/`, at most 512 characters. Adapters call this
 * before a key touches a path or a URL.
 */
export function assertBlobKey(key: string): string {
  const valid = typeof key === 'string' && key.length > 0 && key.length <= 512 && key.split('/').every((segment) => /^[A-Za-z0-9._-]+$/.test(segment) && segment !== '.' && segment !== '..');
  if (!valid) throw new InvalidBlobKeyError(key);
  return key;
}

/** The file port: uploaded and generated files. Bytes stream in and out. */
export abstract class BlobStorage {
  /** Stores the stream or buffer under the key (replacing any blob there); resolves with the stored size. */
  abstract put(key: string, body: Readable | Buffer, contentType: string): Promise<BlobInfo>;
  /** A stream of the blob's bytes; rejects with BlobNotFoundError. */
  abstract get(key: string): Promise<Readable>;
  /** Size and type, or null when absent. */
  abstract stat(key: string): Promise<BlobInfo | null>;
  /** Removes the blob; removing an absent key is not an error. */
  abstract delete(key: string): Promise<void>;
  abstract ping(): Promise<void>;
}
