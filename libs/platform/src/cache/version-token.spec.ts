import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CacheVersionKey } from '@quire/proto';
import { SqliteDatabase } from '../sqlite/sqlite-database';
import { SqliteKeyValueStore } from '../sqlite/sqlite-key-value-store';
import { KeyValueStore } from '../key-value/key-value-store';
import { AccessVersion, VersionToken } from './version-token';

class ContentToken extends VersionToken {
  constructor(kv: KeyValueStore) {
    super(kv, CacheVersionKey.Content);
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
    const access = new AccessVersion(kv);
    expect(await VersionToken.readAll(undefined, access)).toEqual([null]);

    const written = await access.renewAfter(Promise.resolve('the write'));
    const [first] = await VersionToken.readAll(undefined, access);
    await access.renew();
    const [second] = await VersionToken.readAll(undefined, access);

    expect(written).toBe('the write');
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).not.toBe(first);
  });

  it('reads several tokens in one round trip, in the order asked', async () => {
    const access = new AccessVersion(kv);
    const content = new ContentToken(kv);
    await content.renew();
    const stored = await kv.get(CacheVersionKey.Content);

    expect(await VersionToken.readAll(undefined, access, content)).toEqual([null, stored]);
    expect(kv.reads).toBe(1);
  });

  it('takes the versions a message carried (read by the gateway) without asking the store', async () => {
    const access = new AccessVersion(kv);
    const content = new ContentToken(kv);
    await access.renew();
    const storedAccess = await kv.get(CacheVersionKey.Access);

    expect(await VersionToken.readAll({ [CacheVersionKey.Content]: 'c1', [CacheVersionKey.Access]: null }, content, access)).toEqual(['c1', null]);
    expect(kv.reads).toBe(0);
    // Only what the message lacks is read.
    expect(await VersionToken.readAll({ [CacheVersionKey.Content]: 'c1' }, content, access)).toEqual(['c1', storedAccess]);
    expect(kv.reads).toBe(1);
  });
});
