import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { DocumentStore } from '../document-store/document-store';
import { LocalDatabase } from '../sqlite/local-database';
import { SealedCollection } from './sealed-collection';
import { SecretCipher } from './secret-cipher';

interface Vault {
  id: number;
  label: string;
  secret: string;
  attempts?: number;
}

describe(SealedCollection.name, () => {
  let dir: string;
  let local: LocalDatabase;
  let store: DocumentStore;
  const oldKey = randomBytes(32);
  const newKey = randomBytes(32);

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-sealed-'));
    local = new LocalDatabase(dir);
    store = (await local.stores()).documents;
  });
  afterEach(async () => {
    await local.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const sealed = (cipher: SecretCipher) => new SealedCollection<Vault>(store.collection<Vault>('vaults'), cipher, { key: 'id', fields: ['secret'] });
  /** Every file of the database (its WAL too) as text. */
  const file = () =>
    fs
      .readdirSync(dir)
      .filter((name) => name.startsWith('quire.db'))
      .map((name) => fs.readFileSync(path.join(dir, name), 'latin1'))
      .join('\n');

  it('stores the fields sealed and gives them back in clear, on every read and write path', async () => {
    const cipher = new SecretCipher({ current: newKey, previous: [] });
    const sut = sealed(cipher);

    expect(await sut.insertOne({ id: 1, label: 'one', secret: 'open sesame' })).toEqual({ id: 1, label: 'one', secret: 'open sesame' });
    await sut.insertMany([
      { id: 2, label: 'two', secret: 'second secret' },
      { id: 3, label: 'none', secret: '' },
    ]);
    expect(await sut.updateOne({ id: 1 }, { $set: { secret: 'changed secret' } })).toBe(1);
    expect(await sut.findOneAndUpdate({ id: 2 }, { $set: { label: 'TWO' } })).toEqual({ id: 2, label: 'TWO', secret: 'second secret' });

    expect(await sut.find({}, { sort: { id: 1 } })).toEqual([
      { id: 1, label: 'one', secret: 'changed secret' },
      { id: 2, label: 'TWO', secret: 'second secret' },
      { id: 3, label: 'none', secret: '' },
    ]);
    const raw = await store.collection<Vault>('vaults').find({}, { sort: { id: 1 } });
    expect(raw.map((doc) => cipher.isCurrent(doc.secret))).toEqual([true, true, false]);
    expect(raw[2].secret).toBe('');
    await local.close();
    expect(file()).toContain('TWO');
    expect(file()).not.toMatch(/open sesame|changed secret|second secret/);
  });

  it('refuses filters on a sealed field and changes other than $set/$unset', async () => {
    const sut = sealed(new SecretCipher({ current: newKey, previous: [] }));

    await expect(sut.findOne({ secret: 'x' })).rejects.toThrow(TypeError);
    expect(() => sut.count({ $or: [{ label: 'a' }, { secret: 'x' }] })).toThrow(/secret is sealed/);
    expect(() => sut.updateOne({ id: 1 }, { $inc: { secret: 1 } })).toThrow(/only \$set and \$unset/);
  });

  it('reseals values stored in clear or under a previous key, and compacts them off the disk', async () => {
    const plain = store.collection<Vault>('vaults');
    await plain.insertMany([
      { id: 1, label: 'clear', secret: 'stored-in-clear' },
      { id: 2, label: 'old key', secret: new SecretCipher({ current: oldKey, previous: [] }).seal('sealed-under-old-key') },
      { id: 3, label: 'public', secret: '' },
    ]);
    const cipher = new SecretCipher({ current: newKey, previous: [oldKey] });
    const sut = sealed(cipher);
    // A read before the reseal already answers in clear.
    expect((await sut.findOne({ id: 1 }))?.secret).toBe('stored-in-clear');

    expect(await sut.reseal()).toBe(2);

    expect((await plain.find({}, { sort: { id: 1 } })).map((doc) => doc.secret === '' || cipher.isCurrent(doc.secret))).toEqual([true, true, true]);
    expect((await sut.find({}, { sort: { id: 1 } })).map((doc) => doc.secret)).toEqual(['stored-in-clear', 'sealed-under-old-key', '']);
    expect(file()).not.toContain('stored-in-clear');
    expect(file()).not.toContain(`enc:v1:${new SecretCipher({ current: oldKey, previous: [] }).keyId}`);
    expect(await sut.reseal()).toBe(0);
  });
});
