import * as path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Logger } from '@nestjs/common';
import { Subject } from '@quire/proto';
import { createContextApp } from '@quire/testing';
import { AuthModule } from '../../auth/src/auth.module';
import { ItemModule } from '../../item/src/item.module';
import { NoticeModule } from '../../notice/src/notice.module';
import { PageModule } from '../../page/src/page.module';
import { TeamModule } from '../../team/src/team.module';
import { SearchFeeder } from '../src/feed/search-feeder';
import { SEARCH_DATABASE_FILE } from '../src/index/search-index';
import { bootSearchApp, keptDataDir, SearchWorld, type User } from './search.factory';

/**
 * Embedded, the change feed lives in the process: changes the index did not see before the process
 * ended (a crash between a save and its indexing, or saves while no search module ran) are not
 * replayed. A kept index checks itself against the pages at start instead.
 */
describe('a kept search index after changes it did not see', () => {
  let data: ReturnType<typeof keptDataDir>;
  let owner: User;
  let itemId: number;
  let catId: number;
  let pages: { edited: number; deleted: number; filed: number };
  const rebuilds = jest.spyOn(SearchFeeder.prototype, 'rebuild');
  const logged = jest.spyOn(Logger.prototype, 'log');

  /** Boots on the kept DATA_DIR with `modules` (no search module: nothing indexes), runs `work`, closes. */
  async function withoutSearch(work: (world: SearchWorld) => Promise<void>): Promise<void> {
    const ctx = await createContextApp([ItemModule, PageModule, AuthModule, TeamModule, NoticeModule], { env: { LANGUAGE: 'en', DATA_DIR: data.dir } });
    try {
      await work(new SearchWorld(ctx));
    } finally {
      await ctx.close();
    }
  }

  async function withSearch(work: (world: SearchWorld) => Promise<void>): Promise<void> {
    const ctx = await bootSearchApp(data.dir);
    try {
      await work(new SearchWorld(ctx));
    } finally {
      await ctx.close();
    }
  }

  beforeEach(async () => {
    data = keptDataDir();
    await withSearch(async (world) => {
      owner = await world.user();
      itemId = await world.item(owner);
      catId = await world.catalog(owner, itemId, 'Billing');
      pages = {
        edited: await world.page(owner, itemId, 'Refunds', 'malachite refunds are paid back within a week'),
        deleted: await world.page(owner, itemId, 'Old limits', 'malachite limits of the first release'),
        filed: await world.page(owner, itemId, 'Invoices', 'how invoices are numbered', { cat_id: catId }),
      };
      expect(await world.found(owner, 'malachite')).toHaveLength(2);
    });
    // Changed while no index follows the feed, within the same second as the saves it indexed.
    await withoutSearch(async (world) => {
      await world.page(owner, itemId, 'Refunds', 'azurite refunds are paid back within three days', { page_id: pages.edited });
      await world.send(Subject.PagePageDelete, owner, { page_id: pages.deleted });
      await world.send(Subject.PageCatalogSave, owner, { item_id: itemId, cat_id: catId, cat_name: 'Accounting', parent_cat_id: 0 });
      await world.page(owner, itemId, 'Chargebacks', 'chrysocolla disputes and chargebacks');
    });
    rebuilds.mockClear();
    logged.mockClear();
  });
  afterEach(() => data.remove());
  afterAll(() => {
    rebuilds.mockRestore();
    logged.mockRestore();
  });

  const expectCurrent = async (world: SearchWorld, options: { edits: boolean }) => {
    if (options.edits) {
      expect(await world.found(owner, 'azurite')).toEqual([pages.edited]);
      expect(await world.found(owner, 'malachite')).toEqual([]);
    } else {
      expect(await world.found(owner, 'malachite')).not.toContain(pages.deleted);
    }
    expect(await world.found(owner, 'chrysocolla')).toHaveLength(1);
    const filed = await world.search(owner, 'invoices');
    expect(filed.results.map((hit) => [hit.page_id, hit.cat_path])).toEqual([[pages.filed, ['Accounting']]]);
    expect(await world.found(owner, 'accounting')).toEqual([pages.filed]);
    expect(await world.found(owner, 'billing')).toEqual([]);
  };

  it('finds what was saved and renamed, and not what was deleted, without rebuilding', async () => {
    await withSearch(async (world) => {
      expect(rebuilds).not.toHaveBeenCalled();
      expect(logged).toHaveBeenCalledWith(expect.stringMatching(/^Search index checked against 3 live pages: [1-9]\d* read again, in [\d.]+ s$/));
      await expectCurrent(world, { edits: true });
    });
  });

  it('catches them up from an index kept without a watermark, by save time and catalog path', async () => {
    const db = new DatabaseSync(path.join(data.dir, SEARCH_DATABASE_FILE));
    try {
      db.exec(`DELETE FROM meta WHERE key = 'watermark'`);
    } finally {
      db.close();
    }
    await withSearch(async (world) => {
      expect(rebuilds).not.toHaveBeenCalled();
      await expectCurrent(world, { edits: false });
    });
  });
});
