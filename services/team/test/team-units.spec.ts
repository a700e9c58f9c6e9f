import { type TeamListEntry, type TeamMemberListEntry, Subject } from '@quire/proto';
import { type ContextApp, failNthCall } from '@quire/testing';
import { TeamItemMemberRepository } from '../src/team-item-member/team-item-member.repository';
import { TeamItemRepository } from '../src/team-item/team-item.repository';
import { TeamMemberRepository } from '../src/team-member/team-member.repository';
import { bootTeamApp, TeamWorld, type User } from './team.factory';

/**
 * A team change that writes several rows (a team with its members, items and the rights they
 * give) keeps all of them or none: each test fails a later write as a broken store would and
 * checks that the earlier ones of the same change are gone too.
 */
describe('team service: a change is kept whole or not at all', () => {
  let ctx: ContextApp;
  let world: TeamWorld;
  let owner: User;

  beforeAll(async () => {
    ctx = await bootTeamApp();
    world = new TeamWorld(ctx);
    owner = await world.user();
  });

  afterAll(() => ctx.close());

  /** Runs `change`, which must fail, while the `nth` call of a repository method fails. */
  const failing = async <T extends object>(target: T, method: keyof T & string, nth: number, change: () => Promise<unknown>) => {
    const restore = failNthCall(target, method, nth);
    try {
      await expect(change()).rejects.toBeDefined();
    } finally {
      restore();
    }
  };

  /** A team of mine with one member and one item assigned. */
  const populatedTeam = async () => {
    const teamId = await world.team(owner);
    const [member, itemId] = [await world.user(), await world.item(owner)];
    await world.join(owner, teamId, member);
    await world.assign(owner, teamId, itemId);
    return { teamId, member, itemId };
  };

  const teamOf = async (teamId: number) => (await world.send<TeamListEntry[]>(Subject.TeamTeamList, owner)).find((team) => team.id === teamId);
  const memberUids = async (teamId: number) => (await world.send<TeamMemberListEntry[]>(Subject.TeamMemberList, owner, { team_id: teamId })).map((m) => m.member_uid);

  it('team/delete: a team whose members could not be removed keeps its row, items and rights', async () => {
    const { teamId, member, itemId } = await populatedTeam();

    await failing(ctx.app.get(TeamMemberRepository), 'removeByTeam', 1, () => world.send(Subject.TeamTeamDelete, owner, { id: teamId }));

    expect(await teamOf(teamId)).toMatchObject({ memberCount: 1, itemCount: 1 });
    expect(await world.rights(owner, teamId, itemId)).toEqual([expect.objectContaining({ member_uid: member.uid })]);
    expect(await world.access(member, itemId)).toMatchObject({ visit: true });
  });

  it('teamMember/save: a member whose right on the second team item could not be written is not added', async () => {
    const { teamId, itemId } = await populatedTeam();
    const second = await world.item(owner);
    await world.assign(owner, teamId, second);
    const newcomer = await world.user();

    await failing(ctx.app.get(TeamItemMemberRepository), 'grant', 2, () => world.join(owner, teamId, newcomer));

    expect(await memberUids(teamId)).not.toContain(newcomer.uid);
    for (const item of [itemId, second]) {
      expect((await world.rights(owner, teamId, item)).map((right) => right.member_uid)).not.toContain(newcomer.uid);
    }
  });

  it('teamMember/delete: a member whose rights could not be removed stays a member with them', async () => {
    const { teamId, member, itemId } = await populatedTeam();
    const row = (await world.send<TeamMemberListEntry[]>(Subject.TeamMemberList, owner, { team_id: teamId }))[0];

    await failing(ctx.app.get(TeamItemMemberRepository), 'removeByTeamAndUser', 1, () => world.send(Subject.TeamMemberDelete, owner, { id: row.id }));

    expect(await memberUids(teamId)).toEqual([member.uid]);
    expect(await world.access(member, itemId)).toMatchObject({ visit: true });
  });

  it('teamItem/save: an item whose right for the second member could not be written is not assigned', async () => {
    const { teamId } = await populatedTeam();
    await world.join(owner, teamId, await world.user());
    const itemId = await world.item(owner);

    await failing(ctx.app.get(TeamItemMemberRepository), 'grant', 2, () => world.assign(owner, teamId, itemId));

    expect(await world.send(Subject.TeamItemList, owner, { item_id: itemId })).toEqual([]);
    expect(await world.rights(owner, teamId, itemId)).toEqual([]);
  });

  it('teamItem/delete: a binding whose rights could not be removed stays, with them', async () => {
    const { member, itemId } = await populatedTeam();
    const [binding] = await world.send<{ id: number }[]>(Subject.TeamItemList, owner, { item_id: itemId });

    await failing(ctx.app.get(TeamItemMemberRepository), 'removeByPair', 1, () => world.send(Subject.TeamItemDelete, owner, { id: binding.id }));

    expect(await world.send(Subject.TeamItemList, owner, { item_id: itemId })).toHaveLength(1);
    expect(await world.access(member, itemId)).toMatchObject({ visit: true });
  });

  it('team.item.purge: an item whose rights could not be removed keeps its bindings', async () => {
    const { teamId, itemId } = await populatedTeam();

    await failing(ctx.app.get(TeamItemMemberRepository), 'removeByItem', 1, () => world.send(Subject.TeamItemPurge, owner, { item_id: itemId }));

    expect(await ctx.app.get(TeamItemRepository).find(teamId, itemId)).not.toBeNull();
    expect(await world.rights(owner, teamId, itemId)).toHaveLength(1);
  });

  it('team.member.forgetUser: a user whose rights could not be removed keeps their teams and memberships', async () => {
    const admin = await world.user({ groupid: 1 });
    const { teamId, member } = await populatedTeam();
    const owned = await world.team(member, 'Owned by the forgotten user');

    await failing(ctx.app.get(TeamItemMemberRepository), 'removeByUser', 1, () => world.send(Subject.TeamMemberForgetUser, admin, { uid: member.uid }));

    expect(await memberUids(teamId)).toEqual([member.uid]);
    expect((await world.send<TeamListEntry[]>(Subject.TeamTeamList, member)).map((team) => team.id)).toEqual([owned]);
  });
});
