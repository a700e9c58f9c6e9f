import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { SqliteDatabase } from '../sqlite/sqlite-database';
import { SqliteKeyValueStore } from '../sqlite/sqlite-key-value-store';
import type { KeyValueStore } from '../key-value/key-value-store';
import { VersionToken } from './version-token';

/** Two tokens as an app declares them, each under its own key. */
class RightsVersion extends VersionToken {
  constructor(kv: KeyValueStore) {
    super(kv, 'test:rights-version');
  }
}

class ContentVersion extends VersionToken {
  constructor(kv: KeyValueStore) {
    super(kv, 'test:content-version');
  }
}

/** Counts the KeyValueStore reads the tokens make. */
class CountingStore extends SqliteKeyValueStore {
  reads = 0;
  override async getMany(keys: string[]): Promise<(string | null)[]> {
    this.reads++;
    return super.getMany(keys);
  }
}

describe(VersionToken.name, () => {
  let dir: string;
  let db: SqliteDatabase;
  let kv: CountingStore;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-version-token-'));
    db = new SqliteDatabase({ file: path.join(dir, 'quire.db') });
    kv = new CountingStore(db);
  });

  afterEach(async () => {
    await kv.close();
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is null until renewed, then a new value after every write', async () => {
    const rights = new RightsVersion(kv);
    expect(await VersionToken.readAll(undefined, rights)).toEqual([null]);

    const written = await rights.renewAfter(Promise.resolve('the write'));
    const [first] = await VersionToken.readAll(undefined, rights);
    await rights.renew();
    const [second] = await VersionToken.readAll(undefined, rights);

    expect(written).toBe('the write');
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).not.toBe(first);
  });

  it('reads several tokens in one round trip, in the order asked', async () => {
    const rights = new RightsVersion(kv);
    const content = new ContentVersion(kv);
    await content.renew();
    const stored = await kv.get(content.key);

    expect(await VersionToken.readAll(undefined, rights, content)).toEqual([null, stored]);
    expect(kv.reads).toBe(1);
  });

  it('takes the values the caller carried (read ahead of the call) without asking the store', async () => {
    const rights = new RightsVersion(kv);
    const content = new ContentVersion(kv);
    await rights.renew();
    const storedRights = await kv.get(rights.key);

    expect(await VersionToken.readAll({ [content.key]: 'c1', [rights.key]: null }, content, rights)).toEqual(['c1', null]);
    expect(kv.reads).toBe(0);
    // Only what the caller did not carry is read.
    expect(await VersionToken.readAll({ [content.key]: 'c1' }, content, rights)).toEqual(['c1', storedRights]);
    expect(kv.reads).toBe(1);
  });
});
