import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** The key that encrypts, and earlier ones that still decrypt (rotation). Each is 32 bytes. */
export interface SecretKeys {
  current: Buffer;
  previous: Buffer[];
}

/** Thrown when a sealed value cannot be opened: its key is not configured, or the value was altered. */
export class SecretCipherError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretCipherError';
  }
}

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** `enc:v1:<key id>:<base64url of iv ‖ tag ‖ ciphertext>`; v1 is AES-256-GCM with a 96-bit random IV. */
const SEALED = /^enc:v1:([0-9a-f]{8}):([A-Za-z0-9_-]{38,})$/;

/** A short public name of a key (not a secret: 32 bits of its SHA-256), stored with what it sealed. */
export const secretKeyId = (key: Buffer): string => createHash('sha256').update('quire secret key id\0').update(key).digest('hex').slice(0, 8);

/**
 * Encrypts the secrets the API must show again, for storage (AES-256-GCM, Node's crypto). A sealed
 * value names the key that sealed it, so values sealed under a previous key still open after a
 * rotation and can be told apart for re-sealing under the current one.
 */
export class SecretCipher {
  private readonly currentId: string;
  private readonly keys = new Map<string, Buffer>();

  constructor(keys: SecretKeys) {
    for (const key of [keys.current, ...keys.previous]) {
      if (key.length !== 32) throw new RangeError(`a secret key is 32 bytes, got ${key.length}`);
      const id = secretKeyId(key);
      if (!this.keys.has(id)) this.keys.set(id, key);
    }
    this.currentId = secretKeyId(keys.current);
  }

  /** The id of the key that seals. */
  get keyId(): string {
    return this.currentId;
  }

  seal(plaintext: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, this.keys.get(this.currentId) as Buffer, iv);
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return `enc:v1:${this.currentId}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
  }

  open(sealed: string): string {
    const match = SEALED.exec(sealed);
    if (!match) throw new SecretCipherError('not a sealed value');
    const [, id, encoded] = match;
    const key = this.keys.get(id);
    if (!key) throw new SecretCipherError(`sealed under key ${id}, which is neither the current key (${this.currentId}) nor a previous one`);
    const bytes = Buffer.from(encoded, 'base64url');
    const decipher = createDecipheriv(ALGORITHM, key, bytes.subarray(0, IV_BYTES));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    try {
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretCipherError(`a value sealed under key ${id} was altered`);
    }
  }

  /** Whether the value has the sealed format (anything else is a value stored before encryption). */
  isSealed(value: string): boolean {
    return SEALED.test(value);
  }

  /** Whether the value is sealed under the current key; a plain value or an earlier key's is not. */
  isCurrent(value: string): boolean {
    return SEALED.exec(value)?.[1] === this.currentId;
  }
}
