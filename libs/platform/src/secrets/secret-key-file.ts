import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { makePrivateDir, PRIVATE_FILE_MODE } from '../fs/private-files';
import type { SecretKeys } from './secret-cipher';

const HEADER = [
  '# Quire secret key: encrypts the secrets kept at rest (AES-256-GCM). Back it up with DATA_DIR, never inside it:',
  '# without it those secrets cannot be read. The first key encrypts; the keys below it (previous ones) only decrypt.',
];

/**
 * The key file of an embedded Quire started without QUIRE_SECRET_KEY: read, or created once with
 * a fresh random key (mode 0600, its directory made 0700 when missing). Two processes creating it
 * at once end up with the same key: the file appears whole or not at all, and the loser reads it.
 */
export function loadOrCreateSecretKeyFile(file: string): SecretKeys {
  const existing = readSecretKeyFile(file);
  if (existing) return existing;
  const keys: SecretKeys = { current: randomBytes(32), previous: [] };
  makePrivateDir(path.dirname(file));
  const temp = `${file}.${process.pid}.tmp`;
  try {
    fs.writeFileSync(temp, render(keys), { mode: PRIVATE_FILE_MODE });
    // A hard link appears whole, and fails when the file exists: never a half-written key file.
    fs.linkSync(temp, file);
    return keys;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw withFile(file, error);
    return readSecretKeyFile(file) as SecretKeys;
  } finally {
    fs.rmSync(temp, { force: true });
  }
}

/** The keys in the file, or null when there is no file. A file others may read is made 0600 first. */
export function readSecretKeyFile(file: string): SecretKeys | null {
  let text: string;
  try {
    if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, PRIVATE_FILE_MODE);
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw withFile(file, error);
  }
  const keys = text
    .split('\n')
    .map((line, index) => ({ line: line.trim(), number: index + 1 }))
    .filter(({ line }) => line !== '' && !line.startsWith('#'))
    .map(({ line, number }) => {
      const key = Buffer.from(line, 'base64');
      if (key.length !== 32 || !/^[A-Za-z0-9+/]{43}=$/.test(line)) {
        throw new Error(`${file}, line ${number}: not a secret key (32 bytes in base64)`);
      }
      return key;
    });
  if (keys.length === 0) throw new Error(`${file} holds no key`);
  return { current: keys[0], previous: keys.slice(1) };
}

/**
 * Puts a fresh key first; the former keys stay as previous ones, so what they encrypted (and
 * backups made before) can still be read. Replaces the file atomically (temp file, rename).
 */
export function rotateSecretKeyFile(file: string): SecretKeys {
  const before = readSecretKeyFile(file);
  if (!before) throw new Error(`${file} does not exist: there is no key to rotate`);
  const keys: SecretKeys = { current: randomBytes(32), previous: [before.current, ...before.previous] };
  replace(file, keys);
  return keys;
}

/** Drops the previous keys, once every secret is sealed under the current one and no older backup is kept. */
export function forgetPreviousSecretKeys(file: string): SecretKeys {
  const before = readSecretKeyFile(file);
  if (!before) throw new Error(`${file} does not exist`);
  const keys: SecretKeys = { current: before.current, previous: [] };
  replace(file, keys);
  return keys;
}

function replace(file: string, keys: SecretKeys): void {
  const temp = `${file}.${process.pid}.tmp`;
  try {
    fs.writeFileSync(temp, render(keys), { mode: PRIVATE_FILE_MODE });
    fs.renameSync(temp, file);
  } catch (error) {
    fs.rmSync(temp, { force: true });
    throw withFile(file, error);
  }
}

function render(keys: SecretKeys): string {
  return [...HEADER, ...[keys.current, ...keys.previous].map((key) => key.toString('base64')), ''].join('\n');
}

function withFile(file: string, error: unknown): Error {
  return new Error(`Secret key file ${file}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
}
