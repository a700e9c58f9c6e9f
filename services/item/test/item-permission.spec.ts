import { type Caller, ErrorCode, type ItemAccess, MemberGroup, Subject } from '@quire/proto';
import { type ContextApp, testCaller } from '@quire/testing';
import { bootItemApp, failure, ItemWorld } from './item.factory';

const ROLES = ['anonymous', 'visitor with the visit password', 'read-only member', 'edit member', 'creator', 'administrator', 'other user'] as const;
type Role = (typeof ROLES)[number];
type Kind = 'public' | 'private';

interface Rights {
  visit: boolean;
  edit: boolean;
  creator: boolean;
}

const R = (visit: boolean, edit: boolean, creator: boolean): Rights => ({ visit, edit, creator });

/** Contract §7.1: administrators get no implicit item right. */
const EXPECTED: Record<Kind, Record<Role, Rights>> = {
  public: {
    anonymous: R(true, false, false),
    'visitor with the visit password': R(true, false, false),
    'read-only member': R(true, false, false),
    'edit member': R(true, true, false),
    creator: R(true, true, true),
    administrator: R(true, false, false),
    'other user': R(true, false, false),
  },
  private: {
    anonymous: R(false, false, false),
    'visitor with the visit password': R(true, false, false),
    'read-only member': R(true, false, false),
    'edit member': R(true, true, false),
    creator: R(true, true, true),
    administrator: R(false, false, false),
    'other user': R(false, false, false),
  },
};

const CASES = (['public', 'private'] as const).flatMap((kind) => ROLES.map((role) => [kind, role] as const));

describe('item service: permission matrix', () => {
  let ctx: ContextApp;
  let world: ItemWorld;
  const items: Record<Kind, number> = { public: 0, private: 0 };
  const archived: Record<Kind, number> = { public: 0, private: 0 };
  let callers: Record<Role, Caller>;

  beforeAll(async () => {
    ctx = await bootItemApp();
    world = new ItemWorld(ctx);
    const creator = await world.user();
    const reader = await world.user();
    const editor = await world.user();
    callers = {
      anonymous: testCaller(),
      'visitor with the visit password': testCaller(),
      'read-only member': reader,
      'edit member': editor,
      creator,
      administrator: await world.user({ groupid: 1 }),
      'other user': await world.user(),
    };
    for (const kind of ['public', 'private'] as const) {
      const password = kind === 'private' ? 'pw' : '';
      items[kind] = await world.item(creator, { password, name: `${kind} item` });
      archived[kind] = await world.item(creator, { password, name: `archived ${kind} item` });
      for (const itemId of [items[kind], archived[kind]]) {
        await world.member(itemId, reader, MemberGroup.ReadOnly);
        await world.member(itemId, editor, MemberGroup.Edit);
        await world.send(Subject.ItemItemPwd, callers['visitor with the visit password'], { item_id: itemId, password });
      }
      await world.setStored(archived[kind], { is_archived: 1 });
    }
  });

  afterAll(() => ctx.close());

  const isLoggedIn = (role: Role) => !['anonymous', 'visitor with the visit password'].includes(role);

  describe.each(CASES)('%s item, %s', (kind, role) => {
    const expected = EXPECTED[kind][role];

    it(`item.access.check: visit ${expected.visit}, edit ${expected.edit}, creator ${expected.creator}`, async () => {
      const access = await world.send<ItemAccess>(Subject.ItemAccessCheck, callers[role], { item_id: items[kind] });
      expect(access).toMatchObject({ exists: true, archived: false, private: kind === 'private', ...expected });
    });

    it('archived: the same reading rights, no editing for anyone', async () => {
      const access = await world.send<ItemAccess>(Subject.ItemAccessCheck, callers[role], { item_id: archived[kind] });
      expect(access).toMatchObject({ archived: true, visit: expected.visit, edit: false, creator: expected.creator });
    });

    it(`item/info: ${expected.visit ? 'readable, with ItemPermn and ItemCreator' : '10303'}`, async () => {
      const call = world.send(Subject.ItemItemInfo, callers[role], { item_id: items[kind] });
      if (expected.visit) {
        expect(await call).toMatchObject({ item_id: items[kind], is_login: isLoggedIn(role), ItemPermn: expected.edit, ItemCreator: expected.creator });
      } else {
        expect(await failure(call)).toEqual({ code: ErrorCode.NotCreator, key: 'item_visit_password_required' });
      }
    });

    const denied = () => (isLoggedIn(role) ? { code: ErrorCode.NotCreator, key: 'item_not_creator' } : { code: ErrorCode.NotLoggedIn, key: 'not_logged_in' });

    it(`creator-only settings (detail, update, getKey, resetKey): ${expected.creator ? 'allowed' : 'refused'}`, async () => {
      const itemId = items[kind];
      const calls = [
        () => world.send(Subject.ItemItemDetail, callers[role], { item_id: itemId }),
        () => world.send(Subject.ItemItemUpdate, callers[role], { item_id: itemId, item_description: `set by ${role}` }),
        () => world.send(Subject.ItemItemGetKey, callers[role], { item_id: itemId }),
        () => world.send(Subject.ItemItemResetKey, callers[role], { item_id: itemId }),
      ];
      for (const call of calls) {
        if (expected.creator) await expect(call()).resolves.toBeDefined();
        else expect(await failure(call())).toEqual(denied());
      }
      const stored = await world.stored(itemId);
      expect(stored?.item_description === `set by ${role}`).toBe(expected.creator);
    });

    if (!expected.creator) {
      it('delete, archive and attorn: refused before any password check', async () => {
        for (const subject of [Subject.ItemItemDelete, Subject.ItemItemArchive, Subject.ItemItemAttorn]) {
          expect(await failure(world.send(subject, callers[role], { item_id: items[kind], password: 'x', username: 'someone' }))).toEqual(denied());
        }
        expect(await world.stored(items[kind])).toMatchObject({ is_del: 0, is_archived: 0 });
      });
    }

    it(`copy with item/add: ${expected.edit ? 'allowed' : 'refused'}`, async () => {
      const call = world.send<{ item_id: number }>(Subject.ItemItemAdd, callers[role], { item_name: 'copy', copy_item_id: items[kind] });
      if (expected.edit) expect(await call).toEqual({ item_id: expect.any(Number) });
      else if (!isLoggedIn(role)) expect(await failure(call)).toEqual({ code: ErrorCode.NotLoggedIn, key: 'not_logged_in' });
      else expect(await failure(call)).toEqual({ code: ErrorCode.NoPermission, key: 'no_permission' });
    });
  });
});
