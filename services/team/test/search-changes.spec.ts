import { SEARCH_CHANGE_TOPIC, type SearchChange, Subject } from '@quire/proto';
import { ChangeRecorder, type ContextApp } from '@quire/testing';
import { bootTeamApp, TeamWorld, type User } from './team.factory';

/** What the search index hears (ChangeFeed topic `content`) when a team changes who reads which items. */
describe('team service: search change notices', () => {
  let ctx: ContextApp;
  let world: TeamWorld;
  let owner: User;
  let changes: ChangeRecorder<SearchChange>;

  beforeAll(async () => {
    ctx = await bootTeamApp();
    world = new TeamWorld(ctx);
    owner = await world.user();
    changes = await ChangeRecorder.start<SearchChange>(ctx.app, SEARCH_CHANGE_TOPIC);
  });
  afterAll(() => ctx.close());

  const readersOf = (...itemIds: number[]): SearchChange[] => itemIds.map((itemId) => ({ kind: 'access', item_id: itemId }));

  /** A team of `owner` with two of their items assigned. */
  async function teamWithItems(): Promise<{ teamId: number; items: [number, number] }> {
    const teamId = await world.team(owner);
    const items: [number, number] = [await world.item(owner), await world.item(owner)];
    for (const itemId of items) await world.assign(owner, teamId, itemId);
    return { teamId, items };
  }

  it('names every item of the team when a member joins or is removed', async () => {
    const { teamId, items } = await teamWithItems();
    const user = await world.user();
    let memberId = 0;

    expect(await changes.during(async () => (memberId = (await world.join(owner, teamId, user)).id))).toEqual(readersOf(...items));
    expect(await changes.during(() => world.send(Subject.TeamMemberDelete, owner, { id: memberId }))).toEqual(readersOf(...items));
  });

  it('names the item assigned to a team or taken from it', async () => {
    const teamId = await world.team(owner);
    await world.join(owner, teamId, await world.user());
    const itemId = await world.item(owner);
    let bindingId = 0;

    expect(await changes.during(async () => (bindingId = (await world.assign(owner, teamId, itemId)).id))).toEqual(readersOf(itemId));
    expect(await changes.during(() => world.send(Subject.TeamItemDelete, owner, { id: bindingId }))).toEqual(readersOf(itemId));
  });

  it('names every item of a deleted team; nothing for a renamed one', async () => {
    const { teamId, items } = await teamWithItems();

    expect(await changes.during(() => world.send(Subject.TeamTeamSave, owner, { id: teamId, team_name: 'Platform team' }))).toEqual([]);
    expect(await changes.during(() => world.send(Subject.TeamTeamDelete, owner, { id: teamId }))).toEqual(readersOf(...items));
  });

  it('names the items a deleted user read through teams and those of the teams they owned', async () => {
    const admin = await world.user({ groupid: 1 });
    const leaving = await world.user();
    const { teamId, items: reached } = await teamWithItems();
    await world.join(owner, teamId, leaving);
    const ownTeam = await world.team(leaving);
    const ownItem = await world.item(leaving);
    await world.join(leaving, ownTeam, await world.user());
    await world.assign(leaving, ownTeam, ownItem);

    const announced = await changes.during(() => world.send(Subject.TeamMemberForgetUser, admin, { uid: leaving.uid }));

    expect(announced).toEqual(readersOf(...reached, ownItem));
  });

  it('announces nothing for a change that is refused', async () => {
    const { teamId } = await teamWithItems();
    const [stranger, user] = [await world.user(), await world.user()];

    expect(await changes.duringFailure(() => world.join(stranger, teamId, user))).toEqual([]);
    expect(await changes.duringFailure(() => world.send(Subject.TeamTeamDelete, stranger, { id: teamId }))).toEqual([]);
  });
});
