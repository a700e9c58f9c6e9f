import { ErrorCode, type ItemTeamEntry, type TeamItemByTeamEntry, type TeamItemMemberEntry, Subject, formatTime } from '@quire/proto';
import { type ContextApp, testCaller } from '@quire/testing';
import { bootTeamApp, failure, TeamWorld, type User } from './team.factory';

const TIME = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/;

describe('team service: team items and member rights', () => {
  let ctx: ContextApp;
  let world: TeamWorld;
  let owner: User;

  beforeAll(async () => {
    ctx = await bootTeamApp();
    world = new TeamWorld(ctx);
    owner = await world.user();
  });

  afterAll(() => ctx.close());

  describe('teamItem/save', () => {
    it('assigns my item to my team; every current member gets a READ-ONLY right', async () => {
      const teamId = await world.team(owner);
      const itemId = await world.item(owner);
      const [ann, bob] = [await world.user(), await world.user()];
      await world.join(owner, teamId, ann);
      await world.join(owner, teamId, bob);
      const row = await world.assign(owner, teamId, itemId);
      expect(row).toEqual({ id: expect.any(Number), team_id: teamId, item_id: itemId, addtime: expect.any(Number), last_update_time: expect.any(Number) });
      const rights = await world.rights(owner, teamId, itemId);
      expect(rights.map((r) => [r.member_uid, r.member_group_id]).sort()).toEqual(
        [
          [ann.uid, 0],
          [bob.uid, 0],
        ].sort(),
      );
    });

    it('refuses assigning the same item to the same team twice, leaving one binding and one right per member', async () => {
      const teamId = await world.team(owner);
      const itemId = await world.item(owner);
      const user = await world.user();
      await world.join(owner, teamId, user);
      await world.assign(owner, teamId, itemId);
      expect(await failure(world.assign(owner, teamId, itemId))).toEqual({ code: ErrorCode.Failed, key: 'team_item_exists' });
      expect(await world.send<ItemTeamEntry[]>(Subject.TeamItemList, owner, { item_id: itemId })).toHaveLength(1);
      expect(await world.rights(owner, teamId, itemId)).toHaveLength(1);
    });

    it("needs the item's creator (10303) who owns the team (10209)", async () => {
      const teamId = await world.team(owner);
      const other = await world.user();
      const othersItem = await world.item(other);
      const othersTeam = await world.team(other);
      const myItem = await world.item(owner);
      expect(await failure(world.assign(owner, teamId, othersItem))).toEqual({ code: ErrorCode.NotCreator, key: 'item_not_creator' });
      expect(await failure(world.assign(owner, othersTeam, myItem))).toEqual({ code: ErrorCode.UserNotFound, key: 'team_not_owned' });
      expect(await failure(world.assign(owner, teamId, 999_999))).toEqual({ code: ErrorCode.Failed, key: 'item_not_exist' });
      expect(await failure(world.assign(testCaller(), teamId, myItem))).toMatchObject({ code: ErrorCode.NotLoggedIn });
      expect(await world.send(Subject.TeamItemList, owner, { item_id: myItem })).toEqual([]);
    });
  });

  describe('teamItem/getList', () => {
    it("lists the teams of my item: id is the binding, addtime the team's, formatted; 10303 to others", async () => {
      const itemId = await world.item(owner);
      const teamA = await world.team(owner, 'A & B');
      const teamB = await world.team(owner, 'C');
      const bindingA = await world.assign(owner, teamA, itemId);
      await world.assign(owner, teamB, itemId);
      const list = await world.send<ItemTeamEntry[]>(Subject.TeamItemList, owner, { item_id: itemId });
      expect(list.map((t) => t.team_id)).toEqual([teamA, teamB]);
      expect(list[0]).toMatchObject({ id: bindingA.id, team_name: 'A &amp; B', item_id: itemId, uid: owner.uid, addtime: expect.stringMatching(TIME) });
      const member = await world.user();
      await world.join(owner, teamA, member);
      expect(await failure(world.send(Subject.TeamItemList, member, { item_id: itemId }))).toEqual({ code: ErrorCode.NotCreator, key: 'item_not_creator' });
    });
  });

  describe('teamItem/getListByTeam', () => {
    it("lists my team's live items without visit passwords, names escaped, addtime the item's", async () => {
      const teamId = await world.team(owner);
      const privateItem = await world.item(owner, { name: 'Vault <i>', password: 'top-secret' });
      const publicItem = await world.item(owner, { name: 'Wiki' });
      const deletedItem = await world.item(owner, { name: 'Gone' });
      const binding = await world.assign(owner, teamId, privateItem);
      await world.assign(owner, teamId, publicItem);
      await world.assign(owner, teamId, deletedItem);
      await world.send(Subject.ItemItemDelete, owner, { item_id: deletedItem, password: owner.password });

      const list = await world.send<TeamItemByTeamEntry[]>(Subject.TeamItemListByTeam, owner, { team_id: teamId });
      expect(list.map((i) => i.item_id)).toEqual([privateItem, publicItem]);
      expect(list[0]).toMatchObject({ id: binding.id, team_id: teamId, item_name: 'Vault &lt;i&gt;', is_private: 1, addtime: expect.stringMatching(TIME) });
      expect(JSON.stringify(list)).not.toContain('top-secret');
      expect(list[0]).not.toHaveProperty('password');
    });

    it('gives when the item joined the team as join_time, apart from its creation time', async () => {
      const teamId = await world.team(owner);
      const itemId = await world.item(owner, { name: 'Old item' });
      // The item is assigned two days after it was created.
      const later = Date.now() + 2 * 86_400_000;
      const clock = jest.spyOn(Date, 'now').mockReturnValue(later);
      try {
        await world.assign(owner, teamId, itemId);
      } finally {
        clock.mockRestore();
      }
      const [entry] = await world.send<TeamItemByTeamEntry[]>(Subject.TeamItemListByTeam, owner, { team_id: teamId });
      expect(entry.join_time).toBe(formatTime(Math.floor(later / 1000)));
      expect(entry.addtime).not.toBe(entry.join_time);
    });

    it('answers 10209 to a non-owner', async () => {
      const teamId = await world.team(owner);
      expect(await failure(world.send(Subject.TeamItemListByTeam, await world.user(), { team_id: teamId }))).toEqual({ code: ErrorCode.UserNotFound, key: 'team_not_owned' });
    });
  });

  describe('teamItem/delete', () => {
    it('unassigns; others answer 10303, a missing binding 10103', async () => {
      const teamId = await world.team(owner);
      const itemId = await world.item(owner);
      const binding = await world.assign(owner, teamId, itemId);
      const stranger = await world.user();
      expect(await failure(world.send(Subject.TeamItemDelete, stranger, { id: binding.id }))).toEqual({ code: ErrorCode.NotCreator, key: 'item_not_creator' });
      expect(await world.send(Subject.TeamItemDelete, owner, { id: binding.id })).toBe(1);
      expect(await world.send(Subject.TeamItemList, owner, { item_id: itemId })).toEqual([]);
      expect(await failure(world.send(Subject.TeamItemDelete, owner, { id: binding.id }))).toEqual({ code: ErrorCode.NoPermission, key: 'team_item_not_found' });
    });

    it('lets the team owner unassign an item that was transferred to someone else', async () => {
      const teamId = await world.team(owner);
      const itemId = await world.item(owner);
      const binding = await world.assign(owner, teamId, itemId);
      const heir = await world.user();
      await world.send(Subject.ItemItemAttorn, owner, { item_id: itemId, username: heir.username, password: owner.password });
      expect(await world.send<ItemTeamEntry[]>(Subject.TeamItemList, heir, { item_id: itemId })).toHaveLength(1);
      expect(await world.send(Subject.TeamItemDelete, owner, { id: binding.id })).toBe(1);
      expect(await world.send(Subject.TeamItemList, heir, { item_id: itemId })).toEqual([]);
    });
  });

  describe('teamItemMember/getList and teamItemMember/save', () => {
    it('lists the rights of a team on my item and sets one member to edit (1), unchanged answers 0', async () => {
      const teamId = await world.team(owner);
      const itemId = await world.item(owner);
      const user = await world.user();
      await world.join(owner, teamId, user);
      await world.assign(owner, teamId, itemId);
      const [right] = await world.rights(owner, teamId, itemId);
      expect(right).toEqual({
        id: expect.any(Number),
        team_id: teamId,
        item_id: itemId,
        member_group_id: 0,
        member_uid: user.uid,
        member_username: user.username,
        addtime: expect.stringMatching(TIME),
        last_update_time: expect.any(Number),
      });
      expect(await world.send(Subject.TeamItemMemberSave, owner, { id: right.id, member_group_id: 1 })).toBe(1);
      expect(await world.send(Subject.TeamItemMemberSave, owner, { id: right.id, member_group_id: 1 })).toBe(0);
      expect((await world.rights(owner, teamId, itemId))[0].member_group_id).toBe(1);
    });

    it('refuses non-creators (10303), a missing right (10101) and groups other than 0 and 1', async () => {
      const teamId = await world.team(owner);
      const itemId = await world.item(owner);
      const user = await world.user();
      await world.join(owner, teamId, user);
      await world.assign(owner, teamId, itemId);
      const [right] = await world.send<TeamItemMemberEntry[]>(Subject.TeamItemMemberList, owner, { team_id: teamId, item_id: itemId });
      expect(await failure(world.send(Subject.TeamItemMemberList, user, { team_id: teamId, item_id: itemId }))).toEqual({ code: ErrorCode.NotCreator, key: 'item_not_creator' });
      expect(await failure(world.send(Subject.TeamItemMemberSave, user, { id: right.id, member_group_id: 1 }))).toEqual({ code: ErrorCode.NotCreator, key: 'item_not_creator' });
      expect(await failure(world.send(Subject.TeamItemMemberSave, owner, { id: 999_999, member_group_id: 1 }))).toEqual({ code: ErrorCode.Failed, key: 'team_item_member_not_found' });
      expect(await failure(world.send(Subject.TeamItemMemberSave, owner, { id: right.id, member_group_id: 2 }))).toMatchObject({ code: ErrorCode.Failed, key: 'param_not_one_of' });
      expect((await world.rights(owner, teamId, itemId))[0].member_group_id).toBe(0);
    });

    it("needs the team's owner too (10209) once the item changed hands", async () => {
      const teamId = await world.team(owner);
      const itemId = await world.item(owner);
      const user = await world.user();
      await world.join(owner, teamId, user);
      await world.assign(owner, teamId, itemId);
      const [right] = await world.rights(owner, teamId, itemId);
      const heir = await world.user();
      await world.send(Subject.ItemItemAttorn, owner, { item_id: itemId, username: heir.username, password: owner.password });
      expect(await failure(world.send(Subject.TeamItemMemberSave, heir, { id: right.id, member_group_id: 1 }))).toEqual({ code: ErrorCode.UserNotFound, key: 'team_not_owned' });
      expect(await failure(world.send(Subject.TeamItemMemberSave, owner, { id: right.id, member_group_id: 1 }))).toEqual({ code: ErrorCode.NotCreator, key: 'item_not_creator' });
    });
  });
});
