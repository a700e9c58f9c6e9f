import { PasswordHasher } from './password-hasher';

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
});
