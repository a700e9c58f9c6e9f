import { createTestCertificateAuthority, describeWith, startSlapd, type Slapd } from '@quire/testing';
import type { Browser } from 'playwright-core';
import { BrowserVisitor, EVERY_LOOK, type ViewportName, launchChromium } from './support/browser-session';
import { ensureWebBuilt } from './support/ensure-web-build';
import { type QuireApp, startQuire } from './support/quire-app';
import { callApi } from './support/session-factory';
import { chooseTheme, serveInChinese } from './support/markdown-look';

/**
 * The team screens and the administrator console in a real browser, against the real embedded
 * app: teams, members by autocomplete, team items and member rights (checked as the member in a
 * second browser), then the console's users, items and site settings (LDAP against a real slapd).
 * Screenshots go to e2e/artifacts/screenshots/.
 */
const ADMIN = { username: 'showdoc', password: 'admin-pass' };
const OWNER = { username: 'teamowner', password: 'owner-pass-1' };
const MEMBER_A = { username: 'memberalpha', password: 'member-pass-a' };
const MEMBER_B = { username: 'memberbeta', password: 'member-pass-b' };

interface Reply<T> {
  error_code: number;
  error_message?: string;
  data: T;
}

describeWith({ binary: 'chromium' }, 'web app in a real browser: teams and the admin console', () => {
  let quire: QuireApp;
  let browser: Browser;
  let admin: BrowserVisitor;
  const visitors: BrowserVisitor[] = [];

  /** A new browser context (own cookies), logged in through the API when `account` is given. */
  const open = async (label: string, account?: { username: string; password: string }, viewport: ViewportName = 'desktop') => {
    const visitor = await BrowserVisitor.open(browser, quire.baseUrl, viewport, label);
    visitors.push(visitor);
    if (account) await callApi(visitor, 'user/login', { username: account.username, password: account.password });
    return visitor;
  };

  /** A call whose error reply is returned, not thrown. */
  const rawCall = async <T>(visitor: BrowserVisitor, path: string, form: Record<string, string | number> = {}): Promise<Reply<T>> =>
    (await (await visitor.post(`/api/${path}`, form)).json()) as Reply<T>;

  /** Confirms the app's confirmation prompt showing `text`. */
  const confirm = async (visitor: BrowserVisitor, text: string | RegExp) => {
    const prompt = visitor.page.getByRole('alertdialog').filter({ hasText: text });
    await prompt.waitFor();
    await prompt.getByRole('button', { name: 'OK' }).click();
    await prompt.waitFor({ state: 'detached' });
  };

  beforeAll(async () => {
    const webDist = await ensureWebBuilt();
    quire = await startQuire(webDist);
    browser = await launchChromium();
    admin = await open('admin', ADMIN);
    for (const account of [OWNER, MEMBER_A, MEMBER_B]) await callApi(admin, 'adminUser/addUser', account);
  }, 180_000);

  afterAll(async () => {
    for (const visitor of visitors) await visitor.close().catch(() => undefined);
    await browser?.close();
    await quire?.close();
  });

  describe('teams', () => {
    let owner: BrowserVisitor;

    beforeAll(async () => {
      owner = await open('teams', OWNER);
    });

    /** A team of the owner's, made through the API for the tests that start from one. */
    const createTeam = async (name: string) => (await callApi<{ id: number }>(owner, 'team/save', { team_name: name })).id;

    const teamRows = () => owner.page.getByTestId('team-table-row');

    it('creates, renames and deletes a team (after a confirmation)', async () => {
      await owner.visit('/item/index');
      await owner.page.getByRole('link', { name: 'Teams' }).click();
      await owner.page.waitForURL('**/team/index');
      await owner.page.getByRole('heading', { name: 'Teams' }).waitFor();

      for (const name of ['Writers', 'Scratch']) {
        await owner.page.getByRole('button', { name: 'Add team' }).click();
        const dialog = owner.page.getByRole('dialog');
        await dialog.locator('input[name=team_name]').fill(name);
        await dialog.getByRole('button', { name: 'Save' }).click();
        await dialog.waitFor({ state: 'detached' });
        await teamRows().filter({ hasText: name }).waitFor();
      }
      expect((await owner.page.getByTestId('team-name').allTextContents()).slice(0, 2)).toEqual(['Scratch', 'Writers']);

      await teamRows().filter({ hasText: 'Scratch' }).getByRole('button', { name: 'Rename' }).click();
      const rename = owner.page.getByRole('dialog');
      // The dialog fills its field once it has opened: wait for the team's name to be there (times out otherwise).
      await owner.page.waitForFunction(() => document.querySelector<HTMLInputElement>('[role="dialog"] input[name="team_name"]')?.value === 'Scratch');
      await rename.locator('input[name=team_name]').fill('Scratch <pad> & co');
      await rename.getByRole('button', { name: 'Save' }).click();
      await teamRows().filter({ hasText: 'Scratch <pad> & co' }).waitFor();
      await owner.screenshot('team-list');

      await teamRows().filter({ hasText: 'Scratch <pad> & co' }).getByRole('button', { name: 'Delete' }).click();
      await confirm(owner, 'Delete the team "Scratch <pad> & co"?');
      await teamRows().filter({ hasText: 'Scratch' }).waitFor({ state: 'detached' });
      expect(await owner.page.getByTestId('team-name').allTextContents()).toContain('Writers');

      const teams = await callApi<{ id: number; team_name: string }[]>(owner, 'team/getList');
      expect(teams.map((team) => team.team_name)).toContain('Writers');
      expect(teams.map((team) => team.team_name).filter((name) => name.startsWith('Scratch'))).toEqual([]);

      // At 390 px each team is a card, nothing overflows sideways, and adding stays reachable.
      const phone = await open('teams', OWNER, 'mobile');
      await phone.visit('/team/index');
      await phone.page.getByTestId('team-table-row').filter({ hasText: 'Writers' }).waitFor();
      expect(await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      // At 390 px the header folds its actions into "More": "Add team" is there.
      await (await phone.headerAction('Add team')).waitFor();
      await phone.screenshot('team-list');
      await phone.page.keyboard.press('Escape');
    });

    it('adds members by username autocomplete that leaves out existing members, and removes one after a confirmation', async () => {
      const teamId = await createTeam('Reviewers');
      await owner.visit('/team/index');
      await teamRows().filter({ hasText: 'Reviewers' }).getByTestId('team-members-link').click();
      await owner.page.waitForURL(`**/team/member/${teamId}`);
      await owner.page.getByText('This team has no members yet.').waitFor();

      const input = owner.page.getByRole('combobox');
      const suggestions = async () => {
        await owner.page.getByRole('listbox').waitFor();
        return owner.page.getByRole('option').allTextContents();
      };
      await input.pressSequentially('member');
      expect((await suggestions()).sort()).toEqual([MEMBER_A.username, MEMBER_B.username]);
      await owner.screenshot('member-autocomplete');
      await owner.page.getByRole('option', { name: MEMBER_A.username }).click();
      expect(await input.inputValue()).toBe(MEMBER_A.username);
      await owner.page.getByRole('button', { name: 'Add member' }).click();
      await owner.page.getByTestId('member-username').filter({ hasText: MEMBER_A.username }).waitFor();

      // The owner and the members already in the team are not offered.
      await input.fill('');
      await input.pressSequentially('m');
      const offered = await suggestions();
      expect(offered).toContain(MEMBER_B.username);
      expect(offered).not.toContain(MEMBER_A.username);
      expect(offered).not.toContain(OWNER.username);
      await owner.page.getByRole('option', { name: MEMBER_B.username }).click();
      await owner.page.getByRole('button', { name: 'Add member' }).click();
      await owner.page.getByTestId('member-username').filter({ hasText: MEMBER_B.username }).waitFor();
      await owner.screenshot('team-members');

      await owner.page.getByTestId('team-member-table-row').filter({ hasText: MEMBER_B.username }).getByRole('button', { name: 'Remove' }).click();
      await confirm(owner, `Remove ${MEMBER_B.username} from the team?`);
      await owner.page.getByTestId('member-username').filter({ hasText: MEMBER_B.username }).waitFor({ state: 'detached' });
      const members = await callApi<{ member_username: string }[]>(owner, 'teamMember/getList', { team_id: teamId });
      expect(members.map((member) => member.member_username)).toEqual([MEMBER_A.username]);
    });

    it('assigns an item, raises the member to edit and back to read-only ("Permissions saved"); the member sees each right take effect in a second browser', async () => {
      const teamId = await createTeam('Editors');
      await callApi(owner, 'teamMember/save', { team_id: teamId, member_username: MEMBER_A.username });
      const itemId = (await callApi<{ item_id: number }>(owner, 'item/add', { item_type: 1, item_name: 'Team handbook', item_description: 'shared' })).item_id;
      await owner.visit('/team/index');
      await teamRows().filter({ hasText: 'Editors' }).getByTestId('team-items-link').click();
      await owner.page.waitForURL(`**/team/item/${teamId}`);
      await owner.page.getByRole('heading', { name: 'Items of Editors' }).waitFor();
      await owner.page.getByText('No items are assigned to this team yet.').waitFor();
      await owner.page.getByTestId('assign-item').click();
      await owner.page.getByRole('option', { name: 'Team handbook' }).click();
      await owner.page.getByRole('button', { name: 'Assign', exact: true }).click();
      const row = owner.page.getByTestId('team-item-table-row').filter({ hasText: 'Team handbook' });
      await row.waitFor();
      expect(await row.getByTestId('open-team-item').getAttribute('href')).toBe(`/${itemId}`);
      expect(await row.getByTestId('open-team-item').getAttribute('target')).toBe('_blank');

      const member = await open('team-member', MEMBER_A);
      await member.visit('/item/index');
      await member.page.getByTestId('item-tile').filter({ hasText: 'Team handbook' }).waitFor();

      const setRight = async (right: 'Read-only' | 'Edit') => {
        await row.getByRole('button', { name: 'Member rights' }).click();
        const dialog = owner.page.getByRole('dialog');
        const entry = dialog.getByTestId('member-right').filter({ hasText: MEMBER_A.username });
        await entry.getByRole('radio', { name: right }).check();
        if (right === 'Edit') await owner.screenshot('member-rights');
        await dialog.getByRole('button', { name: 'Save' }).click();
        await owner.expectToast('Permissions saved');
        const rights = await callApi<{ member_username: string; member_group_id: number }[]>(owner, 'teamItemMember/getList', { team_id: teamId, item_id: itemId });
        expect(rights.map((r) => [r.member_username, Number(r.member_group_id)])).toEqual([[MEMBER_A.username, right === 'Edit' ? 1 : 0]]);
      };

      const canEdit = async (expected: boolean) => {
        await member.visit(`/${itemId}`);
        await member.page.getByRole('heading', { name: 'Team handbook' }).waitFor();
        if (expected) await member.page.getByRole('link', { name: 'New page' }).waitFor();
        else expect(await member.page.getByRole('link', { name: 'New page' }).count()).toBe(0);
        const save = await rawCall(member, 'page/save', { item_id: itemId, page_title: expected ? 'Allowed' : 'Refused', page_content: 'text', cat_id: 0 });
        expect(save.error_code === 0).toBe(expected);
      };

      // Quire gives new team members the read-only right (docs/compatibility.md): reading, no editing.
      await canEdit(false);
      await member.screenshot('read-only-member');
      await setRight('Edit');
      await canEdit(true);
      await member.screenshot('edit-member');
      await setRight('Read-only');
      await canEdit(false);

      await row.getByRole('button', { name: 'Unassign' }).click();
      await confirm(owner, 'Take "Team handbook" away from the team?');
      await owner.page.getByText('No items are assigned to this team yet.').waitFor();
      const memberItems = await callApi<{ item_name: string }[]>(member, 'item/myList');
      expect(memberItems.map((item) => item.item_name)).not.toContain('Team handbook');
    });
  });

  describe('the administrator console', () => {
    const PAGE_USERS = Array.from({ length: 9 }, (_, i) => `pageuser${i + 1}`);
    const userRows = () => admin.page.getByTestId('admin-user-table-row');
    const userNames = () => admin.page.getByTestId('admin-user-name').allTextContents();
    /** Waits until the table's first row is `username` (the previous page stays on screen while the next loads). */
    const firstRowIs = (username: string) => admin.page.getByTestId('admin-user-name').first().getByText(username, { exact: true }).waitFor();
    const searchUsers = async (text: string) => {
      const section = admin.page.getByTestId('admin-users');
      await section.locator('input[name=username]').fill(text);
      await section.getByRole('button', { name: 'Search' }).click();
    };
    const openSection = async (name: string) => {
      await admin.page.getByRole('tab', { name }).click();
    };

    beforeAll(async () => {
      for (const username of PAGE_USERS) await callApi(admin, 'adminUser/addUser', { username, password: 'page-pass-1' });
    });

    it("refuses a non-administrator with the server's message and offers no console", async () => {
      const member = await open('admin-refused', MEMBER_B);
      const refusal = await rawCall(member, 'adminUser/getList');
      expect(refusal.error_code).toBe(10103);
      await member.visit('/item/index');
      await member.page.getByTestId('new-item-tile').waitFor();
      expect(await member.page.getByRole('link', { name: 'Administration' }).count()).toBe(0);
      await member.visit('/admin/index');
      const refused = member.page.getByTestId('admin-refused');
      await refused.waitFor();
      expect(await refused.locator('p').textContent()).toBe(refusal.error_message);
      expect(await member.page.getByRole('tab', { name: 'User management' }).count()).toBe(0);
      await member.screenshot('refused');
    });

    it('searches users and pages through them 7 at a time; administrators cannot be deleted', async () => {
      await admin.visit('/item/index');
      await admin.page.getByRole('link', { name: 'Administration' }).click();
      await admin.page.waitForURL('**/admin/index');
      await admin.page.getByTestId('admin-user-table').waitFor();
      const all = await callApi<{ total: number }>(admin, 'adminUser/getList', { page: 1, count: 7 });
      expect(all.total).toBeGreaterThan(7);
      expect(await userRows().count()).toBe(7);
      const pages = Math.ceil(all.total / 7);
      expect(await admin.page.getByTestId('admin-user-pager-info').textContent()).toBe(`Page 1 of ${pages} · ${all.total} in all`);
      await admin.screenshot('users');

      await admin.page.getByTestId('admin-user-pager').getByRole('button', { name: 'Next' }).click();
      await admin.page.getByTestId('admin-user-pager-info').getByText(`Page 2 of ${pages} · ${all.total} in all`).waitFor();
      const second = await callApi<{ users: { username: string }[] }>(admin, 'adminUser/getList', { page: 2, count: 7 });
      await firstRowIs(second.users[0].username);
      expect(await userNames()).toEqual(second.users.map((user) => user.username));
      // Newest first: the shipped administrator is the very last.
      expect((await userNames()).at(-1)).toBe(ADMIN.username);
      const adminRow = userRows().filter({ has: admin.page.getByTestId('admin-user-name').getByText(ADMIN.username, { exact: true }) });
      await adminRow.getByText('Administrator').waitFor();
      await adminRow.getByRole('button', { name: 'Change password' }).waitFor();
      expect(await adminRow.getByRole('button', { name: 'Delete' }).count()).toBe(0);
      expect(await userRows().filter({ hasText: OWNER.username }).getByRole('button', { name: 'Delete' }).count()).toBe(1);

      await searchUsers('pageuser');
      await admin.page.getByTestId('admin-user-pager-info').getByText('Page 1 of 2 · 9 in all').waitFor();
      await firstRowIs('pageuser9');
      expect(await userNames()).toEqual(['pageuser9', 'pageuser8', 'pageuser7', 'pageuser6', 'pageuser5', 'pageuser4', 'pageuser3']);
      await admin.page.getByTestId('admin-user-pager').getByRole('button', { name: 'Next' }).click();
      await admin.page.getByTestId('admin-user-pager-info').getByText('Page 2 of 2 · 9 in all').waitFor();
      await firstRowIs('pageuser2');
      expect(await userNames()).toEqual(['pageuser2', 'pageuser1']);
      expect(await admin.page.getByTestId('admin-user-pager').getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);

      await userRows().filter({ hasText: 'pageuser1' }).getByRole('button', { name: 'Delete' }).click();
      await confirm(admin, 'Delete the user pageuser1?');
      await admin.page.getByTestId('admin-user-name').getByText('pageuser1', { exact: true }).waitFor({ state: 'detached' });
      const left = await callApi<{ users: { username: string }[] }>(admin, 'adminUser/getList', { username: 'pageuser', page: 1, count: 20 });
      expect(left.users.map((user) => user.username)).not.toContain('pageuser1');
    });

    it('adds a user and changes a password, which then logs in from another browser', async () => {
      await admin.visit('/admin/index');
      await admin.page.getByRole('button', { name: 'Add user' }).click();
      const dialog = admin.page.getByRole('dialog');
      await dialog.locator('input[name=new_username]').fill('freshuser');
      await dialog.locator('input[name=new_user_password]').fill('fresh-pass-1');
      await admin.screenshot('add-user');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'detached' });
      await searchUsers('freshuser');
      await admin.page.getByTestId('admin-user-pager-info').getByText('Page 1 of 1 · 1 in all').waitFor();
      const row = userRows().filter({ hasText: 'freshuser' });
      await row.getByText('Ordinary user').waitFor();

      await row.getByRole('button', { name: 'Change password' }).click();
      const change = admin.page.getByRole('dialog');
      await change.getByText('Change the password of freshuser').waitFor();
      await change.locator('input[name=new_password]').fill('fresh-pass-2');
      await change.getByRole('button', { name: 'Save' }).click();
      await admin.expectToast('Password changed');

      const fresh = await open('admin-fresh-user');
      expect((await rawCall(fresh, 'user/login', { username: 'freshuser', password: 'fresh-pass-1' })).error_code).not.toBe(0);
      await fresh.visit('/user/login');
      await fresh.page.locator('input[name=username]').fill('freshuser');
      await fresh.page.locator('input[name=password]').fill('fresh-pass-2');
      await fresh.page.getByRole('button', { name: 'Log in' }).click();
      await fresh.page.waitForURL('**/item/index');
      expect((await callApi<{ username: string }>(fresh, 'user/info')).username).toBe('freshuser');
    });

    it('searches items by name and by owner, shows private or public, transfers one and deletes one', async () => {
      const owner = await open('admin-items-owner', OWNER);
      const alpha = (await callApi<{ item_id: number }>(owner, 'item/add', { item_type: 1, item_name: 'Alpha guide', item_description: 'first' })).item_id;
      const beta = (await callApi<{ item_id: number }>(owner, 'item/add', { item_type: 1, item_name: 'Beta secrets', password: 'hush-1' })).item_id;
      const member = await open('admin-items-member', MEMBER_A);
      await callApi(member, 'item/add', { item_type: 1, item_name: 'Alpha notes' });

      await admin.visit('/admin/index');
      await openSection('Item management');
      const section = admin.page.getByTestId('admin-items');
      const rows = () => admin.page.getByTestId('admin-item-table-row');
      const names = () => admin.page.getByTestId('admin-item-name').allTextContents();
      const search = async (itemName: string, owner: string) => {
        await section.locator('input[name=item_name]').fill(itemName);
        await section.locator('input[name=username]').fill(owner);
        await section.getByRole('button', { name: 'Search' }).click();
      };

      await search('Alpha', '');
      await admin.page.getByTestId('admin-item-pager-info').getByText('· 2 in all').waitFor();
      expect((await names()).sort()).toEqual(['Alpha guide', 'Alpha notes']);
      await search('', OWNER.username);
      await admin.page.getByTestId('admin-item-table-row').filter({ hasText: 'Beta secrets' }).waitFor();
      expect(await names()).toEqual(expect.arrayContaining(['Alpha guide', 'Beta secrets']));
      expect(await names()).not.toContain('Alpha notes');
      expect(new Set(await admin.page.getByTestId('admin-item-owner').allTextContents())).toEqual(new Set([OWNER.username]));
      expect(await rows().filter({ hasText: 'Beta secrets' }).getByTestId('admin-item-visibility').textContent()).toBe('Private');
      expect(await rows().filter({ hasText: 'Alpha guide' }).getByTestId('admin-item-visibility').textContent()).toBe('Public');
      expect(await rows().filter({ hasText: 'Alpha guide' }).getByTestId('admin-item-link').getAttribute('href')).toBe(`/${alpha}`);
      await admin.screenshot('items');

      await rows().filter({ hasText: 'Alpha guide' }).getByRole('button', { name: 'Transfer' }).click();
      const dialog = admin.page.getByRole('dialog');
      await dialog.locator('input[name=attorn_username]').fill(MEMBER_B.username);
      await dialog.getByRole('button', { name: 'Transfer' }).click();
      await dialog.waitFor({ state: 'detached' });
      await rows().filter({ hasText: 'Alpha guide' }).waitFor({ state: 'detached' });
      await search('Alpha guide', '');
      expect(await rows().filter({ hasText: 'Alpha guide' }).getByTestId('admin-item-owner').textContent()).toBe(MEMBER_B.username);
      const transferred = await callApi<{ items: { item_id: number; username: string }[] }>(admin, 'adminItem/getList', { item_name: 'Alpha guide' });
      expect(transferred.items.map((item) => [item.item_id, item.username])).toEqual([[alpha, MEMBER_B.username]]);

      await search('Beta', '');
      await rows().filter({ hasText: 'Beta secrets' }).getByRole('button', { name: 'Delete' }).click();
      await confirm(admin, `Delete the item "Beta secrets" of ${OWNER.username}?`);
      await admin.page.getByText('No item matches').waitFor();
      expect((await rawCall(owner, 'item/info', { item_id: beta })).error_code).not.toBe(0);
    });

    it('closes and reopens registration, and the register screen follows', async () => {
      await admin.visit('/admin/index?section=settings');
      const registration = admin.page.getByRole('switch', { name: 'Open registration' });
      expect(await registration.isChecked()).toBe(true);
      await registration.uncheck();
      await admin.page.getByRole('button', { name: 'Save', exact: true }).click();
      await admin.expectToast('Saved');

      const visitor = await open('admin-register');
      await visitor.visit('/user/register');
      await visitor.page.getByTestId('register-closed').getByText('Registration is closed on this site.').waitFor();
      expect(await visitor.page.locator('input[name=username]').count()).toBe(0);
      await visitor.screenshot('register-closed');

      await admin.visit('/admin/index?section=settings');
      expect(await registration.isChecked()).toBe(false);
      await registration.check();
      await admin.page.getByRole('button', { name: 'Save', exact: true }).click();
      await admin.expectToast('Saved');
      await visitor.visit('/user/register');
      await visitor.page.locator('input[name=username]').waitFor();
      expect(await visitor.page.getByTestId('register-closed').count()).toBe(0);
    });

    it('saves the home page choice and the switch letting the HTTP API test go through the server', async () => {
      await admin.visit('/admin/index?section=settings');
      await admin.page.getByRole('radio', { name: 'The login screen' }).check();
      const proxy = admin.page.getByRole('switch', { name: 'Allow the HTTP API test to go through the server' });
      expect(await proxy.isChecked()).toBe(false);
      await proxy.check();
      await admin.page.getByRole('button', { name: 'Save', exact: true }).click();
      await admin.expectToast('Saved');
      const saved = await callApi<{ home_page: string; http_proxy_open: string }>(admin, 'adminSetting/loadConfig');
      expect([saved.home_page, saved.http_proxy_open]).toEqual(['2', '1']);
      expect((await callApi<{ http_proxy_open: number }>(admin, 'common/homePageSetting')).http_proxy_open).toBe(1);

      await admin.visit('/admin/index?section=settings');
      expect(await admin.page.getByRole('radio', { name: 'The login screen' }).isChecked()).toBe(true);
      expect(await proxy.isChecked()).toBe(true);
      await proxy.uncheck();
      await admin.page.getByRole('radio', { name: 'The landing page' }).check();
      await admin.page.getByRole('button', { name: 'Save', exact: true }).click();
      await admin.expectToast('Saved');
      expect((await callApi<{ http_proxy_open: number }>(admin, 'common/homePageSetting')).http_proxy_open).toBe(0);
    });

    it("shows the landing page's Demo and Help links only once an administrator sets them, and they lead there", async () => {
      // A fresh install has no demo or help item: no dead link on the landing page.
      const visitor = await open('admin-landing-links');
      await visitor.visit('/');
      await visitor.page.getByTestId('teams-claim').waitFor();
      expect(await visitor.page.getByTestId('landing-links').count()).toBe(0);

      const helpItem = await callApi<{ item_id: number }>(admin, 'item/add', {
        item_type: 1,
        item_name: 'Help center',
        password: '',
        item_domain: 'helpcenter',
        copy_item_id: 0,
        item_description: '',
      });
      await callApi(admin, 'page/save', {
        page_id: 0,
        item_id: helpItem.item_id,
        cat_id: 0,
        s_number: 1,
        page_title: 'Getting started',
        page_content: '# Getting started\n\nCreate an item, then write its pages.',
      });

      await admin.visit('/admin/index?section=settings');
      const help = admin.page.locator('input[name=help_url]');
      await help.fill('javascript:alert(1)');
      await admin.page.getByRole('button', { name: 'Save', exact: true }).click();
      await admin.acceptAlert('A link must start with http://, https:// or / (a page of this site)');
      await help.fill('/helpcenter');
      await admin.page.locator('input[name=demo_url]').fill('https://demo.example.com/quire');
      await help.scrollIntoViewIfNeeded();
      await admin.screenshot('landing-links-settings');
      await admin.page.getByRole('button', { name: 'Save', exact: true }).click();
      await admin.expectToast('Saved');

      await visitor.visit('/');
      const links = visitor.page.getByTestId('landing-links');
      expect(await links.getByRole('link', { name: 'Demo' }).getAttribute('href')).toBe('https://demo.example.com/quire');
      await visitor.screenshot('landing-links');
      await links.getByRole('link', { name: 'Help' }).click();
      await visitor.page.waitForURL('**/helpcenter');
      await visitor.page.getByTestId('markdown-body').getByText('Create an item, then write its pages.').waitFor();

      // How the links and their settings look at both widths, in both themes and both languages.
      for (const [viewport, theme, language] of [
        ['desktop', 'dark', 'en'],
        ['desktop', 'light', 'zh-cn'],
        ['desktop', 'dark', 'zh-cn'],
        ['mobile', 'light', 'en'],
        ['mobile', 'dark', 'en'],
        ['mobile', 'light', 'zh-cn'],
        ['mobile', 'dark', 'zh-cn'],
      ] as const) {
        const zh = language === 'zh-cn';
        const look = await open(`admin-landing-links-${theme}-${language}`, undefined, viewport);
        await look.context.addCookies(await admin.context.cookies());
        await chooseTheme(look, theme);
        if (zh) {
          await serveInChinese(look.page);
        }
        await look.visit('/admin/index?section=settings');
        const field = look.page.locator('input[name=help_url]');
        expect(await field.inputValue()).toBe('/helpcenter');
        await field.scrollIntoViewIfNeeded();
        await look.page.getByText(zh ? '欢迎页上的“帮助”链接' : 'Help link on the landing page').waitFor();
        await look.screenshot('landing-links-settings');
        await look.context.clearCookies();
        await look.visit('/');
        await look.page
          .getByTestId('landing-links')
          .getByRole('link', { name: zh ? '帮助' : 'Help' })
          .waitFor();
        await look.page.getByTestId('landing-links').scrollIntoViewIfNeeded();
        await look.screenshot('landing-links');
        expect(look.consoleErrors).toEqual([]);
      }

      // Emptied again, the links go away.
      await admin.visit('/admin/index?section=settings');
      await help.fill('');
      await admin.page.locator('input[name=demo_url]').fill('');
      await admin.page.getByRole('button', { name: 'Save', exact: true }).click();
      await admin.expectToast('Saved');
      await visitor.visit('/');
      await visitor.page.getByTestId('teams-claim').waitFor();
      expect(await visitor.page.getByTestId('landing-links').count()).toBe(0);
      // Seven screens at two widths, two themes and two languages: as long as the other console tests.
    });

    it("sends an announcement that reaches a user's messages, and shows the mail outbox", async () => {
      await admin.visit('/admin/index');
      await openSection('Announcements');
      const section = admin.page.getByTestId('admin-notice');
      await section.locator('input[name=notice_title]').fill('Maintenance tonight');
      await section.locator('textarea[name=notice_content]').fill('<p>The site restarts at <b>22:00</b>.</p>');
      await section.getByRole('button', { name: 'Send to every user' }).click();
      await admin.expectToast('The announcement was sent to every user.');
      const member = await open('admin-notice-reader', MEMBER_A);
      const notices = await callApi<{ notice_title: string }[]>(member, 'notice/getList', { notice_type: 'all' });
      expect(notices.map((notice) => notice.notice_title)).toContain('Maintenance tonight');

      await openSection('Mail outbox');
      await admin.page.getByTestId('admin-outbox').getByText('No SMTP server is configured: mail is kept here instead of sent.').waitFor();
      const outbox = await callApi<{ messages: unknown[] }>(admin, 'adminMail/outbox');
      expect(await admin.page.getByTestId('outbox-message').count()).toBe(outbox.messages.length);
    });

    describeWith({ binary: 'slapd' }, 'directory (LDAP) login settings against a real slapd', () => {
      let slapd: Slapd;

      beforeAll(async () => {
        slapd = await startSlapd();
      });

      afterAll(async () => {
        await slapd?.dispose();
      });

      it('shows the LDAP fields with their defaults, reports a failed connection (10011), then saves and masks the bind password', async () => {
        await admin.visit('/admin/index?section=settings');
        const ldap = admin.page.getByRole('switch', { name: 'Directory (LDAP) login' });
        expect(await admin.page.getByTestId('ldap-fields').count()).toBe(0);
        await ldap.check();
        const fields = admin.page.getByTestId('ldap-fields');
        await fields.waitFor();
        expect(await fields.locator('input[name=ldap_port]').inputValue()).toBe('389');
        expect(await fields.getByRole('radio', { name: '3' }).isChecked()).toBe(true);
        expect(await fields.locator('input[name=ldap_user_field]').inputValue()).toBe('cn');
        for (const name of ['ldap_host', 'ldap_base_dn', 'ldap_bind_dn', 'ldap_bind_password', 'ldap_search_filter']) {
          expect(await fields.locator(`input[name=${name}]`).inputValue()).toBe('');
        }
        expect(await fields.locator('input[name=ldap_bind_password]').getAttribute('type')).toBe('password');

        // Nothing listens on this port: the server's connection test refuses the settings.
        await slapd.stop();
        await fields.locator('input[name=ldap_host]').fill('127.0.0.1');
        await fields.locator('input[name=ldap_port]').fill(String(slapd.port));
        await fields.locator('input[name=ldap_base_dn]').fill(slapd.baseDn);
        await fields.locator('input[name=ldap_bind_dn]').fill(slapd.adminDn);
        await fields.locator('input[name=ldap_bind_password]').fill(slapd.adminPassword);
        await fields.locator('input[name=ldap_user_field]').fill('uid');
        await fields.locator('input[name=ldap_search_filter]').fill('(uid=%(user)s)');
        await admin.screenshot('ldap-settings');
        const refused = admin.page.waitForResponse((response) => response.url().endsWith('/api/adminSetting/saveConfig'));
        await admin.page.getByRole('button', { name: 'Save', exact: true }).click();
        const reply = (await (await refused).json()) as Reply<unknown>;
        expect(reply.error_code).toBe(10011);
        const shown = await admin.acceptAlert(reply.error_message ?? '');
        expect(shown).toContain("Can't connect to LDAP server");
        expect((await callApi<{ ldap_open: string }>(admin, 'adminSetting/loadConfig')).ldap_open).toBe('0');

        await slapd.start();
        await admin.page.getByRole('button', { name: 'Save', exact: true }).click();
        await admin.expectToast('Saved');
        const saved = await callApi<{ ldap_open: string; ldap_form: { bind_password: string; port: number } }>(admin, 'adminSetting/loadConfig');
        expect([saved.ldap_open, saved.ldap_form.port, saved.ldap_form.bind_password]).toEqual(['1', slapd.port, '********']);

        await admin.visit('/admin/index?section=settings');
        expect(await ldap.isChecked()).toBe(true);
        expect(await fields.locator('input[name=ldap_bind_password]').inputValue()).toBe('********');
        expect(await fields.locator('input[name=ldap_user_field]').inputValue()).toBe('uid');
        // Saved again unchanged, the mask keeps the real password: the directory still accepts the bind.
        await admin.page.getByRole('button', { name: 'Save', exact: true }).click();
        await admin.expectToast('Saved');
        const directoryUser = await open('admin-ldap-user');
        await callApi(directoryUser, 'user/login', { username: 'alice', password: 'alice-secret' });
        expect((await callApi<{ username: string }>(directoryUser, 'user/info')).username).toBe('alice');

        await ldap.uncheck();
        expect(await admin.page.getByTestId('ldap-fields').count()).toBe(0);
        await admin.page.getByRole('button', { name: 'Save', exact: true }).click();
        await admin.expectToast('Saved');
        expect((await callApi<{ ldap_open: string }>(admin, 'adminSetting/loadConfig')).ldap_open).toBe('0');
      });

      describe('over TLS, with a group mapped to a team and local accounts linked', () => {
        let secure: Slapd;

        beforeAll(async () => {
          secure = await startSlapd({ tls: true, groups: [{ cn: 'writers', members: ['bob'] }] });
        });

        afterAll(async () => {
          await secure?.dispose();
        });

        it('fills LDAPS with the CA certificate (a wrong one is refused, with the reason), the group → team mapping and linking; the person joins the team at sign-in', async () => {
          const owner = await open('admin-ldap-team-owner', OWNER);
          const teamId = (await callApi<{ id: number }>(owner, 'team/save', { team_name: 'Directory writers' })).id;
          const wrongCa = createTestCertificateAuthority('Not the directory CA');
          await admin.visit('/admin/index?section=settings');
          await admin.page.getByRole('switch', { name: 'Directory (LDAP) login' }).check();
          const fields = admin.page.getByTestId('ldap-fields');
          await fields.locator('input[name=ldap_host]').fill('127.0.0.1');
          // The usual port follows the choice (a port of one's own, as the test before saved, stays).
          await fields.locator('input[name=ldap_port]').fill('389');
          await fields.getByRole('radio', { name: 'LDAPS' }).check();
          expect(await fields.locator('input[name=ldap_port]').inputValue()).toBe('636');
          await fields.locator('input[name=ldap_port]').fill(String(secure.tls?.ldapsPort));
          await fields.locator('input[name=ldap_base_dn]').fill(secure.baseDn);
          await fields.locator('input[name=ldap_bind_dn]').fill(secure.adminDn);
          await fields.locator('input[name=ldap_bind_password]').fill(secure.adminPassword);
          await fields.locator('input[name=ldap_user_field]').fill('uid');
          await fields.locator('textarea[name=ldap_ca_cert]').fill(wrongCa.certPem);
          await fields.getByRole('switch', { name: /Link an existing local account/ }).check();
          await fields.locator('input[name=ldap_group_base_dn]').fill(secure.groupsDn);
          await fields.getByRole('button', { name: 'Map a group to a team' }).click();
          await fields.locator('input[name=ldap_group_0]').fill('writers');
          await fields.locator('input[name=ldap_team_0]').fill(String(teamId));

          const refused = admin.page.waitForResponse((response) => response.url().endsWith('/api/adminSetting/saveConfig'));
          await admin.page.getByRole('button', { name: 'Save', exact: true }).click();
          expect(((await (await refused).json()) as Reply<unknown>).error_code).toBe(10011);
          expect(await admin.acceptAlert('not trusted')).toMatch(/The LDAP server 127\.0\.0\.1:\d+ presented a certificate that is not trusted: check the CA certificate/);

          await fields.locator('textarea[name=ldap_ca_cert]').fill(secure.tls?.caCertPem ?? '');
          await fields.locator('textarea[name=ldap_ca_cert]').evaluate((element) => element.scrollIntoView({ block: 'center' }));
          await admin.screenshot('ldap-tls-settings');
          await fields.getByTestId('ldap-group-teams').evaluate((element) => element.scrollIntoView({ block: 'center' }));
          await admin.screenshot('ldap-group-teams');
          await admin.page.getByRole('button', { name: 'Save', exact: true }).click();
          await admin.expectToast('Saved');
          const saved = await callApi<{ ldap_form: { security: string; group_teams: unknown[]; link_local: string } }>(admin, 'adminSetting/loadConfig');
          expect(saved.ldap_form).toMatchObject({ security: 'ldaps', group_teams: [{ group: 'writers', team_id: teamId }], link_local: '1' });

          const bob = await open('admin-ldap-bob');
          await callApi(bob, 'user/login', { username: 'bob', password: 'bob-secret' });
          const members = await callApi<{ member_username: string }[]>(owner, 'teamMember/getList', { team_id: teamId });
          expect(members.map((member) => member.member_username)).toEqual(['bob']);

          for (const [viewport, theme, language] of EVERY_LOOK) {
            const zh = language === 'zh-CN';
            const look = await open(`admin-ldap-${theme}-${language}`, undefined, viewport);
            await look.context.addCookies(await admin.context.cookies());
            await chooseTheme(look, theme);
            if (zh) {
              await serveInChinese(look.page);
            }
            await look.visit('/admin/index?section=settings');
            await look.page.getByText(zh ? '连接安全' : 'Connection security').waitFor();
            await look.page.locator('textarea[name=ldap_ca_cert]').evaluate((element) => element.scrollIntoView({ block: 'center' }));
            await look.screenshot('ldap-tls-settings');
            await look.page.getByText(zh ? '组到团队的映射' : 'Groups mapped to teams').waitFor();
            await look.page.getByTestId('ldap-group-teams').evaluate((element) => element.scrollIntoView({ block: 'center' }));
            // Every mapping row fits: its delete button is inside the screen.
            const remove = await look.page.getByRole('button', { name: zh ? '删除 writers 的映射' : 'Remove the mapping of writers' }).boundingBox();
            expect((remove?.x ?? Infinity) + (remove?.width ?? 0)).toBeLessThanOrEqual(look.page.viewportSize()?.width ?? 0);
            await look.screenshot('ldap-group-teams');
            expect(await look.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
            expect(look.consoleErrors).toEqual([]);
          }

          await admin.page.getByRole('switch', { name: 'Directory (LDAP) login' }).uncheck();
          await admin.page.getByRole('button', { name: 'Save', exact: true }).click();
          await admin.expectToast('Saved');
        });
      });
    });

    it('fits the console on a 390 px phone', async () => {
      const phone = await open('admin', ADMIN, 'mobile');
      await phone.visit('/admin/index');
      await phone.page.getByTestId('admin-user-table').waitFor();
      const overflow = () => phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(await overflow()).toBeLessThanOrEqual(0);
      await phone.screenshot('users');
      for (const [tab, name] of [
        ['Item management', 'items'],
        ['Site settings', 'settings'],
        ['Announcements', 'notices'],
        ['Mail outbox', 'outbox'],
        ['ShowDoc import', 'import'],
      ] as const) {
        await phone.page.getByRole('tab', { name: tab }).click();
        await phone.page.getByTestId(`admin-${name === 'notices' ? 'notice' : name}`).waitFor();
        expect(await overflow()).toBeLessThanOrEqual(0);
        await phone.screenshot(name);
      }
    });
  });
});
