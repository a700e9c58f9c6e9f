import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { SqliteDatabase, SqliteKeyValueStore } from '@quire/platform';
import { ContentVersion } from '../cache/content-version';
import { MenuCache } from './menu-cache';

describe(MenuCache.name, () => {
  let dir: string;
  let db: SqliteDatabase;
  let kv: SqliteKeyValueStore;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-menu-cache-'));
    db = new SqliteDatabase({ file: path.join(dir, 'quire.db') });
    kv = new SqliteKeyValueStore(db);
  });

  afterEach(async () => {
    await kv.close();
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('builds an item menu once and answers the same JSON text until something changes', async () => {
    const sut = new MenuCache(new ContentVersion(kv));
    let builds = 0;
    const build = async () => ({ pages: [{ page_id: 1, n: ++builds }] });

    const first = await sut.get(7, undefined, build);
    const second = await sut.get(7, undefined, build);

    expect(JSON.parse(first)).toEqual({ pages: [{ page_id: 1, n: 1 }] });
    expect(second).toBe(first);
    expect(builds).toBe(1);
  });

  it('rebuilds every item after a write, also in another replica sharing the key-value store', async () => {
    const replicaA = new MenuCache(new ContentVersion(kv));
    let builds = 0;
    const build = async () => ({ n: ++builds });
    await replicaA.get(7, undefined, build);
    await replicaA.get(8, undefined, build);

    await new ContentVersion(kv).renew(); // a write in replica B

    expect(JSON.parse(await replicaA.get(7, undefined, build))).toEqual({ n: 3 });
    expect(JSON.parse(await replicaA.get(8, undefined, build))).toEqual({ n: 4 });
    expect(JSON.parse(await replicaA.get(8, undefined, build))).toEqual({ n: 4 });
  });

  it('keeps the menus of different items apart', async () => {
    const sut = new MenuCache(new ContentVersion(kv));

    await sut.get(1, undefined, async () => ({ item: 1 }));

    expect(JSON.parse(await sut.get(2, undefined, async () => ({ item: 2 })))).toEqual({ item: 2 });
    expect(JSON.parse(await sut.get(1, undefined, async () => ({ item: 'rebuilt' })))).toEqual({ item: 1 });
  });
});
