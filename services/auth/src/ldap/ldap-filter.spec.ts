import { escapeLdapFilterValue, groupFilter, ldapUrl, userFilter } from './ldap-filter';

describe('ldap-filter', () => {
  describe(escapeLdapFilterValue.name, () => {
    it.each([
      ['*', '\\2a'],
      ['alice)(uid=*', 'alice\\29\\28uid=\\2a'],
      ['back\\slash', 'back\\5cslash'],
      ['nul\0byte', 'nul\\00byte'],
      ['*)(|(objectClass=*', '\\2a\\29\\28|\\28objectClass=\\2a'],
    ])('escapes %p so it matches only itself', (raw, escaped) => {
      expect(escapeLdapFilterValue(raw)).toBe(escaped);
    });

    it('leaves ordinary and non-ASCII names alone', () => {
      expect(escapeLdapFilterValue('zoë.o-brien_1@example.com')).toBe('zoë.o-brien_1@example.com');
    });
  });

  describe(userFilter.name, () => {
    it('uses (<user_field>=name) when no search filter is configured', () => {
      expect(userFilter({ search_filter: '', user_field: 'uid' }, 'alice')).toBe('(uid=alice)');
    });

    it('puts the escaped name at every placeholder of the configured filter', () => {
      expect(userFilter({ search_filter: '(&(objectClass=person)(|(uid=%(user)s)(mail=%(user)s)))', user_field: 'cn' }, 'a*')).toBe('(&(objectClass=person)(|(uid=a\\2a)(mail=a\\2a)))');
    });
  });

  describe(ldapUrl.name, () => {
    it('builds ldap:// from a host name, ldaps:// when the host or the security setting asks for it', () => {
      expect(ldapUrl({ host: 'ldap.example.com', port: 389, security: 'none' })).toBe('ldap://ldap.example.com:389');
      expect(ldapUrl({ host: 'ldaps://ldap.example.com', port: 636, security: 'none' })).toBe('ldaps://ldap.example.com:636');
      expect(ldapUrl({ host: 'ldap.example.com', port: 636, security: 'ldaps' })).toBe('ldaps://ldap.example.com:636');
      // StartTLS starts on the plain port and upgrades the connection.
      expect(ldapUrl({ host: 'ldap://ldap.example.com', port: 389, security: 'starttls' })).toBe('ldap://ldap.example.com:389');
      expect(ldapUrl({ host: '[::1]', port: 1389, security: 'none' })).toBe('ldap://[::1]:1389');
    });
  });

  describe(groupFilter.name, () => {
    const person = { dn: 'uid=a*,ou=people,dc=example,dc=com', username: 'a)(uid=*' };

    it('finds groups by member DN, unique member or memberUid when no group filter is configured', () => {
      expect(groupFilter({ group_filter: '' }, person)).toBe(
        '(|(member=uid=a\\2a,ou=people,dc=example,dc=com)(uniqueMember=uid=a\\2a,ou=people,dc=example,dc=com)(memberUid=a\\29\\28uid=\\2a))',
      );
    });

    it('puts the escaped DN and name where the configured filter asks', () => {
      expect(groupFilter({ group_filter: '(&(objectClass=posixGroup)(memberUid=%(user)s))' }, person)).toBe('(&(objectClass=posixGroup)(memberUid=a\\29\\28uid=\\2a))');
    });
  });
});
