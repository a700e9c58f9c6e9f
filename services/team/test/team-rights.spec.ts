import { DocumentStore } from '@quire/platform';
import { type Caller, ErrorCode, type ItemListEntry, Subject, translate } from '@quire/proto';
import { type ContextApp, testCaller } from '@quire/testing';
import { TeamRepository } from '../src/team/team.repository';
import { bootTeamApp, failure, failureDetail, TeamWorld, type User } from './team.factory';

type Outcome = 'ok' | number;
type Role = 'read-only team member' | 'edit team member' | 'member of another team' | 'other user' | 'anonymous';
const ROLES: Role[] = ['read-only team member', 'edit team member', 'member of another team', 'other user', 'anonymous'];

/** What each role gets from the page service, whose every check asks the item service, which asks the team service. */
const EXPECTED: Record<'public' | 'private', Record<Role, { read: Outcome; write: Outcome }>> = {
  public: {
    'read-only team member': { read: 'ok', write: ErrorCode.NoPermission },
    'edit team member': { read: 'ok', write: 'ok' },
    'member of another team': { read: 'ok', write: ErrorCode.NoPermission },
    'other user': { read: 'ok', write: ErrorCode.NoPermission },
    anonymous: { read: 'ok', write: ErrorCode.NotLoggedIn },
  },
  private: {
    'read-only team member': { read: 'ok', write: ErrorCode.NoPermission },
    'edit team member': { read: 'ok', write: 'ok' },
    'member of another team': { read: ErrorCode.NotCreator, write: ErrorCode.NoPermission },
    'other user': { read: ErrorCode.NotCreator, write: ErrorCode.NoPermission },
    anonymous: { read: ErrorCode.NotCreator, write: ErrorCode.NotLoggedIn },
  },
};

const outcome = (call: Promise<unknown>): Promise<Outcome> =>
  call.then(
    () => 'ok' as const,
    (error: { code: number }) => error.code,
  );

describe('team service: rights that teams give on items', () => {
  let ctx: ContextApp;
  let world: TeamWorld;
  let owner: User;

  beforeAll(async () => {
    ctx = await bootTeamApp();
    world = new TeamWorld(ctx);
    owner = await world.user();
  });

  afterAll(() => ctx.close());

  const myItems = async (caller: Caller) => (await world.send<ItemListEntry[]>(Subject.ItemItemMyList, caller)).map((i) => i.item_id);

  describe('the rights matrix (read-only by default, edit when the team owner sets it)', () => {
    const cases = (['public', 'private'] as const).flatMap((kind) => ROLES.map((role) => [kind, role] as const));
    const fixtures: Record<'public' | 'private', { itemId: number; pageId: number }> = { public: { itemId: 0, pageId: 0 }, private: { itemId: 0, pageId: 0 } };
    let callers: Record<Role, Caller>;

    beforeAll(async () => {
      const reader = await world.user();
      const editor = await world.user();
      const outsider = await world.user();
      callers = {
        'read-only team member': reader,
        'edit team member': editor,
        'member of another team': outsider,
        'other user': await world.user(),
        anonymous: testCaller(),
      };
      const teamId = await world.team(owner, 'Writers');
      const otherTeam = await world.team(owner, 'Elsewhere');
      await world.join(owner, teamId, reader);
      await world.join(owner, teamId, editor);
      await world.join(owner, otherTeam, outsider);
      for (const kind of ['public', 'private'] as const) {
        const itemId = await world.item(owner, { password: kind === 'private' ? 'secret' : '' });
        await world.assign(owner, teamId, itemId);
        await world.assign(owner, otherTeam, await world.item(owner));
        await world.setRight(owner, teamId, itemId, editor, 1);
        fixtures[kind] = { itemId, pageId: (await world.page(owner, itemId, 'Shared')).page_id };
      }
    });

    it.each(cases)('%s item, %s', async (kind, role) => {
      const { itemId, pageId } = fixtures[kind];
      const caller = callers[role];
      const read = await outcome(world.send(Subject.PagePageInfo, caller, { page_id: pageId }));
      const write = await outcome(world.send(Subject.PagePageSave, caller, { item_id: itemId, page_id: pageId, page_title: 'Shared', page_content: `by ${role}` }));
      expect({ read, write }).toEqual(EXPECTED[kind][role]);
    });

    it('shows team items in item/myList for team members only', async () => {
      expect(await myItems(callers['read-only team member'])).toEqual(expect.arrayContaining([fixtures.public.itemId, fixtures.private.itemId]));
      expect(await myItems(callers['other user'])).toEqual([]);
      expect(await myItems(callers['member of another team'])).not.toContain(fixtures.private.itemId);
    });
  });

  it('changes a member between read-only and edit on the very next call', async () => {
    const teamId = await world.team(owner);
    const itemId = await world.item(owner);
    const user = await world.user();
    await world.join(owner, teamId, user);
    await world.assign(owner, teamId, itemId);
    expect(await world.access(user, itemId)).toMatchObject({ visit: true, edit: false });
    await world.setRight(owner, teamId, itemId, user, 1);
    expect(await world.access(user, itemId)).toMatchObject({ visit: true, edit: true });
    await world.setRight(owner, teamId, itemId, user, 0);
    expect(await world.access(user, itemId)).toMatchObject({ visit: true, edit: false });
  });

  it("gives a member added later the team's items, read-only", async () => {
    const teamId = await world.team(owner);
    const items = [await world.item(owner, { password: 'p' }), await world.item(owner, { password: 'q' })];
    for (const itemId of items) await world.assign(owner, teamId, itemId);
    const late = await world.user();
    expect(await world.access(late, items[0])).toMatchObject({ visit: false });
    await world.join(owner, teamId, late);
    for (const itemId of items) {
      expect(await world.access(late, itemId)).toMatchObject({ visit: true, edit: false });
      expect((await world.rights(owner, teamId, itemId)).find((r) => r.member_uid === late.uid)?.member_group_id).toBe(0);
    }
    expect(await myItems(late)).toEqual(items);
  });

  it('takes the strongest right when the user reaches the item through several teams, or as a direct member too', async () => {
    const itemId = await world.item(owner, { password: 'p' });
    const [readers, writers] = [await world.team(owner, 'Readers'), await world.team(owner, 'Writers')];
    const user = await world.user();
    await world.join(owner, readers, user);
    await world.join(owner, writers, user);
    await world.assign(owner, readers, itemId);
    await world.assign(owner, writers, itemId);
    expect(await world.access(user, itemId)).toMatchObject({ edit: false });
    await world.setRight(owner, writers, itemId, user, 1);
    expect(await world.access(user, itemId)).toMatchObject({ visit: true, edit: true });
    await world.send(Subject.ItemMemberSave, owner, { item_id: itemId, username: user.username, member_group_id: 0 });
    expect(await world.access(user, itemId)).toMatchObject({ visit: true, edit: true });
    expect(await myItems(user)).toEqual([itemId]);
  });

  describe('revoked at once', () => {
    async function sharedItem(): Promise<{ teamId: number; itemId: number; pageId: number; user: User }> {
      const teamId = await world.team(owner);
      const itemId = await world.item(owner, { password: 'secret' });
      const pageId = (await world.page(owner, itemId, 'Plans')).page_id;
      const user = await world.user();
      await world.join(owner, teamId, user);
      await world.assign(owner, teamId, itemId);
      await world.setRight(owner, teamId, itemId, user, 1);
      expect(await world.send(Subject.PagePageInfo, user, { page_id: pageId })).toMatchObject({ page_title: 'Plans' });
      return { teamId, itemId, pageId, user };
    }

    async function expectLockedOut(user: User, itemId: number, pageId: number): Promise<void> {
      expect(await world.access(user, itemId)).toMatchObject({ visit: false, edit: false });
      expect(await failure(world.send(Subject.PagePageInfo, user, { page_id: pageId }))).toMatchObject({ code: ErrorCode.NotCreator });
      expect(await failure(world.send(Subject.PagePageSave, user, { item_id: itemId, page_title: 'x', page_content: 'y' }))).toMatchObject({ code: ErrorCode.NoPermission });
      expect(await myItems(user)).not.toContain(itemId);
    }

    it('when the team is deleted', async () => {
      const { teamId, itemId, pageId, user } = await sharedItem();
      await world.send(Subject.TeamTeamDelete, owner, { id: teamId });
      await expectLockedOut(user, itemId, pageId);
      expect(await world.send(Subject.TeamItemList, owner, { item_id: itemId })).toEqual([]);
    });

    it('when the member is removed from the team', async () => {
      const { teamId, itemId, pageId, user } = await sharedItem();
      const [member] = (await world.send<{ id: number; member_uid: number }[]>(Subject.TeamMemberList, owner, { team_id: teamId })).filter((m) => m.member_uid === user.uid);
      await world.send(Subject.TeamMemberDelete, owner, { id: member.id });
      await expectLockedOut(user, itemId, pageId);
      expect(await world.rights(owner, teamId, itemId)).toEqual([]);
    });

    it('when the item is unassigned from the team', async () => {
      const { teamId, itemId, pageId, user } = await sharedItem();
      const [binding] = await world.send<{ id: number }[]>(Subject.TeamItemList, owner, { item_id: itemId });
      await world.send(Subject.TeamItemDelete, owner, { id: binding.id });
      await expectLockedOut(user, itemId, pageId);
      // Assigning it again starts from read-only.
      await world.assign(owner, teamId, itemId);
      expect(await world.access(user, itemId)).toMatchObject({ visit: true, edit: false });
    });

    it('even when only the team row went (a cascade cut short leaves no right behind)', async () => {
      const { teamId, itemId, pageId, user } = await sharedItem();
      // The first step of team/delete, and nothing after it.
      await ctx.app.get(TeamRepository).remove(teamId);
      await expectLockedOut(user, itemId, pageId);
    });
  });

  it('item/exitItem: a user in the item through a team is told the team and whom to ask ([ERA] message)', async () => {
    const teamId = await world.team(owner, "Ops <b>'24</b>");
    const itemId = await world.item(owner);
    const user = await world.user();
    await world.join(owner, teamId, user);
    await world.assign(owner, teamId, itemId);
    const refused = await failureDetail(world.send(Subject.ItemItemExit, user, { item_id: itemId }));
    expect(refused).toEqual({ code: ErrorCode.Failed, key: 'item_exit_in_team', params: { team_name: 'Ops &lt;b&gt;&#039;24&lt;/b&gt;', owner: owner.username } });
    expect(translate('item_exit_in_team', 'zh-cn', refused.params)).toBe(`你目前在团队“Ops &lt;b&gt;&#039;24&lt;/b&gt;”中，可以请“${owner.username}”把你移出该团队`);
    expect(await world.access(user, itemId)).toMatchObject({ visit: true });
  });

  it('purging a deleted item removes its team bindings and rights', async () => {
    const teamId = await world.team(owner);
    const itemId = await world.item(owner);
    const user = await world.user();
    await world.join(owner, teamId, user);
    await world.assign(owner, teamId, itemId);
    await world.send(Subject.ItemItemDelete, owner, { item_id: itemId, password: owner.password });
    await world.setStored(itemId, { del_time: 1 });
    expect(await world.send(Subject.ItemMaintenancePurge, testCaller())).toMatchObject({ purged: expect.any(Number) });
    const store = ctx.app.get(DocumentStore);
    expect(await store.collection<{ item_id: number }>('team_items').count({ item_id: itemId })).toBe(0);
    expect(await store.collection<{ item_id: number }>('team_item_members').count({ item_id: itemId })).toBe(0);
    expect(await world.send(Subject.TeamItemListByTeam, owner, { team_id: teamId })).toEqual([]);
  });
});
