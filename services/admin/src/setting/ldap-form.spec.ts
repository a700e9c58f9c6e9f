import { AppError, LDAP_PASSWORD_MASK, type LdapForm } from '@quire/proto';
import { maskLdapForm, parseSavedLdapForm, resolveLdapForm } from './ldap-form';

const saved: LdapForm = {
  host: 'ldap.example.com',
  port: 389,
  version: 3,
  base_dn: 'dc=example,dc=com',
  bind_dn: 'cn=reader,dc=example,dc=com',
  bind_password: 'reader-secret',
  user_field: 'uid',
  search_filter: '',
  security: 'none',
  ca_cert: '',
  group_base_dn: '',
  group_filter: '',
  group_name_field: 'cn',
  group_teams: [],
  link_local: '0',
};

const failure = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, key: error.key, params: error.params };
    throw error;
  }
  throw new Error('no error');
};

describe('ldap form', () => {
  it('fills the defaults: port 389, version 3, user field cn', () => {
    expect(resolveLdapForm({ host: 'ldap.example.com', base_dn: 'dc=example,dc=com' }, null)).toEqual({
      host: 'ldap.example.com',
      port: 389,
      version: 3,
      base_dn: 'dc=example,dc=com',
      bind_dn: '',
      bind_password: '',
      user_field: 'cn',
      search_filter: '',
      security: 'none',
      ca_cert: '',
      group_base_dn: '',
      group_filter: '',
      group_name_field: 'cn',
      group_teams: [],
      link_local: '0',
    });
  });

  it('reads a form sent as a JSON string, with numbers as strings', () => {
    expect(resolveLdapForm(JSON.stringify({ ...saved, port: '1389', version: '2' }), null)).toMatchObject({ port: 1389, version: 2 });
  });

  it('keeps the saved bind password when the mask comes back, and takes a new one', () => {
    expect(resolveLdapForm({ ...saved, bind_password: LDAP_PASSWORD_MASK }, saved).bind_password).toBe('reader-secret');
    expect(resolveLdapForm({ ...saved, bind_password: 'new-secret' }, saved).bind_password).toBe('new-secret');
  });

  it('never shows the saved bind password', () => {
    expect(maskLdapForm(saved).bind_password).toBe(LDAP_PASSWORD_MASK);
    expect(JSON.stringify(maskLdapForm(saved))).not.toContain('reader-secret');
    expect(maskLdapForm({ ...saved, bind_password: '' }).bind_password).toBe('');
  });

  it.each([
    ['{"host": "ldap.example.com", ', 'setting_invalid_json'],
    ['[1, 2]', 'setting_invalid_json'],
    ['"just text"', 'setting_invalid_json'],
    [42, 'setting_invalid_json'],
    [{ ...saved, host: '' }, 'param_required'],
    [{ ...saved, host: 'ldap.example.com/evil path' }, 'ldap_host_invalid'],
    [{ ...saved, host: 'x'.repeat(300) }, 'param_too_long'],
    [{ ...saved, port: 0 }, 'param_out_of_range'],
    [{ ...saved, port: 70000 }, 'param_out_of_range'],
    [{ ...saved, port: 'abc' }, 'param_not_integer'],
    [{ ...saved, version: 4 }, 'param_not_one_of'],
    [{ ...saved, base_dn: '' }, 'param_required'],
    [{ ...saved, base_dn: 'dc=example\n,dc=com' }, 'ldap_control_characters'],
    [{ ...saved, user_field: 'u id' }, 'ldap_user_field_invalid'],
    [{ ...saved, search_filter: 'uid=%(user)s' }, 'ldap_search_filter_invalid'],
    [{ ...saved, search_filter: '(uid=alice)' }, 'ldap_search_filter_invalid'],
    [{ ...saved, search_filter: '(&(uid=%(user)s)' }, 'ldap_search_filter_invalid'],
    [{ ...saved, search_filter: '(uid=%(user)s))(' }, 'ldap_search_filter_invalid'],
    [{ ...saved, host: ['a'] }, 'param_not_text'],
    [{ ...saved, security: 'tls' }, 'param_not_one_of'],
    [{ ...saved, security: 'starttls', host: 'ldaps://ldap.example.com' }, 'ldap_security_conflict'],
    [{ ...saved, ca_cert: 'not a certificate' }, 'ldap_ca_cert_invalid'],
    [{ ...saved, ca_cert: '-----BEGIN CERTIFICATE-----\n!!\n-----END CERTIFICATE-----' }, 'ldap_ca_cert_invalid'],
    [{ ...saved, group_base_dn: 'ou=gr\noups' }, 'ldap_control_characters'],
    [{ ...saved, group_filter: '(member=someone)' }, 'ldap_group_filter_invalid'],
    [{ ...saved, group_name_field: 'group name' }, 'ldap_user_field_invalid'],
    [{ ...saved, group_teams: 'developers=1' }, 'ldap_group_teams_invalid'],
    [{ ...saved, group_teams: [{ group: 'developers' }] }, 'ldap_group_team_invalid'],
    [{ ...saved, group_teams: [{ group: 'developers', team_id: -1 }] }, 'ldap_group_team_invalid'],
    [{ ...saved, group_teams: [{ group: ' ', team_id: 1 }] }, 'ldap_group_name_invalid'],
    [{ ...saved, group_teams: Array.from({ length: 101 }, (_, i) => ({ group: `g${i}`, team_id: 1 })) }, 'ldap_group_teams_too_many'],
    [{ ...saved, link_local: 'yes' }, 'param_not_one_of'],
  ])('refuses %j with 10011 %s', (raw, key) => {
    expect(failure(() => resolveLdapForm(raw, null))).toMatchObject({ code: 10011, key });
  });

  it('accepts filters with several conditions and escaped bytes', () => {
    expect(resolveLdapForm({ ...saved, search_filter: '(&(objectClass=person)(|(uid=%(user)s)(mail=%(user)s))(!(cn=a\\29b)))' }, null).search_filter).toBe(
      '(&(objectClass=person)(|(uid=%(user)s)(mail=%(user)s))(!(cn=a\\29b)))',
    );
  });

  it('takes the TLS, group and linking settings, team ids as text too', () => {
    expect(
      resolveLdapForm({ ...saved, security: 'starttls', group_base_dn: ' ou=groups,dc=example,dc=com ', group_teams: [{ group: ' developers ', team_id: '7' }], link_local: 1 }, null),
    ).toMatchObject({ security: 'starttls', group_base_dn: 'ou=groups,dc=example,dc=com', group_teams: [{ group: 'developers', team_id: 7 }], link_local: '1' });
  });

  it('reads back what was saved, and nothing from a broken row', () => {
    expect(parseSavedLdapForm(JSON.stringify(saved))).toEqual(saved);
    expect(parseSavedLdapForm('{broken')).toBeNull();
    expect(parseSavedLdapForm(null)).toBeNull();
  });
});
