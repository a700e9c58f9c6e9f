import { LDAP_DEFAULT_GROUP_FILTER, LDAP_DN_PLACEHOLDER, LDAP_USER_PLACEHOLDER, type LdapForm } from '@quire/proto';

/** RFC 4515 escaping of an assertion value: `\`, `*`, `(`, `)` and NUL become `\5c`, `\2a`, `\28`, `\29`, `\00`. */
export function escapeLdapFilterValue(value: string): string {
  return value.replace(/[\\*()\0]/g, (c) => `\\${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/** The filter that finds the typed username: `search_filter` (default `(<user_field>=%(user)s)`) with the escaped name in place. */
export function userFilter(form: Pick<LdapForm, 'search_filter' | 'user_field'>, username: string): string {
  const template = form.search_filter || `(${form.user_field}=${LDAP_USER_PLACEHOLDER})`;
  return template.split(LDAP_USER_PLACEHOLDER).join(escapeLdapFilterValue(username));
}

/** The filter that finds a person's groups: `group_filter` (default LDAP_DEFAULT_GROUP_FILTER) with their escaped DN and directory name in place. */
export function groupFilter(form: Pick<LdapForm, 'group_filter'>, person: { dn: string; username: string }): string {
  const template = form.group_filter || LDAP_DEFAULT_GROUP_FILTER;
  return template.split(LDAP_DN_PLACEHOLDER).join(escapeLdapFilterValue(person.dn)).split(LDAP_USER_PLACEHOLDER).join(escapeLdapFilterValue(person.username));
}

/** The host without a scheme: `ldap.example.com`, `127.0.0.1`, `[::1]`. */
export function ldapHost(form: Pick<LdapForm, 'host'>): string {
  return form.host.replace(/^ldaps?:\/\//, '');
}

/** How the connection is protected: the form's `security`, and LDAPS whenever the host is written `ldaps://…`. */
export function ldapSecurity(form: Pick<LdapForm, 'host' | 'security'>): LdapForm['security'] {
  return form.host.startsWith('ldaps://') ? 'ldaps' : form.security;
}

/** `ldap://host:port`, or `ldaps://…` for LDAPS (the security setting, or a host written so); the port always comes from the form. */
export function ldapUrl(form: Pick<LdapForm, 'host' | 'port' | 'security'>): string {
  return `${ldapSecurity(form) === 'ldaps' ? 'ldaps' : 'ldap'}://${ldapHost(form)}:${form.port}`;
}
