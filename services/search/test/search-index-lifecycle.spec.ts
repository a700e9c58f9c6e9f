import * as fs from 'node:fs';
import * as path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Logger } from '@nestjs/common';
import { SearchFeeder } from '../src/feed/search-feeder';
import { SEARCH_DATABASE_FILE } from '../src/index/search-index';
import { bootSearchApp, keptDataDir, SearchWorld, type User } from './search.factory';

/** Runs `change` on search.db while no app has it open. */
function alterIndexFile(dataDir: string, change: (db: DatabaseSync) => void): void {
  const db = new DatabaseSync(path.join(dataDir, SEARCH_DATABASE_FILE));
  try {
    change(db);
  } finally {
    db.close();
  }
}

describe('search index on start', () => {
  const data = keptDataDir();
  let owner: User;
  let pageIds: number[];
  const rebuilds = jest.spyOn(SearchFeeder.prototype, 'rebuild');
  const logged = jest.spyOn(Logger.prototype, 'log');

  /** Boots on the kept DATA_DIR, runs `check` on the app, closes it. */
  async function restart(check: (world: SearchWorld) => Promise<void>): Promise<void> {
    rebuilds.mockClear();
    logged.mockClear();
    const ctx = await bootSearchApp(data.dir);
    try {
      await check(new SearchWorld(ctx));
    } finally {
      await ctx.app.close();
    }
  }

  beforeAll(async () => {
    await restart(async (world) => {
      owner = await world.user();
      const itemId = await world.item(owner);
      pageIds = [await world.page(owner, itemId, 'One', 'malachite one'), await world.page(owner, itemId, 'Two', '孔雀石 two'), await world.page(owner, itemId, 'Three', 'malachite three')];
    });
  });
  afterAll(() => {
    rebuilds.mockRestore();
    logged.mockRestore();
    data.remove();
  });

  const expectFound = async (world: SearchWorld) => {
    expect((await world.found(owner, 'malachite')).sort()).toEqual([pageIds[0], pageIds[2]].sort());
    expect(await world.found(owner, '孔雀石')).toEqual([pageIds[1]]);
  };

  it('loads the kept index instead of rebuilding it', async () => {
    await restart(async (world) => {
      expect(rebuilds).not.toHaveBeenCalled();
      await expectFound(world);
    });
  });

  it('rebuilds a damaged file from the pages, with its progress in the log', async () => {
    const file = path.join(data.dir, SEARCH_DATABASE_FILE);
    const bytes = fs.readFileSync(file);
    bytes.fill(0x5a, 0, 4096);
    fs.writeFileSync(file, bytes);
    await restart(async (world) => {
      expect(rebuilds).toHaveBeenCalledTimes(1);
      expect(logged).toHaveBeenCalledWith('Building the search index from the pages …');
      expect(logged).toHaveBeenCalledWith(expect.stringMatching(/^Search index built: 3 pages in [\d.]+ s$/));
      await expectFound(world);
    });
  });

  it('rebuilds an index of an older format', async () => {
    alterIndexFile(data.dir, (db) => db.exec('PRAGMA user_version = 0'));
    await restart(async (world) => {
      expect(rebuilds).toHaveBeenCalledTimes(1);
      await expectFound(world);
    });
  });

  it('rebuilds an index that a stop left half-built, and a missing one', async () => {
    alterIndexFile(data.dir, (db) => db.exec(`DELETE FROM meta WHERE key = 'built'; DELETE FROM docs; INSERT INTO fts (fts) VALUES ('delete-all')`));
    await restart(async (world) => {
      expect(rebuilds).toHaveBeenCalledTimes(1);
      await expectFound(world);
    });
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(path.join(data.dir, `${SEARCH_DATABASE_FILE}${suffix}`), { force: true });
    await restart(async (world) => {
      expect(rebuilds).toHaveBeenCalledTimes(1);
      await expectFound(world);
    });
  });
});
