import { randomBytes } from 'node:crypto';
import { SecretCipher, SecretCipherError, secretKeyId } from './secret-cipher';
import { hashSecret, secretsEqual } from './secret-hash';

describe(SecretCipher.name, () => {
  const current = randomBytes(32);
  const previous = randomBytes(32);

  it('seals into the versioned format naming its key, and opens what it sealed', () => {
    const sut = new SecretCipher({ current, previous: [] });

    const sealed = sut.seal('visit-pässwörd 🔑');

    expect(sealed).toMatch(new RegExp(`^enc:v1:${secretKeyId(current)}:[A-Za-z0-9_-]+$`));
    expect(sealed).not.toContain('visit');
    expect(sut.open(sealed)).toBe('visit-pässwörd 🔑');
    expect(sut.open(sut.seal(''))).toBe('');
  });

  it('seals the same text differently every time (random IV)', () => {
    const sut = new SecretCipher({ current, previous: [] });
    expect(sut.seal('same')).not.toBe(sut.seal('same'));
  });

  it('after a rotation opens what a previous key sealed, and tells it apart from the current key', () => {
    const before = new SecretCipher({ current: previous, previous: [] });
    const sut = new SecretCipher({ current, previous: [previous] });
    const old = before.seal('older secret');

    expect(sut.open(old)).toBe('older secret');
    expect(sut.isSealed(old)).toBe(true);
    expect(sut.isCurrent(old)).toBe(false);
    expect(sut.isCurrent(sut.seal('x'))).toBe(true);
    expect(sut.isSealed('typed in clear')).toBe(false);
    expect(sut.isCurrent('typed in clear')).toBe(false);
  });

  it('refuses a value sealed under a key it does not have, naming the key id', () => {
    const other = new SecretCipher({ current: randomBytes(32), previous: [] });
    const sut = new SecretCipher({ current, previous: [previous] });

    expect(() => sut.open(other.seal('x'))).toThrow(SecretCipherError);
    expect(() => sut.open(other.seal('x'))).toThrow(new RegExp(`key ${other.keyId}`));
  });

  it('refuses an altered value (GCM authentication)', () => {
    const sut = new SecretCipher({ current, previous: [] });
    const sealed = sut.seal('do not touch');
    const body = Buffer.from(sealed.split(':')[3], 'base64url');
    body[body.length - 1] ^= 1;

    expect(() => sut.open(`enc:v1:${sut.keyId}:${body.toString('base64url')}`)).toThrow(/altered/);
    expect(() => sut.open('plain text')).toThrow(SecretCipherError);
  });

  it('takes only 32-byte keys', () => {
    expect(() => new SecretCipher({ current: randomBytes(16), previous: [] })).toThrow(RangeError);
  });
});

describe(hashSecret.name, () => {
  it('is the SHA-256 of the secret, in hex', () => {
    expect(hashSecret('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('compares secrets of any length', () => {
    expect(secretsEqual('token-1', 'token-1')).toBe(true);
    expect(secretsEqual('token-1', 'token-2')).toBe(false);
    expect(secretsEqual('short', 'a much longer value')).toBe(false);
  });
});
