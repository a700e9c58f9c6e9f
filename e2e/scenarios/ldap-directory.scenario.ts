import type { LoggedInUser, TeamMemberListEntry, TeamRow } from '@quire/proto';
import { ApiClient, type ApiEnvelope, createTestCertificateAuthority, type Slapd, startSlapd } from '@quire/testing';
import type { SystemTarget } from '../src/system-target';
import { settled } from './audit-log.scenario';
import { newAccount } from './two-factor.scenario';

function ok<T>(envelope: ApiEnvelope<T>): T {
  expect(envelope).toMatchObject({ error_code: 0 });
  return envelope.data as T;
}

/**
 * Directory sign-in (issue 21) over HTTP against a real slapd serving TLS: the administrator's LDAPS
 * and StartTLS settings checked against the CA certificate (a wrong CA refused with a clear message,
 * nothing saved), an LDAP group mapped to a team whose membership follows the directory at each
 * sign-in, and a local account linked to its directory entry (the same user, no duplicate, in the audit log).
 */
export function describeLdapDirectory(system: () => SystemTarget): void {
  const suffix = String(Date.now() % 1_000_000);
  const developer = `dev${suffix}`;
  let slapd: Slapd;
  let admin: ApiClient;
  let owner: ApiClient;
  let local: { username: string; password: string };
  let teamId: number;

  const login = async (username: string, password: string) => new ApiClient(system().baseUrl).post<LoggedInUser>('/api/user/login', { username, password });
  const saveSettings = (form: Record<string, unknown>) => admin.post('/api/adminSetting/saveConfig', { register_open: '1', ldap_open: '1', home_page: '1', ldap_form: JSON.stringify(form) });
  const teamMembers = async () => ok(await owner.post<TeamMemberListEntry[]>('/api/teamMember/getList', { team_id: teamId })).map((member) => member.member_username);
  const ldapsForm = (overrides: Record<string, unknown> = {}) => ({
    host: '127.0.0.1',
    port: slapd.tls?.ldapsPort ?? 0,
    base_dn: slapd.baseDn,
    bind_dn: slapd.adminDn,
    bind_password: slapd.adminPassword,
    user_field: 'uid',
    security: 'ldaps',
    ca_cert: slapd.tls?.caCertPem ?? '',
    group_base_dn: slapd.groupsDn,
    group_teams: [{ group: 'developers', team_id: teamId }],
    link_local: '1',
    ...overrides,
  });

  beforeAll(async () => {
    const made = await newAccount(system(), 'ldaplocal');
    admin = made.admin;
    local = { username: made.username, password: made.password };
    const teamOwner = await newAccount(system(), 'ldapowner');
    owner = new ApiClient(system().baseUrl);
    ok(await owner.post('/api/user/login', { username: teamOwner.username, password: teamOwner.password }));
    teamId = ok(await owner.post<TeamRow>('/api/team/save', { team_name: 'Directory developers' })).id;
    slapd = await startSlapd({
      tls: true,
      people: [
        { uid: developer, password: 'developer-secret', cn: 'Directory Developer' },
        { uid: local.username, password: 'directory-secret', cn: 'Linked Person' },
      ],
      groups: [{ cn: 'developers', members: [developer] }],
    });
  }, 60_000);

  afterAll(async () => {
    await slapd?.dispose();
  });

  it('refuses a directory whose certificate the CA setting does not vouch for, with a clear message, and saves nothing', async () => {
    const wrongCa = createTestCertificateAuthority('Not the directory CA');

    const refused = await saveSettings(ldapsForm({ ca_cert: wrongCa.certPem }));

    expect(refused.error_code).toBe(10011);
    expect(refused.error_message).toMatch(/^The LDAP server 127\.0\.0\.1:\d+ presented a certificate that is not trusted: check the CA certificate/);
    expect(ok(await admin.post<{ ldap_open?: string }>('/api/adminSetting/loadConfig')).ldap_open ?? '0').toBe('0');
  });

  it('signs a directory person in over LDAPS and puts them in the team their group is mapped to', async () => {
    ok(await saveSettings(ldapsForm()));

    expect(ok(await login(developer, 'developer-secret'))).toMatchObject({ username: developer, name: 'Directory Developer' });
    expect(await teamMembers()).toEqual([developer]);
  });

  it('takes them out of the team at the next sign-in once the directory removed them from the group', async () => {
    await slapd.setGroupMembers('developers', []);

    ok(await login(developer, 'developer-secret'));

    expect(await teamMembers()).toEqual([]);
  });

  it('links an existing local account to its directory entry: the same user, and the directory password counts', async () => {
    const before = ok(await login(local.username, local.password)).uid;

    expect(ok(await login(local.username, 'directory-secret')).uid).toBe(before);

    expect((await login(local.username, local.password)).error_code).toBe(10204);
    const listed = ok(await admin.post<{ total: number; users: { uid: number }[] }>('/api/adminUser/getList', { username: local.username }));
    expect(listed.users.map((user) => user.uid)).toEqual([before]);
    const [linked] = await settled(admin, { action: 'user.ldap_link', username: local.username });
    expect(linked).toMatchObject({ target_type: 'user', target_id: String(before), detail: { dn: slapd.dnOf(local.username) } });
  });

  it('signs in over StartTLS on the plain port, and refuses StartTLS with a wrong CA', async () => {
    const wrongCa = createTestCertificateAuthority('Not the directory CA either');
    const refused = await saveSettings(ldapsForm({ port: slapd.port, security: 'starttls', ca_cert: wrongCa.certPem }));
    expect(refused).toMatchObject({ error_code: 10011, error_message: expect.stringContaining('presented a certificate that is not trusted') });

    ok(await saveSettings(ldapsForm({ port: slapd.port, security: 'starttls' })));
    await slapd.setGroupMembers('developers', [developer]);

    expect(ok(await login(developer, 'developer-secret'))).toMatchObject({ username: developer });
    expect(await teamMembers()).toEqual([developer]);
  });
}
