import { AuthModule } from '@quire/auth-service';
import { ItemModule } from '@quire/item-service';
import { NoticeModule } from '@quire/notice-service';
import { PageModule } from '@quire/page-service';
import { DocumentStore, hashSecret, KeyValueStore } from '@quire/platform';
import {
  type AdminItemPage,
  type AdminUserPage,
  AppError,
  type Caller,
  captchaKey,
  type HomePageSetting,
  type ItemRow,
  JobName,
  type LoggedInUser,
  type MailOutbox,
  type NoticeRow,
  type Reply,
  sessionKey,
  type SiteSettings,
  Subject,
  type WireParams,
} from '@quire/proto';
import { createContextApp, createUser, testCaller, type ContextApp } from '@quire/testing';
import { TeamModule } from '@quire/team-service';
import { AdminModule } from '../src/admin.module';

type User = Caller & { password: string };
const TIME = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/;

describe('administrator console', () => {
  let ctx: ContextApp;
  let admin: User;
  let someone: User;

  const send = <T>(subject: Subject, caller: Caller, params: WireParams = {}) => ctx.relay<T>(subject, { caller, params });
  const failure = async (subject: Subject, caller: Caller, params: WireParams = {}) => {
    try {
      await send(subject, caller, params);
    } catch (error) {
      if (error instanceof AppError) return { code: error.code, key: error.key, params: error.params };
      throw error;
    }
    throw new Error(`${subject} succeeded with ${JSON.stringify(params)}`);
  };
  const login = (username: string, password: string) => send<Reply<LoggedInUser>>(Subject.AuthUserLogin, testCaller(), { username, password, v_code: '' });
  const register = async (username: string) => {
    const browser = testCaller();
    await send(Subject.AuthCaptchaCreate, browser);
    const v_code = await ctx.app.get(KeyValueStore).get(captchaKey(browser.clientId));
    return send<Reply<never[]>>(Subject.AuthUserRegister, browser, { username, password: 'secret-1', confirm_password: 'secret-1', v_code });
  };
  const addItem = async (owner: Caller, name: string, password = '') =>
    (await send<{ item_id: number }>(Subject.ItemItemAdd, owner, { item_name: name, item_type: 1, password, item_description: `About ${name}` })).item_id;
  const users = () => ctx.app.get(DocumentStore).collection<{ uid: number; username: string; groupid: number }>('users');
  const memberships = (uid: number) => ctx.app.get(DocumentStore).collection<{ uid: number }>('item_members').count({ uid });
  const notices = (caller: Caller) => send<NoticeRow[]>(Subject.NoticeNoticeList, caller, { notice_type: 'all' });

  beforeAll(async () => {
    ctx = await createContextApp([AuthModule, ItemModule, PageModule, TeamModule, NoticeModule, AdminModule], {
      env: { QUIRE_ADMIN_PASSWORD: 'admin-secret', LANGUAGE: 'en' },
      consumes: [JobName.SendMail],
    });
    admin = await createUser(ctx.app, { username: 'console_admin', groupid: 1 });
    someone = await createUser(ctx.app, { username: 'plain_user' });
  });

  afterAll(() => ctx.close());

  describe('site settings and open registration', () => {
    it('loads [] until the settings are first saved, then every option', async () => {
      await expect(send(Subject.AdminSettingLoad, admin)).resolves.toEqual([]);
      await expect(send(Subject.AdminSettingSave, admin, { register_open: 1, ldap_open: 0, home_page: '1' })).resolves.toEqual([]);
      await expect(send<SiteSettings>(Subject.AdminSettingLoad, admin)).resolves.toEqual({
        register_open: '1',
        ldap_open: '0',
        home_page: '1',
        home_item: '',
        ldap_form: null,
        http_proxy_open: '0',
        recycle_retention_days: '30',
        demo_url: '',
        help_url: '',
        api_resync_schedule: 'off',
        two_factor_required: 'off',
        audit_retention_days: '365',
      });
    });

    it('closes and reopens registration, and tells the register screen', async () => {
      await send(Subject.AdminSettingSave, admin, { register_open: false });
      expect(await send<HomePageSetting>(Subject.AdminSettingHomePage, testCaller())).toMatchObject({ register_open: 0 });
      expect(await failure(Subject.AuthUserRegister, testCaller(), { username: 'late_comer', password: 'secret-1', confirm_password: 'secret-1' })).toEqual({
        code: 10101,
        key: 'register_closed',
        params: {},
      });
      // Closing registration does not stop the administrator adding users.
      await expect(send(Subject.AuthAdminAddUser, admin, { username: 'added_while_closed', password: 'secret-1' })).resolves.toMatchObject({ username: 'added_while_closed' });

      await send(Subject.AdminSettingSave, admin, { register_open: true });
      expect(await send<HomePageSetting>(Subject.AdminSettingHomePage, testCaller())).toMatchObject({ register_open: 1 });
      await expect(register('late_comer')).resolves.toMatchObject({ data: { username: 'late_comer', user_token: expect.any(String) } });
    });

    it.each([
      [{ register_open: 'maybe' }, 10101, 'param_not_one_of'],
      [{ ldap_open: 2 }, 10101, 'param_not_one_of'],
      [{ home_page: 5 }, 10101, 'param_not_one_of'],
      [{ home_page: '3', home_item: '' }, 10101, 'setting_home_item_required'],
      [{ home_item: 'x'.repeat(256) }, 10101, 'param_too_long'],
      [{ recycle_retention_days: 3651 }, 10101, 'param_out_of_range'],
      [{ recycle_retention_days: 'soon' }, 10101, 'param_not_integer'],
      [{ audit_retention_days: 0 }, 10101, 'param_out_of_range'],
      [{ audit_retention_days: 3651 }, 10101, 'param_out_of_range'],
      [{ help_url: 'javascript:alert(1)' }, 10101, 'setting_link_invalid'],
      [{ api_resync_schedule: 'weekly' }, 10101, 'param_not_one_of'],
      [{ demo_url: '//elsewhere.example/demo' }, 10101, 'setting_link_invalid'],
      [{ demo_url: 'https://example.com/' + 'x'.repeat(250) }, 10101, 'param_too_long'],
      [{ ldap_open: '0', register_open: '0', ldap_form: '{"host": ' }, 10011, 'setting_invalid_json'],
      [{ ldap_open: '1', register_open: '0', ldap_form: '{"host": ' }, 10011, 'setting_invalid_json'],
      [{ ldap_open: '1', register_open: '0', ldap_form: { base_dn: 'dc=example,dc=com' } }, 10011, 'param_required'],
      [{ ldap_open: '1', register_open: '0', ldap_form: { host: 'ldap example', base_dn: 'dc=example,dc=com' } }, 10011, 'ldap_host_invalid'],
    ])('refuses %j with %i %s and saves nothing', async (params, code, key) => {
      expect(await failure(Subject.AdminSettingSave, admin, params)).toMatchObject({ code, key });
      expect(await send<SiteSettings>(Subject.AdminSettingLoad, admin)).toEqual({
        register_open: '1',
        ldap_open: '0',
        home_page: '1',
        home_item: '',
        ldap_form: null,
        http_proxy_open: '0',
        recycle_retention_days: '30',
        demo_url: '',
        help_url: '',
        api_resync_schedule: 'off',
        two_factor_required: 'off',
        audit_retention_days: '365',
      });
    });

    it('keeps the landing page links hidden until an administrator sets them', async () => {
      expect(await send<HomePageSetting>(Subject.AdminSettingHomePage, testCaller())).toMatchObject({ demo_url: '', help_url: '' });
      await send(Subject.AdminSettingSave, admin, { demo_url: ' https://docs.example.com/demo ', help_url: '/help' });
      expect(await send<HomePageSetting>(Subject.AdminSettingHomePage, testCaller())).toMatchObject({ demo_url: 'https://docs.example.com/demo', help_url: '/help' });
      await send(Subject.AdminSettingSave, admin, { demo_url: '', help_url: '' });
      expect(await send<HomePageSetting>(Subject.AdminSettingHomePage, testCaller())).toMatchObject({ demo_url: '', help_url: '' });
    });

    it('sends the landing page to an item', async () => {
      await send(Subject.AdminSettingSave, admin, { home_page: 3, home_item: 'docs' });
      expect(await send<HomePageSetting>(Subject.AdminSettingHomePage, testCaller())).toMatchObject({ home_page: '3', home_item: 'docs' });
      await send(Subject.AdminSettingSave, admin, { home_page: '1', home_item: '' });
    });
  });

  describe('who may use it', () => {
    const calls: [Subject, WireParams][] = [
      [Subject.AuthAdminListUsers, {}],
      [Subject.AuthAdminAddUser, { username: 'sneaky_user', password: 'secret-1' }],
      [Subject.AuthAdminChangePassword, { uid: 1, new_password: 'secret-1' }],
      [Subject.AuthAdminDeleteUser, { uid: 1 }],
      [Subject.AdminUserCheckUpdate, {}],
      [Subject.AdminItemList, {}],
      [Subject.AdminItemDelete, { item_id: 1 }],
      [Subject.AdminItemAttorn, { item_id: 1, username: 'plain_user' }],
      [Subject.AdminSettingLoad, {}],
      [Subject.AdminSettingSave, { register_open: '0' }],
      [Subject.AdminNoticeSend, { title: 'Hi', content: 'there' }],
      [Subject.AdminMailOutbox, {}],
      // The internal subjects check the caller again.
      [Subject.AuthMailOutbox, {}],
      [Subject.ItemAdminList, {}],
      [Subject.ItemAdminDelete, { item_id: 1 }],
      [Subject.ItemAdminAttorn, { item_id: 1, username: 'plain_user' }],
      [Subject.ItemAdminCountOwned, { uid: 1 }],
    ];

    it.each(calls)('%s: 10103 for a user who is not an administrator, 10102 for a visitor', async (subject, params) => {
      expect(await failure(subject, someone, params)).toMatchObject({ code: 10103, key: 'no_permission' });
      expect(await failure(subject, testCaller(), params)).toMatchObject({ code: 10102, key: 'not_logged_in' });
    });

    it('changed nothing for them', async () => {
      expect(await users().count({ username: 'sneaky_user' })).toBe(0);
      expect((await send<SiteSettings>(Subject.AdminSettingLoad, admin)).register_open).toBe('1');
    });
  });

  describe('users', () => {
    beforeAll(async () => {
      for (let n = 1; n <= 9; n += 1) await send(Subject.AuthAdminAddUser, admin, { username: `pager_0${n}`, password: 'secret-1' });
    });

    it('lists a page of matching users, newest first, with the total and without password hashes', async () => {
      const page = await send<AdminUserPage>(Subject.AuthAdminListUsers, admin, { username: 'PAGER_', page: 1, count: 4 });

      expect(page.total).toBe(9);
      expect(page.users.map((u) => u.username)).toEqual(['pager_09', 'pager_08', 'pager_07', 'pager_06']);
      expect(page.users[0]).toEqual({
        uid: expect.any(Number),
        username: 'pager_09',
        name: '',
        email: '',
        email_verify: 0,
        groupid: 2,
        reg_time: expect.stringMatching(TIME),
        last_login_time: '',
      });
      expect(JSON.stringify(page)).not.toMatch(/argon2|password/);
      expect((await send<AdminUserPage>(Subject.AuthAdminListUsers, admin, { username: 'pager_', page: 3, count: 4 })).users.map((u) => u.username)).toEqual(['pager_01']);
    });

    it('pages by 7 by default, treats page < 1 as the first, and searches literally', async () => {
      expect((await send<AdminUserPage>(Subject.AuthAdminListUsers, admin, { username: 'pager_', page: 0 })).users).toHaveLength(7);
      expect((await send<AdminUserPage>(Subject.AuthAdminListUsers, admin, { username: 'pager_', count: 0, page: -3 })).users).toHaveLength(7);
      expect(await send<AdminUserPage>(Subject.AuthAdminListUsers, admin, { username: 'pager.*' })).toEqual({ total: 0, users: [] });
      expect((await send<AdminUserPage>(Subject.AuthAdminListUsers, admin, { username: 'pager_', page: 99 })).users).toEqual([]);
    });

    it('refuses a page size above 100', async () => {
      expect(await failure(Subject.AuthAdminListUsers, admin, { count: 101 })).toMatchObject({ code: 10101, key: 'param_out_of_range', params: { name: 'count' } });
    });

    it('adds users with the rules of registration; they can log in', async () => {
      await expect(send(Subject.AuthAdminAddUser, admin, { username: 'new_hire', password: 'hire-pass' })).resolves.toMatchObject({ username: 'new_hire' });
      await expect(login('new_hire', 'hire-pass')).resolves.toMatchObject({ data: { username: 'new_hire', groupid: 2 } });

      expect(await failure(Subject.AuthAdminAddUser, admin, { username: 'new_hire', password: 'hire-pass' })).toMatchObject({ code: 10101, key: 'username_exists' });
      expect(await failure(Subject.AuthAdminAddUser, admin, { username: 'x', password: 'hire-pass' })).toMatchObject({ key: 'username_format' });
      expect(await failure(Subject.AuthAdminAddUser, admin, { username: 'bad name', password: 'hire-pass' })).toMatchObject({ key: 'username_format' });
      expect(await failure(Subject.AuthAdminAddUser, admin, { username: 'short_pw', password: '123' })).toMatchObject({ key: 'password_length' });
      expect(await failure(Subject.AuthAdminAddUser, admin, { password: 'hire-pass' })).toMatchObject({ key: 'param_required' });
    });

    it("changes a user's password and ends their sessions", async () => {
      const user = await createUser(ctx.app, { password: 'first-pass' });
      const token = ((await login(user.username, 'first-pass')).session as { set: string }).set;

      await expect(send(Subject.AuthAdminChangePassword, admin, { uid: user.uid, new_password: 'second-pass' })).resolves.toBe(1);

      expect(await ctx.app.get(KeyValueStore).get(sessionKey(hashSecret(token)))).toBeNull();
      await expect(login(user.username, 'second-pass')).resolves.toMatchObject({ data: { uid: user.uid } });
      expect(await failure(Subject.AuthUserLogin, testCaller(), { username: user.username, password: 'first-pass' })).toMatchObject({ code: 10204 });
      expect(await failure(Subject.AuthAdminChangePassword, admin, { uid: 999_999, new_password: 'second-pass' })).toMatchObject({ key: 'admin_user_not_found' });
      expect(await failure(Subject.AuthAdminChangePassword, admin, { uid: user.uid, new_password: '12' })).toMatchObject({ key: 'password_length' });
    });

    it('deletes a user who owns no item: account, sessions, item and team memberships go', async () => {
      const owner = await createUser(ctx.app);
      const leaver = await createUser(ctx.app, { password: 'leaver-pass' });
      const token = ((await login(leaver.username, 'leaver-pass')).session as { set: string }).set;
      const itemId = await addItem(owner, 'Shared handbook');
      await send(Subject.ItemMemberSave, owner, { item_id: itemId, username: leaver.username, member_group_id: 1 });
      const teamItemId = await addItem(owner, 'Team handbook');
      const { id: teamId } = await send<{ id: number }>(Subject.TeamTeamSave, owner, { team_name: 'Writers' });
      await send(Subject.TeamMemberSave, owner, { team_id: teamId, member_username: leaver.username });
      await send(Subject.TeamItemSave, owner, { team_id: teamId, item_id: teamItemId });
      expect(await memberships(leaver.uid)).toBe(1);
      expect(await send(Subject.TeamAccessRights, owner, { item_id: teamItemId, uid: leaver.uid })).not.toBeNull();

      await expect(send(Subject.AuthAdminDeleteUser, admin, { uid: leaver.uid })).resolves.toBe(1);

      expect(await users().count({ uid: leaver.uid })).toBe(0);
      expect(await ctx.app.get(KeyValueStore).get(sessionKey(hashSecret(token)))).toBeNull();
      expect(await memberships(leaver.uid)).toBe(0);
      expect(await send<unknown[]>(Subject.TeamMemberList, owner, { team_id: teamId })).toEqual([]);
      expect(await send(Subject.TeamAccessRights, owner, { item_id: teamItemId, uid: leaver.uid })).toBeNull();
      expect(await failure(Subject.AuthAdminDeleteUser, admin, { uid: leaver.uid })).toMatchObject({ code: 10101, key: 'admin_user_not_found' });
    });

    it('deletes the teams a deleted user owned: an item they gave away stops being shared through them', async () => {
      const heir = await createUser(ctx.app);
      const teammate = await createUser(ctx.app);
      const leaver = await createUser(ctx.app, { password: 'leaver-pass' });
      const itemId = await addItem(leaver, 'Handed over');
      const { id: teamId } = await send<{ id: number }>(Subject.TeamTeamSave, leaver, { team_name: 'Old crew' });
      await send(Subject.TeamMemberSave, leaver, { team_id: teamId, member_username: teammate.username });
      await send(Subject.TeamItemSave, leaver, { team_id: teamId, item_id: itemId });
      await send(Subject.ItemItemAttorn, leaver, { item_id: itemId, username: heir.username, password: 'leaver-pass' });
      expect(await send(Subject.TeamAccessRights, heir, { item_id: itemId, uid: teammate.uid })).not.toBeNull();

      await expect(send(Subject.AuthAdminDeleteUser, admin, { uid: leaver.uid })).resolves.toBe(1);

      expect(await send(Subject.TeamAccessRights, heir, { item_id: itemId, uid: teammate.uid })).toBeNull();
      expect(await ctx.app.get(DocumentStore).collection<{ uid: number }>('teams').count({ uid: leaver.uid })).toBe(0);
      expect(await ctx.app.get(DocumentStore).collection<{ team_id: number }>('team_members').count({ team_id: teamId })).toBe(0);
      expect(await ctx.app.get(DocumentStore).collection<{ team_id: number }>('team_items').count({ team_id: teamId })).toBe(0);
    });

    it('refuses to delete a user who still owns items, until they are gone', async () => {
      const owner = await createUser(ctx.app);
      const itemId = await addItem(owner, 'Owned docs');

      expect(await failure(Subject.AuthAdminDeleteUser, admin, { uid: owner.uid })).toEqual({ code: 10101, key: 'admin_user_owns_items', params: {} });
      expect(await users().count({ uid: owner.uid })).toBe(1);

      await send(Subject.AdminItemDelete, admin, { item_id: itemId });
      await expect(send(Subject.AuthAdminDeleteUser, admin, { uid: owner.uid })).resolves.toBe(1);
    });

    it('never deletes an administrator, and says so for the last one', async () => {
      expect(await failure(Subject.AuthAdminDeleteUser, admin, { uid: admin.uid })).toMatchObject({ code: 10101, key: 'admin_user_is_admin' });
      // With the seeded administrator demoted, the console's administrator is the last one.
      await users().updateOne({ username: 'showdoc' }, { $set: { groupid: 2 } });
      try {
        expect(await failure(Subject.AuthAdminDeleteUser, admin, { uid: admin.uid })).toMatchObject({ code: 10101, key: 'admin_last_admin' });
      } finally {
        await users().updateOne({ username: 'showdoc' }, { $set: { groupid: 1 } });
      }
      expect(await users().count({ uid: admin.uid })).toBe(1);
      expect(await failure(Subject.AuthAdminDeleteUser, admin, { uid: 0 })).toMatchObject({ key: 'param_required' });
    });

    it('never announces an update (no network here)', async () => {
      await expect(send(Subject.AdminUserCheckUpdate, admin)).resolves.toEqual({});
    });
  });

  describe('items', () => {
    let owner: User;
    let guideId: number;

    beforeAll(async () => {
      owner = await createUser(ctx.app, { username: 'item_owner_z' });
      guideId = await addItem(owner, 'Zeta Guide', 'visit-pw');
      await addItem(owner, 'Zeta Notes');
      await send(Subject.ItemMemberSave, owner, { item_id: guideId, username: someone.username, member_group_id: 0 });
    });

    it('lists live items by name and owner, newest first, with the total', async () => {
      const page = await send<AdminItemPage>(Subject.AdminItemList, admin, { item_name: 'zeta', username: '', page: 1, count: 20 });
      expect(page.total).toBe(2);
      expect(page.items.map((i) => i.item_name)).toEqual(['Zeta Notes', 'Zeta Guide']);
      expect(page.items[1]).toMatchObject({
        item_id: guideId,
        item_name: 'Zeta Guide',
        item_description: 'About Zeta Guide',
        uid: owner.uid,
        username: 'item_owner_z',
        password: 'visit-pw',
        addtime: expect.stringMatching(TIME),
        member_num: 2,
        is_del: 0,
      });
      expect((await send<AdminItemPage>(Subject.AdminItemList, admin, { username: 'ITEM_OWNER_Z', count: 1 })).items).toHaveLength(1);
      expect((await send<AdminItemPage>(Subject.AdminItemList, admin, { username: 'item_owner_z' })).total).toBe(2);
      expect(await send<AdminItemPage>(Subject.AdminItemList, admin, { item_name: 'zeta.*' })).toEqual({ total: 0, items: [] });
    });

    it('deletes any item without its password', async () => {
      const itemId = await addItem(owner, 'Zeta Scratch');
      await expect(send(Subject.AdminItemDelete, admin, { item_id: itemId })).resolves.toBe(1);
      expect((await send<AdminItemPage>(Subject.AdminItemList, admin, { item_name: 'Zeta Scratch' })).total).toBe(0);
      expect(await failure(Subject.AdminItemDelete, admin, { item_id: itemId })).toMatchObject({ code: 10101, key: 'item_not_exist' });
      expect(await failure(Subject.AdminItemDelete, admin, { item_id: 'abc' })).toMatchObject({ code: 10101, key: 'param_not_integer' });
    });

    it('transfers an item to a user, who is told', async () => {
      const heir = await createUser(ctx.app, { username: 'item_heir' });
      const row = await send<ItemRow>(Subject.AdminItemAttorn, admin, { item_id: guideId, username: 'item_heir' });

      expect(row).toMatchObject({ item_id: guideId, uid: heir.uid, username: 'item_heir' });
      const [notice] = await notices(heir);
      expect(notice).toMatchObject({ notice_title: 'An item was transferred to you', from_name: 'console_admin', is_read: 0 });
      expect(notice?.notice_content).toContain('Zeta Guide');
      expect((await send<{ item_id: number; creator: number }[]>(Subject.ItemItemMyList, heir)).find((i) => i.item_id === guideId)).toMatchObject({ creator: 1 });
    });

    it('refuses an unknown user (10209) or item (10101)', async () => {
      expect(await failure(Subject.AdminItemAttorn, admin, { item_id: guideId, username: 'nobody_here' })).toMatchObject({ code: 10209, key: 'user_not_found' });
      expect(await failure(Subject.AdminItemAttorn, admin, { item_id: 999_999, username: 'plain_user' })).toMatchObject({ code: 10101, key: 'item_not_exist' });
      expect(await failure(Subject.AdminItemAttorn, admin, { item_id: guideId })).toMatchObject({ key: 'param_required' });
    });
  });

  describe('announcements', () => {
    it('reach every user, sanitized', async () => {
      await expect(send(Subject.AdminNoticeSend, admin, { title: 'Maintenance tonight', content: '<p>Down at 22:00</p><script>alert(1)</script>' })).resolves.toEqual([]);

      for (const user of [someone, await createUser(ctx.app)]) {
        const notice = (await notices(user)).find((n) => n.notice_title === 'Maintenance tonight');
        expect(notice).toMatchObject({ from_name: 'console_admin', notice_content: expect.stringContaining('Down at 22:00') });
        expect(notice?.notice_content).not.toContain('script');
      }
      expect(await failure(Subject.AdminNoticeSend, admin, { title: '  ', content: 'x' })).toMatchObject({ key: 'param_required' });
      expect(await failure(Subject.AdminNoticeSend, admin, { title: 'x'.repeat(256), content: 'x' })).toMatchObject({ key: 'param_too_long' });
    });
  });

  describe('mail outbox (no SMTP configured)', () => {
    it('shows the administrator the mail the server kept', async () => {
      const user = await createUser(ctx.app);
      await send(Subject.AuthUserUpdateEmail, user, { email: 'outbox.reader@example.com', password: user.password });

      let outbox: MailOutbox = { smtp: false, messages: [] };
      for (let tries = 0; tries < 100 && !outbox.messages.some((m) => m.to === 'outbox.reader@example.com'); tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        outbox = await send<MailOutbox>(Subject.AdminMailOutbox, admin);
      }
      expect(outbox.smtp).toBe(false);
      expect(outbox.messages.find((m) => m.to === 'outbox.reader@example.com')).toMatchObject({
        subject: 'Verify your e-mail address',
        text: expect.stringContaining('http://localhost:4999/user/verifyEmail?uid='),
        created_at: expect.stringMatching(TIME),
      });
    });
  });
});
