import { AdminModule } from '@quire/admin-service';
import { DocumentStore } from '@quire/platform';
import { type Caller, type LoggedInUser, type Reply, type SiteSettings, Subject, type TeamMemberListEntry, type TeamRow, translate, type WireParams } from '@quire/proto';
import { appFailure, createContextApp, createTestCertificateAuthority, createUser, describeWith, startSlapd, testCaller, type ContextApp, type Slapd } from '@quire/testing';
import { ItemModule } from '../../item/src/item.module';
import { NoticeModule } from '../../notice/src/notice.module';
import { TeamModule } from '../../team/src/team.module';
import { AuthModule } from '../src/auth.module';
import type { UserEntity } from '../src/user/user.entity';

/**
 * Issue 21's directory sign-in against a real slapd serving TLS: LDAPS and StartTLS verified
 * against the CA certificate setting, LDAP groups mapped to teams (membership follows the directory
 * at each sign-in) and local accounts linked to their directory entry instead of a duplicate.
 */
describeWith({ binary: 'slapd' }, 'LDAP over TLS, groups to teams, linked accounts (real slapd)', () => {
  let slapd: Slapd;
  let ctx: ContextApp;
  let admin: Caller;
  let teamOwner: Caller;
  let developersTeam: number;
  let testersTeam: number;

  const send = <T>(subject: Subject, caller: Caller, params: WireParams = {}) => ctx.relay<T>(subject, { caller, params });
  const failure = async (subject: Subject, caller: Caller, params: WireParams) => {
    const failed = await appFailure(send(subject, caller, params));
    return { ...failed, message: translate(failed.key, 'en', failed.params) };
  };
  const login = (username: string, password: string) => send<Reply<LoggedInUser>>(Subject.AuthUserLogin, testCaller(), { username, password, v_code: '' });
  const loginFailure = (username: string, password: string) => failure(Subject.AuthUserLogin, testCaller(), { username, password, v_code: '' });
  const users = () => ctx.app.get(DocumentStore).collection<UserEntity>('users');
  const teamMembers = async (teamId: number) => (await send<TeamMemberListEntry[]>(Subject.TeamMemberList, teamOwner, { team_id: teamId })).map((m) => m.member_username).sort();

  const form = (overrides: Record<string, unknown> = {}) => ({
    host: '127.0.0.1',
    port: slapd.tls?.ldapsPort,
    version: 3,
    base_dn: slapd.baseDn,
    bind_dn: slapd.adminDn,
    bind_password: slapd.adminPassword,
    user_field: 'uid',
    search_filter: '',
    security: 'ldaps',
    ca_cert: slapd.tls?.caCertPem,
    ...overrides,
  });
  const save = (ldapForm: unknown) => send<never[]>(Subject.AdminSettingSave, admin, { register_open: '1', ldap_open: '1', home_page: '1', ldap_form: ldapForm });
  const saveFailure = (ldapForm: unknown) => failure(Subject.AdminSettingSave, admin, { ldap_open: '1', ldap_form: ldapForm });
  const savedForm = async () => (await send<SiteSettings>(Subject.AdminSettingLoad, admin)).ldap_form;

  beforeAll(async () => {
    slapd = await startSlapd({
      tls: true,
      people: [
        { uid: 'alice', password: 'alice-secret', cn: 'Alice Liddell' },
        { uid: 'bob', password: 'bob-secret', cn: 'Bob Builder' },
        { uid: 'carol', password: 'carol-directory', cn: 'Carol Danvers' },
        { uid: 'dave', password: 'dave-directory', cn: 'Dave Lister' },
        { uid: 'root', password: 'root-directory', cn: 'Not the admin' },
      ],
      groups: [
        { cn: 'developers', members: ['alice', 'bob'] },
        { cn: 'testers', members: ['bob'] },
      ],
    });
    ctx = await createContextApp([AuthModule, AdminModule, TeamModule, ItemModule, NoticeModule], { env: { LANGUAGE: 'en' } });
    admin = await createUser(ctx.app, { groupid: 1 });
    teamOwner = await createUser(ctx.app);
    developersTeam = (await send<TeamRow>(Subject.TeamTeamSave, teamOwner, { team_name: 'Developers' })).id;
    testersTeam = (await send<TeamRow>(Subject.TeamTeamSave, teamOwner, { team_name: 'Testers' })).id;
  });

  afterAll(async () => {
    await ctx?.close();
    await slapd?.dispose();
  });

  describe('LDAPS and StartTLS, with the certificate always verified', () => {
    it('signs in over LDAPS when the CA certificate vouches for the server', async () => {
      await expect(save(form())).resolves.toEqual([]);
      expect(await savedForm()).toMatchObject({ security: 'ldaps', ca_cert: slapd.tls?.caCertPem.trim() });

      expect((await login('alice', 'alice-secret')).data).toMatchObject({ username: 'alice', name: 'Alice Liddell' });
    });

    it('signs in with StartTLS on the plain port', async () => {
      await expect(save(form({ port: slapd.port, security: 'starttls' }))).resolves.toEqual([]);

      expect((await login('alice', 'alice-secret')).data).toMatchObject({ username: 'alice' });
    });

    it.each([
      ['LDAPS', () => ({ security: 'ldaps' })],
      ['StartTLS', () => ({ port: slapd.port, security: 'starttls' })],
    ])('refuses a server whose certificate another CA signed (%s), says so, and saves nothing', async (_mode, overrides) => {
      const before = await savedForm();
      const wrongCa = createTestCertificateAuthority('Someone else');

      const refused = await saveFailure(form({ ...overrides(), ca_cert: wrongCa.certPem }));

      expect(refused).toMatchObject({ code: 10011, key: 'ldap_tls_untrusted', params: { address: expect.stringMatching(/^127\.0\.0\.1:\d+$/) } });
      expect(refused.message).toMatch(/^The LDAP server 127\.0\.0\.1:\d+ presented a certificate that is not trusted: check the CA certificate/);
      expect(translate('ldap_tls_untrusted', 'zh-cn', refused.params)).toMatch(/^LDAP 服务器 127\.0\.0\.1:\d+ 出示的证书不受信任/);
      expect(await savedForm()).toEqual(before);
    });

    it('trusts only the system CAs when no CA certificate is set, so the test CA is refused', async () => {
      expect(await saveFailure(form({ ca_cert: '' }))).toMatchObject({ code: 10011, key: 'ldap_tls_untrusted' });
    });

    it('refuses LDAPS against a port that does not speak TLS with a clear TLS error', async () => {
      const refused = await saveFailure(form({ port: slapd.port }));
      expect(refused).toMatchObject({ code: 10011, key: 'ldap_tls_failed', params: { address: `127.0.0.1:${slapd.port}` } });
      expect(refused.message).toMatch(/^The secure \(TLS\) connection to the LDAP server 127\.0\.0\.1:\d+ failed: Client network socket disconnected/);
    });

    it.each([
      ['not a certificate', 'ldap_ca_cert_invalid'],
      ['-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----', 'ldap_ca_cert_invalid'],
      ['-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----', 'ldap_ca_cert_invalid'],
    ])('refuses an unreadable CA certificate %j', async (caCert, key) => {
      expect(await saveFailure(form({ ca_cert: caCert }))).toMatchObject({ code: 10011, key });
    });

    it('refuses StartTLS on a host written ldaps://', async () => {
      expect(await saveFailure(form({ host: 'ldaps://127.0.0.1', security: 'starttls' }))).toMatchObject({ code: 10011, key: 'ldap_security_conflict' });
    });
  });

  describe('groups mapped to teams', () => {
    const mapped = (overrides: Record<string, unknown> = {}) =>
      form({
        group_base_dn: slapd.groupsDn,
        group_teams: [
          { group: 'developers', team_id: developersTeam },
          { group: 'testers', team_id: testersTeam },
        ],
        ...overrides,
      });

    it('refuses a mapping to a team that does not exist, a broken group filter and a group base DN the directory lacks', async () => {
      expect(await saveFailure(mapped({ group_teams: [{ group: 'developers', team_id: 999_999 }] }))).toMatchObject({
        code: 10011,
        key: 'ldap_group_team_missing',
        params: { team_id: 999_999, group: 'developers' },
      });
      expect(await saveFailure(mapped({ group_filter: '(member=nobody)' }))).toMatchObject({ code: 10011, key: 'ldap_group_filter_invalid' });
      expect(await saveFailure(mapped({ group_teams: [{ group: '', team_id: developersTeam }] }))).toMatchObject({ code: 10011, key: 'ldap_group_name_invalid' });
      expect(await saveFailure(mapped({ group_teams: 'developers' }))).toMatchObject({ code: 10011, key: 'ldap_group_teams_invalid' });
      expect(await saveFailure(mapped({ group_base_dn: 'ou=nowhere,dc=quire,dc=test' }))).toMatchObject({ code: 10011, key: 'ldap_group_search_failed' });
    });

    it('puts a person in the teams of their groups at sign-in, and takes them out at the next sign-in after the directory did', async () => {
      await save(mapped());
      await login('alice', 'alice-secret');
      await login('bob', 'bob-secret');
      expect(await teamMembers(developersTeam)).toEqual(['alice', 'bob']);
      expect(await teamMembers(testersTeam)).toEqual(['bob']);

      await slapd.setGroupMembers('developers', ['bob']);
      await slapd.setGroupMembers('testers', ['alice', 'bob']);
      await login('alice', 'alice-secret');

      expect(await teamMembers(developersTeam)).toEqual(['bob']);
      expect(await teamMembers(testersTeam)).toEqual(['alice', 'bob']);
      // The team's owner stays its owner.
      expect((await send<TeamRow[]>(Subject.TeamTeamList, teamOwner)).map((team) => team.id).sort()).toEqual([developersTeam, testersTeam].sort());
    });

    it('uses the configured group filter, and matches group names without regard to case', async () => {
      await slapd.setGroupMembers('developers', ['bob', 'alice']);
      await save(mapped({ group_filter: '(&(objectClass=groupOfNames)(member=uid=%(user)s,ou=people,dc=quire,dc=test))', group_teams: [{ group: 'Developers', team_id: developersTeam }] }));
      await login('alice', 'alice-secret');
      expect(await teamMembers(developersTeam)).toContain('alice');
      // Testers is no longer mapped: its members are left as they are.
      expect(await teamMembers(testersTeam)).toEqual(['alice', 'bob']);
    });
  });

  describe('an existing local account of the same name', () => {
    it('is not taken over while linking is off: the directory sign-in is refused and the account is unchanged', async () => {
      await save(form());
      const carol = await createUser(ctx.app, { username: 'carol', password: 'carol-local' });

      const refused = await loginFailure('carol', 'carol-directory');

      expect(refused).toMatchObject({ key: 'ldap_local_account_exists', params: { username: 'carol' } });
      expect(refused.message).toBe('A local account named carol already exists; an administrator can let directory sign-in link it');
      expect(await users().findOne({ username: 'carol' })).not.toHaveProperty('ldap_dn');
      expect((await login('carol', 'carol-local')).data?.uid).toBe(carol.uid);
    });

    it('is linked to its directory entry when the administrator allows it: the same user, no duplicate, the directory password counts', async () => {
      await save(form({ link_local: '1' }));
      const dave = await createUser(ctx.app, { username: 'dave', password: 'dave-local' });

      expect((await login('dave', 'dave-directory')).data?.uid).toBe(dave.uid);

      expect(await users().count({ username: 'dave' })).toBe(1);
      expect(await users().findOne({ uid: dave.uid })).toMatchObject({ username: 'dave', ldap_dn: slapd.dnOf('dave') });
      expect(await loginFailure('dave', 'dave-local')).toMatchObject({ code: 10204, key: 'username_or_password_incorrect' });
      expect((await login('dave', 'dave-directory')).data?.uid).toBe(dave.uid);
    });

    it("lets only the directory's password in while directory login is on, even one an administrator set", async () => {
      const dave = await users().findOne({ username: 'dave' });
      await send(Subject.AuthAdminChangePassword, admin, { uid: dave?.uid, new_password: 'dave-by-admin' });

      expect(await loginFailure('dave', 'dave-by-admin')).toMatchObject({ code: 10204 });
      expect((await login('dave', 'dave-directory')).data?.uid).toBe(dave?.uid);

      // With directory login off, the account is an ordinary local one again.
      await send(Subject.AdminSettingSave, admin, { ldap_open: '0' });
      try {
        expect((await login('dave', 'dave-by-admin')).data?.uid).toBe(dave?.uid);
      } finally {
        await save(form({ link_local: '1' }));
      }
    });

    it('never links an administrator account', async () => {
      const root = await createUser(ctx.app, { username: 'root', password: 'root-local', groupid: 1 });
      expect(await loginFailure('root', 'root-directory')).toMatchObject({ key: 'ldap_admin_account_exists' });
      expect(await users().findOne({ uid: root.uid })).not.toHaveProperty('ldap_dn');
      expect((await login('root', 'root-local')).data?.uid).toBe(root.uid);
    });

    it('keeps the accounts directory sign-in made as they are: stored with their DN, found by it', async () => {
      const alice = await users().findOne({ username: 'alice' });
      expect(alice).toMatchObject({ ldap_dn: slapd.dnOf('alice') });
      expect((await login('alice', 'alice-secret')).data?.uid).toBe(alice?.uid);
      expect(await users().count({ username: 'alice' })).toBe(1);
    });
  });
});
