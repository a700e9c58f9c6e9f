import { ErrorCode, type NoticeRow, Subject, type TeamListEntry, type TeamMemberListEntry, type TeamRow } from '@quire/proto';
import { type ContextApp, testCaller } from '@quire/testing';
import { bootTeamApp, failure, TeamWorld, type User } from './team.factory';

const TIME = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/;

describe('team service: teams and team members', () => {
  let ctx: ContextApp;
  let world: TeamWorld;
  let owner: User;

  beforeAll(async () => {
    ctx = await bootTeamApp();
    world = new TeamWorld(ctx);
    owner = await world.user();
  });

  afterAll(() => ctx.close());

  describe('team/save', () => {
    it('creates a team owned by the caller; the row has a raw addtime and the name escaped', async () => {
      const row = await world.send<TeamRow>(Subject.TeamTeamSave, owner, { team_name: '  R&D <Core>  ' });
      expect(row).toEqual({
        id: expect.any(Number),
        team_name: 'R&amp;D &lt;Core&gt;',
        uid: owner.uid,
        username: owner.username,
        addtime: expect.any(Number),
        last_update_time: expect.any(Number),
      });
    });

    it('renames my team', async () => {
      const teamId = await world.team(owner, 'Old');
      expect(await world.send(Subject.TeamTeamSave, owner, { id: teamId, team_name: 'New' })).toMatchObject({ id: teamId, team_name: 'New' });
      const list = await world.send<TeamListEntry[]>(Subject.TeamTeamList, owner);
      expect(list.find((t) => t.id === teamId)?.team_name).toBe('New');
    });

    it("refuses renaming someone else's team or a missing one (10103): [ERA] let anyone rename any team", async () => {
      const teamId = await world.team(owner, 'Mine');
      const intruder = await world.user();
      const refused = { code: ErrorCode.NoPermission, key: 'team_not_owned' };
      expect(await failure(world.send(Subject.TeamTeamSave, intruder, { id: teamId, team_name: 'Hijacked' }))).toEqual(refused);
      expect(await failure(world.send(Subject.TeamTeamSave, owner, { id: 999_999, team_name: 'Ghost' }))).toEqual(refused);
      expect((await world.send<TeamListEntry[]>(Subject.TeamTeamList, owner)).find((t) => t.id === teamId)?.team_name).toBe('Mine');
    });

    it('refuses an empty or blank name, and a name of 10,000 characters, creating nothing', async () => {
      const before = (await world.send<TeamListEntry[]>(Subject.TeamTeamList, owner)).length;
      expect(await failure(world.send(Subject.TeamTeamSave, owner, { team_name: '' }))).toEqual({ code: ErrorCode.Failed, key: 'team_name_required' });
      expect(await failure(world.send(Subject.TeamTeamSave, owner, { team_name: '   ' }))).toEqual({ code: ErrorCode.Failed, key: 'team_name_required' });
      expect(await failure(world.send(Subject.TeamTeamSave, owner, { team_name: 'x'.repeat(10_000) }))).toEqual({ code: ErrorCode.Failed, key: 'param_too_long' });
      const teamId = await world.team(owner, 'Keep');
      expect(await failure(world.send(Subject.TeamTeamSave, owner, { id: teamId, team_name: 'y'.repeat(10_000) }))).toEqual({ code: ErrorCode.Failed, key: 'param_too_long' });
      const after = await world.send<TeamListEntry[]>(Subject.TeamTeamList, owner);
      expect(after).toHaveLength(before + 1);
      expect(after.find((t) => t.id === teamId)?.team_name).toBe('Keep');
    });

    it('needs a login', async () => {
      expect(await failure(world.send(Subject.TeamTeamSave, testCaller(), { team_name: 'Anon' }))).toMatchObject({ code: ErrorCode.NotLoggedIn });
    });
  });

  describe('team/getList', () => {
    it('lists the teams I own, newest first, with member and item counts and a formatted time', async () => {
      const me = await world.user();
      expect(await world.send(Subject.TeamTeamList, me)).toEqual([]);
      const first = await world.team(me, 'First');
      const second = await world.team(me, 'Second');
      await world.join(me, first, await world.user());
      await world.join(me, first, await world.user());
      await world.assign(me, first, await world.item(me));
      await world.team(await world.user(), 'Not mine');
      const list = await world.send<TeamListEntry[]>(Subject.TeamTeamList, me);
      expect(list.map((t) => t.id)).toEqual([second, first]);
      expect(list[1]).toMatchObject({ team_name: 'First', memberCount: 2, itemCount: 1, uid: me.uid, addtime: expect.stringMatching(TIME) });
      expect(list[0]).toMatchObject({ memberCount: 0, itemCount: 0 });
    });
  });

  describe('team/delete', () => {
    it('deletes my team; others and missing teams answer 10103', async () => {
      const teamId = await world.team(owner, 'Doomed');
      const intruder = await world.user();
      expect(await failure(world.send(Subject.TeamTeamDelete, intruder, { id: teamId }))).toEqual({ code: ErrorCode.NoPermission, key: 'team_not_owned' });
      expect(await world.send(Subject.TeamTeamDelete, owner, { id: teamId })).toBe(1);
      expect((await world.send<TeamListEntry[]>(Subject.TeamTeamList, owner)).map((t) => t.id)).not.toContain(teamId);
      expect(await failure(world.send(Subject.TeamTeamDelete, owner, { id: teamId }))).toEqual({ code: ErrorCode.NoPermission, key: 'team_not_owned' });
      expect(await failure(world.send(Subject.TeamMemberList, owner, { team_id: teamId }))).toMatchObject({ code: ErrorCode.TeamNotOwned });
    });
  });

  describe('teamMember/save', () => {
    it('adds a user by username and tells them in a notice (team name escaped)', async () => {
      const teamId = await world.team(owner, 'Ops <script>x</script>');
      const user = await world.user();
      const row = await world.join(owner, teamId, user);
      expect(row).toEqual({
        id: expect.any(Number),
        team_id: teamId,
        member_uid: user.uid,
        member_username: user.username,
        addtime: expect.any(Number),
        last_update_time: expect.any(Number),
      });
      const [notice] = await world.send<NoticeRow[]>(Subject.NoticeNoticeList, user, { notice_type: 'unread' });
      expect(notice).toMatchObject({ notice_title: 'You were added to a team', from_name: owner.username, is_read: 0 });
      expect(notice.notice_content).toContain('<b>Ops &lt;script&gt;x&lt;/script&gt;</b>');
      expect(notice.notice_content).not.toContain('<script');
    });

    it('answers 10209 for an unknown or empty username', async () => {
      const teamId = await world.team(owner);
      const unknown = { code: ErrorCode.UserNotFound, key: 'user_not_found' };
      expect(await failure(world.send(Subject.TeamMemberSave, owner, { team_id: teamId, member_username: 'no-such-user' }))).toEqual(unknown);
      expect(await failure(world.send(Subject.TeamMemberSave, owner, { team_id: teamId, member_username: '' }))).toEqual(unknown);
      expect(await world.send(Subject.TeamMemberList, owner, { team_id: teamId })).toEqual([]);
    });

    it('refuses adding a member twice (10101) and the owner adding themself', async () => {
      const teamId = await world.team(owner);
      const user = await world.user();
      await world.join(owner, teamId, user);
      expect(await failure(world.join(owner, teamId, user))).toEqual({ code: ErrorCode.Failed, key: 'team_member_exists' });
      expect(await failure(world.join(owner, teamId, owner))).toEqual({ code: ErrorCode.Failed, key: 'team_member_is_owner' });
      expect(await world.send<TeamMemberListEntry[]>(Subject.TeamMemberList, owner, { team_id: teamId })).toHaveLength(1);
    });

    it("answers 10209 'no such team' to a non-owner, adding nobody", async () => {
      const teamId = await world.team(owner);
      const intruder = await world.user();
      expect(await failure(world.join(intruder, teamId, intruder))).toEqual({ code: ErrorCode.UserNotFound, key: 'team_not_owned' });
      expect(await failure(world.join(intruder, 999_999, owner))).toEqual({ code: ErrorCode.UserNotFound, key: 'team_not_owned' });
      expect(await world.send(Subject.TeamMemberList, owner, { team_id: teamId })).toEqual([]);
    });
  });

  describe('teamMember/getList', () => {
    it('lists members newest first with name and formatted time', async () => {
      const teamId = await world.team(owner);
      const first = await world.user();
      const second = await world.user();
      await world.join(owner, teamId, first);
      await world.join(owner, teamId, second);
      const list = await world.send<TeamMemberListEntry[]>(Subject.TeamMemberList, owner, { team_id: teamId });
      expect(list.map((m) => m.member_uid).sort()).toEqual([first.uid, second.uid].sort());
      expect(list[0].id).toBeGreaterThan(list[1].id);
      expect(list[0]).toMatchObject({ team_id: teamId, name: '', addtime: expect.stringMatching(TIME) });
    });

    it('answers the six-digit 102099 to a non-owner', async () => {
      const teamId = await world.team(owner);
      const intruder = await world.user();
      expect(await failure(world.send(Subject.TeamMemberList, intruder, { team_id: teamId }))).toEqual({ code: 102099, key: 'team_not_owned' });
    });
  });

  describe('teamMember/delete', () => {
    it('removes a member of my team; a non-owner or a missing id answers 102099', async () => {
      const teamId = await world.team(owner);
      const user = await world.user();
      const row = await world.join(owner, teamId, user);
      const intruder = await world.user();
      expect(await failure(world.send(Subject.TeamMemberDelete, intruder, { id: row.id }))).toEqual({ code: ErrorCode.TeamNotOwned, key: 'team_not_owned' });
      expect(await world.send(Subject.TeamMemberDelete, owner, { id: row.id })).toBe(1);
      expect(await world.send(Subject.TeamMemberList, owner, { team_id: teamId })).toEqual([]);
      expect(await failure(world.send(Subject.TeamMemberDelete, owner, { id: row.id }))).toEqual({ code: ErrorCode.TeamNotOwned, key: 'team_not_owned' });
      // Removed, the user can be added again.
      expect(await world.join(owner, teamId, user)).toMatchObject({ member_uid: user.uid });
    });
  });
});
