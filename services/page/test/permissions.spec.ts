import { type Caller, MemberGroup, type PageHistoryRow, Subject } from '@quire/proto';
import { testCaller } from '@quire/testing';
import { bootPageApp, failure, PageWorld } from './page.factory';

type Role = 'anonymous' | 'unlocked visitor' | 'read-only member' | 'edit member' | 'creator' | 'administrator' | 'other user';
const ROLES: Role[] = ['anonymous', 'unlocked visitor', 'read-only member', 'edit member', 'creator', 'administrator', 'other user'];

interface Fixture {
  itemId: number;
  creator: Caller;
  callers: Record<Role, Caller>;
}

/** An outcome: 'ok' or the error code. */
type Outcome = 'ok' | number;

interface Case {
  endpoint: string;
  /** Runs the call as `caller`, after the creator set up whatever it needs. */
  call: (world: PageWorld, fixture: Fixture, caller: Caller) => Promise<unknown>;
  public: Record<Role, Outcome>;
  private: Record<Role, Outcome>;
}

const same = (outcomes: Record<Role, Outcome>) => ({ public: outcomes, private: outcomes });
const READ_PUBLIC: Record<Role, Outcome> = {
  anonymous: 'ok',
  'unlocked visitor': 'ok',
  'read-only member': 'ok',
  'edit member': 'ok',
  creator: 'ok',
  administrator: 'ok',
  'other user': 'ok',
};
const READ_PRIVATE: Record<Role, Outcome> = { ...READ_PUBLIC, anonymous: 10303, administrator: 10303, 'other user': 10303 };
const WRITE: Record<Role, Outcome> = {
  anonymous: 10102,
  'unlocked visitor': 10102,
  'read-only member': 10103,
  'edit member': 'ok',
  creator: 'ok',
  administrator: 10103,
  'other user': 10103,
};

const newPage = (world: PageWorld, f: Fixture) => world.page(f.creator, f.itemId, 'Fixture page');

const CASES: Case[] = [
  {
    endpoint: 'page/info',
    call: async (world, f, caller) => world.send(Subject.PagePageInfo, caller, { page_id: (await newPage(world, f)).page_id }),
    public: READ_PUBLIC,
    private: READ_PRIVATE,
  },
  {
    endpoint: 'page/history',
    call: async (world, f, caller) => world.send(Subject.PagePageHistory, caller, { page_id: (await newPage(world, f)).page_id }),
    public: READ_PUBLIC,
    private: READ_PRIVATE,
  },
  {
    endpoint: 'page/diff',
    call: async (world, f, caller) => {
      const page = await newPage(world, f);
      await world.save(f.creator, { item_id: f.itemId, page_id: page.page_id, page_content: 'v2' });
      const [version] = await world.send<PageHistoryRow[]>(Subject.PagePageHistory, f.creator, { page_id: page.page_id });
      return world.send(Subject.PagePageDiff, caller, { page_id: page.page_id, page_history_id: version.page_history_id });
    },
    public: READ_PUBLIC,
    private: READ_PRIVATE,
  },
  {
    endpoint: 'catalog/catListGroup',
    call: (world, f, caller) => world.send(Subject.PageCatalogListGroup, caller, { item_id: f.itemId }),
    public: { ...READ_PUBLIC, anonymous: 10102, 'unlocked visitor': 10102 },
    private: { ...READ_PRIVATE, anonymous: 10102, 'unlocked visitor': 10102 },
  },
  {
    endpoint: 'page/save (create)',
    call: (world, f, caller) => world.save(caller, { item_id: f.itemId, page_title: 'New', page_content: 'x' }),
    ...same(WRITE),
  },
  {
    endpoint: 'page/save (update)',
    call: async (world, f, caller) => world.save(caller, { item_id: f.itemId, page_id: (await newPage(world, f)).page_id, page_content: 'changed' }),
    ...same(WRITE),
  },
  {
    endpoint: 'page/sort',
    call: async (world, f, caller) => world.send(Subject.PagePageSort, caller, { item_id: f.itemId, pages: JSON.stringify({ [(await newPage(world, f)).page_id]: 1 }) }),
    ...same(WRITE),
  },
  {
    endpoint: 'page/createSinglePage',
    call: async (world, f, caller) => world.send(Subject.PagePageCreateSinglePage, caller, { page_id: (await newPage(world, f)).page_id, isCreateSiglePage: 'true' }),
    ...same(WRITE),
  },
  {
    endpoint: 'page/delete (the creator page)',
    call: async (world, f, caller) => world.send(Subject.PagePageDelete, caller, { page_id: (await newPage(world, f)).page_id }),
    ...same({ ...WRITE, 'read-only member': 10303, 'edit member': 10303, administrator: 10303, 'other user': 10303 }),
  },
  {
    endpoint: 'page/delete (a page the caller wrote)',
    call: async (world, f, caller) => {
      const page = await newPage(world, f);
      await world.authoredBy(page.page_id, caller);
      return world.send(Subject.PagePageDelete, caller, { page_id: page.page_id });
    },
    ...same({ ...WRITE, 'read-only member': 10303, administrator: 10303, 'other user': 10303 }),
  },
  {
    endpoint: 'catalog/save',
    call: (world, f, caller) => world.send(Subject.PageCatalogSave, caller, { item_id: f.itemId, cat_name: 'New' }),
    ...same(WRITE),
  },
  {
    endpoint: 'catalog/delete',
    call: async (world, f, caller) => world.send(Subject.PageCatalogDelete, caller, { item_id: f.itemId, cat_id: await world.catalog(f.creator, f.itemId, 'Doomed') }),
    ...same({ ...WRITE, 'read-only member': -1, administrator: -1, 'other user': -1 }),
  },
  {
    endpoint: 'catalog/batUpdate',
    call: async (world, f, caller) => {
      const cat = await world.catalog(f.creator, f.itemId, 'Sorted');
      return world.send(Subject.PageCatalogBatchUpdate, caller, {
        item_id: f.itemId,
        cats: JSON.stringify([{ cat_id: cat, cat_name: 'Renamed', parent_cat_id: 0, level: 2, s_number: 1 }]),
      });
    },
    ...same(WRITE),
  },
  {
    endpoint: 'catalog/getPagesBycat',
    call: (world, f, caller) => world.send(Subject.PageCatalogPages, caller, { item_id: f.itemId, cat_id: 0 }),
    ...same(WRITE),
  },
  {
    endpoint: 'catalog/getDefaultCat',
    call: (world, f, caller) => world.send(Subject.PageCatalogDefault, caller, { item_id: f.itemId }),
    ...same({ ...WRITE, 'read-only member': 10101, administrator: 10101, 'other user': 10101 }),
  },
  {
    endpoint: 'recycle/getList',
    call: (world, f, caller) => world.send(Subject.PageRecycleList, caller, { item_id: f.itemId }),
    ...same({ ...WRITE, 'read-only member': 10303, 'edit member': 10303, administrator: 10303, 'other user': 10303 }),
  },
  {
    endpoint: 'recycle/recover',
    call: async (world, f, caller) => {
      const page = await newPage(world, f);
      await world.send(Subject.PagePageDelete, f.creator, { page_id: page.page_id });
      return world.send(Subject.PageRecycleRecover, caller, { item_id: f.itemId, page_id: page.page_id });
    },
    ...same({ ...WRITE, 'read-only member': 10303, 'edit member': 10303, administrator: 10303, 'other user': 10303 }),
  },
];

describe('page service permission matrix', () => {
  let world: PageWorld;
  const fixtures = {} as Record<'public' | 'private', Fixture>;

  beforeAll(async () => {
    world = new PageWorld(await bootPageApp());
    const creator = await world.user();
    const readOnly = await world.user();
    const editor = await world.user();
    const admin = await world.user({ groupid: 1 });
    const other = await world.user();
    for (const kind of ['public', 'private'] as const) {
      const itemId = await world.item(creator, { password: kind === 'private' ? 'open-sesame' : '' });
      await world.member(itemId, readOnly, MemberGroup.ReadOnly);
      await world.member(itemId, editor, MemberGroup.Edit);
      const unlocked = testCaller();
      if (kind === 'private') await world.send(Subject.ItemItemPwd, unlocked, { item_id: itemId, password: 'open-sesame' });
      fixtures[kind] = {
        itemId,
        creator,
        callers: {
          anonymous: testCaller(),
          'unlocked visitor': unlocked,
          'read-only member': readOnly,
          'edit member': editor,
          creator,
          administrator: admin,
          'other user': other,
        },
      };
    }
  });
  afterAll(() => world.ctx.close());

  for (const kind of ['public', 'private'] as const) {
    describe(`${kind} item`, () => {
      it.each(CASES.map((testCase) => [testCase.endpoint, testCase] as const))('%s', async (_endpoint, testCase) => {
        const fixture = fixtures[kind];
        const outcomes: Record<string, Outcome> = {};
        for (const role of ROLES) {
          try {
            await testCase.call(world, fixture, fixture.callers[role]);
            outcomes[role] = 'ok';
          } catch (error) {
            outcomes[role] = (error as { code?: number }).code ?? -999;
          }
        }
        expect(outcomes).toEqual(testCase[kind]);
      });
    });
  }

  it('refuses every write on an archived item with a clear message, reads still work', async () => {
    const creator = fixtures.public.creator;
    const itemId = await world.item(creator);
    const page = await world.page(creator, itemId, 'Frozen');
    const cat = await world.catalog(creator, itemId, 'Frozen cat');
    await world.archive(itemId);
    const archived = { code: 10103, key: 'page_item_archived' };
    expect(await failure(world.save(creator, { item_id: itemId, page_id: page.page_id, page_content: 'x' }))).toEqual(archived);
    expect(await failure(world.page(creator, itemId, 'New'))).toEqual(archived);
    expect(await failure(world.send(Subject.PagePageDelete, creator, { page_id: page.page_id }))).toEqual(archived);
    expect(await failure(world.send(Subject.PagePageSort, creator, { item_id: itemId, pages: '{}' }))).toEqual(archived);
    expect(await failure(world.send(Subject.PagePageCreateSinglePage, creator, { page_id: page.page_id, isCreateSiglePage: 'true' }))).toEqual(archived);
    expect(await failure(world.send(Subject.PageCatalogSave, creator, { item_id: itemId, cat_name: 'x' }))).toEqual(archived);
    expect(await failure(world.send(Subject.PageCatalogBatchUpdate, creator, { item_id: itemId, cats: '[]' }))).toEqual(archived);
    expect(await failure(world.send(Subject.PageCatalogDelete, creator, { item_id: itemId, cat_id: cat }))).toEqual({ code: -1, key: 'page_item_archived' });
    await expect(world.send(Subject.PagePageInfo, creator, { page_id: page.page_id })).resolves.toMatchObject({ page_title: 'Frozen' });
  });

  it('never reaches another item through guessed ids', async () => {
    const creator = fixtures.private.creator;
    const other = fixtures.private.callers['other user'];
    const page = await world.page(creator, fixtures.private.itemId, 'Secret');
    await world.save(creator, { item_id: fixtures.private.itemId, page_id: page.page_id, page_content: 'v2' });
    const [version] = await world.send<PageHistoryRow[]>(Subject.PagePageHistory, creator, { page_id: page.page_id });
    const own = await world.item(other);
    const ownPage = await world.page(other, own, 'Mine');
    const secretCat = await world.catalog(creator, fixtures.private.itemId, 'Secret cat');
    expect(await failure(world.send(Subject.PagePageDiff, other, { page_id: ownPage.page_id, page_history_id: version.page_history_id }))).toMatchObject({
      key: 'page_history_not_found',
    });
    expect(await failure(world.page(other, own, 'Sneaky', { cat_id: secretCat }))).toMatchObject({ key: 'catalog_not_found' });
    expect(await failure(world.send(Subject.PageCatalogSave, other, { item_id: own, cat_name: 'x', parent_cat_id: secretCat }))).toMatchObject({
      key: 'catalog_not_found',
    });
    expect(await failure(world.send(Subject.PageCatalogSave, other, { item_id: own, cat_id: secretCat, cat_name: 'x' }))).toMatchObject({
      key: 'catalog_not_found',
    });
    expect(await failure(world.save(other, { item_id: own, page_id: page.page_id, page_content: 'stolen' }))).toMatchObject({ code: 10103 });
    expect(await failure(world.send(Subject.PageRecycleRecover, other, { item_id: own, page_id: page.page_id }))).toMatchObject({
      key: 'recycle_page_not_found',
    });
  });
});
