import { DatabaseSync } from 'node:sqlite';
import { showdocMd5PasswordHash } from '@quire/proto';
import { SHOWDOC_FIXTURE_DB } from '@quire/testing';
import { PasswordHasher, showdocMd5Digest } from './password-hasher';

/** The real ShowDoc 3.9.2 site (its README lists the users and passwords). */
const SHOWDOC_DB = SHOWDOC_FIXTURE_DB;

function showdocPasswordHashes(): Map<string, string> {
  const db = new DatabaseSync(SHOWDOC_DB, { readOnly: true });
  try {
    const rows = db.prepare('SELECT username, password FROM user').all() as { username: string; password: string }[];
    return new Map(rows.map((row) => [row.username, row.password]));
  } finally {
    db.close();
  }
}

describe(PasswordHasher.name, () => {
  const sut = new PasswordHasher();

  it('stores an argon2id hash, never the password', async () => {
    const hash = await sut.hash('correct horse');

    expect(hash).toMatch(/^\$argon2id\$/);
    expect(hash).not.toContain('correct horse');
  });

  it('salts every hash', async () => {
    expect(await sut.hash('same password')).not.toBe(await sut.hash('same password'));
  });

  it('verifies the right password and rejects a wrong one', async () => {
    const hash = await sut.hash('s3cret-pass');

    await expect(sut.verify(hash, 's3cret-pass')).resolves.toBe(true);
    await expect(sut.verify(hash, 's3cret-pasS')).resolves.toBe(false);
    await expect(sut.verify(hash, '')).resolves.toBe(false);
  });

  it('answers false for a malformed stored hash instead of throwing', async () => {
    await expect(sut.verify('not-a-hash', 'whatever')).resolves.toBe(false);
    await expect(sut.verify('', 'whatever')).resolves.toBe(false);
  });

  it('answers false for the decoy used with unknown usernames', async () => {
    await expect(sut.verifyDecoy('anything')).resolves.toBe(false);
  });

  describe('hashes a ShowDoc import brought', () => {
    const showdoc = showdocPasswordHashes();

    it.each([
      ['showdoc', '123456'],
      ['alice', 'alice-pass-1'],
      ['bob', 'bob-pass-1'],
    ])("verifies ShowDoc 3.9.2's bcrypt hash of %s as stored", async (username, password) => {
      const stored = showdoc.get(username) ?? '';
      expect(stored).toMatch(/^\$2y\$10\$/);

      await expect(sut.verify(stored, password)).resolves.toBe(true);
      await expect(sut.verify(stored, `${password}x`)).resolves.toBe(false);
      await expect(sut.verify(stored, password, { padBcrypt: true })).resolves.toBe(true);
      expect(sut.needsRehash(stored)).toBe(true);
    });

    it('verifies the same bcrypt hash written as $2b$ and $2a$', async () => {
      const stored = showdoc.get('alice') ?? '';

      await expect(sut.verify(stored.replace('$2y$', '$2b$'), 'alice-pass-1')).resolves.toBe(true);
      await expect(sut.verify(stored.replace('$2y$', '$2a$'), 'alice-pass-1')).resolves.toBe(true);
    });

    it("computes ShowDoc's older salted MD5 scheme", async () => {
      // ShowDoc's own seed row for `showdoc` / `123456` (no salt), in its UpdateModel and Sqlite/showdoc.db.php.
      expect(showdocMd5Digest('123456', '')).toBe('a89da13684490eb9ec9e613f91d24d00');
      // With salt 'abc', worked out with md5sum and base64 from the same formula.
      expect(showdocMd5Digest('123456', 'abc')).toBe('a6cc9db5151afcca8fa6b7f40e255f52');
      await expect(sut.verify('showdoc-md5$a89da13684490eb9ec9e613f91d24d00', '123456')).resolves.toBe(true);
    });

    it('verifies a salted and an unsalted ShowDoc MD5 hash, and nothing else', async () => {
      const salt = '0f3c5a1b9d7e2c4a6b8d0e1f2a3b4c5d';
      const salted = showdocMd5PasswordHash(showdocMd5Digest('dave-pass-1', salt), salt);
      const unsalted = showdocMd5PasswordHash(showdocMd5Digest('dave-pass-1', ''));

      expect(salted).toBe(`showdoc-md5$${salt}$${showdocMd5Digest('dave-pass-1', salt)}`);
      await expect(sut.verify(salted, 'dave-pass-1')).resolves.toBe(true);
      await expect(sut.verify(unsalted, 'dave-pass-1')).resolves.toBe(true);
      await expect(sut.verify(salted, 'dave-pass-2')).resolves.toBe(false);
      await expect(sut.verify(showdocMd5PasswordHash(showdocMd5Digest('dave-pass-1', salt)), 'dave-pass-1')).resolves.toBe(false);
      await expect(sut.verify('showdoc-md5$not-hex', 'dave-pass-1')).resolves.toBe(false);
      expect(sut.needsRehash(salted)).toBe(true);
    });

    it('never asks to re-hash an argon2id hash or a malformed one', async () => {
      expect(sut.needsRehash(await sut.hash('x'))).toBe(false);
      expect(sut.needsRehash('not-a-hash')).toBe(false);
    });

    it('answers false for the decoy with bcrypt padding too', async () => {
      await expect(sut.verifyDecoy('alice-pass-1', { padBcrypt: true })).resolves.toBe(false);
    });
  });
});
