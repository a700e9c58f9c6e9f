import { DocumentStore } from '@quire/platform';
import { MemberGroup, Subject } from '@quire/proto';
import { type ContextApp, failNthCall } from '@quire/testing';
import { ItemTokenRepository } from '../src/api-key/item-token.repository';
import { PageClient } from '../src/clients/page.client';
import { ItemRepository } from '../src/item/item.repository';
import { MemberRepository } from '../src/member/member.repository';
import { bootItemApp, ItemWorld, type User } from './item.factory';

/**
 * An item change that writes several rows of the item service keeps all of them or none: each
 * test fails a later write as a broken store would and checks that the earlier ones of the same
 * change are gone too. (What the page and team services write for an item is theirs: see their tests.)
 */
describe('item service: a change is kept whole or not at all', () => {
  let ctx: ContextApp;
  let world: ItemWorld;
  let owner: User;

  beforeAll(async () => {
    ctx = await bootItemApp();
    world = new ItemWorld(ctx);
    owner = await world.user();
  });

  afterAll(() => ctx.close());

  /** Runs `change`, which must fail, while the `nth` call of a method fails. */
  const failing = async <T extends object>(target: T, method: keyof T & string, nth: number, change: () => Promise<unknown>) => {
    const restore = failNthCall(target, method, nth);
    try {
      await expect(change()).rejects.toBeDefined();
    } finally {
      restore();
    }
  };

  const count = (collection: string, filter: Record<string, unknown>) => ctx.app.get(DocumentStore).collection<Record<string, unknown>>(collection).count(filter);

  it('item/add with copy_item_id: a copy whose second member could not be written leaves no row and no member, even when the clean-up fails too', async () => {
    const [ann, bob] = [await world.user(), await world.user()];
    const source = await world.item(owner, { name: 'Members source' });
    await world.member(source, ann, MemberGroup.Edit);
    await world.member(source, bob, MemberGroup.ReadOnly);
    // The clean-up after a failed copy asks the page service first: here it does not answer either.
    const restorePages = failNthCall(ctx.app.get(PageClient), 'purgeItem');
    try {
      await failing(ctx.app.get(MemberRepository), 'add', 2, () => world.send(Subject.ItemItemAdd, owner, { item_name: 'Unfinished copy', item_type: 1, copy_item_id: source }));
    } finally {
      restorePages();
    }

    expect(await count('items', { item_name: 'Unfinished copy' })).toBe(0);
    expect(await count('item_members', { uid: ann.uid })).toBe(1);
  });

  it('item.maintenance.purge: an item whose row could not be removed keeps its members and keys, and the next run purges it all', async () => {
    const member = await world.user();
    const itemId = await world.item(owner);
    await world.member(itemId, member, MemberGroup.Edit);
    await world.send(Subject.ItemItemGetKey, owner, { item_id: itemId });
    await world.setStored(itemId, { is_del: 1, del_time: Math.floor(Date.now() / 1000) - 31 * 24 * 3600 });

    await failing(ctx.app.get(ItemRepository), 'remove', 1, () => world.send(Subject.ItemMaintenancePurge, owner));

    expect(await world.stored(itemId)).not.toBeNull();
    expect([await count('item_members', { item_id: itemId }), await count('item_tokens', { item_id: itemId })]).toEqual([1, 1]);
    await world.send(Subject.ItemMaintenancePurge, owner);
    expect(await world.stored(itemId)).toBeNull();
    expect([await count('item_members', { item_id: itemId }), await count('item_tokens', { item_id: itemId })]).toEqual([0, 0]);
  });

  it('item/attorn and the console attorn: an item whose credentials could not be renewed stays with its owner', async () => {
    const [heir, admin] = [await world.user(), await world.user({ groupid: 1 })];
    const itemId = await world.item(owner);
    await world.send(Subject.ItemItemGetKey, owner, { item_id: itemId });
    const tokens = ctx.app.get(ItemTokenRepository);

    await failing(tokens, 'replace', 1, () => world.send(Subject.ItemItemAttorn, owner, { item_id: itemId, username: heir.username, password: owner.password }));
    await failing(tokens, 'replace', 1, () => world.send(Subject.ItemAdminAttorn, admin, { item_id: itemId, username: heir.username }));

    expect((await world.stored(itemId))?.uid).toBe(owner.uid);
  });

  it('item.admin.forgetUser: a user who could not leave their second item stays a member of both', async () => {
    const [admin, leaving] = [await world.user({ groupid: 1 }), await world.user()];
    for (const name of ['First', 'Second']) await world.member(await world.item(owner, { name }), leaving, MemberGroup.Edit);

    await failing(ctx.app.get(MemberRepository), 'removeUser', 2, () => world.send(Subject.ItemAdminForgetUser, admin, { uid: leaving.uid }));

    expect(await count('item_members', { uid: leaving.uid })).toBe(2);
  });
});
