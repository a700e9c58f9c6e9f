import { LDAP_USER_PLACEHOLDER, type LdapForm } from '@quire/proto';

/** RFC 4515 escaping of an assertion value: `\`, `*`, `(`, `)` and NUL become `\5c`, `\2a`, `\28`, `\29`, `\00`. */
export function escapeLdapFilterValue(value: string): string {
  return value.replace(/[\\*()\0]/g, (c) => `\\${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/** The filter that finds the typed username: `search_filter` (default `(<user_field>=%(user)s)`) with the escaped name in place. */
export function userFilter(form: Pick<LdapForm, 'search_filter' | 'user_field'>, username: string): string {
  const template = form.search_filter || `(${form.user_field}=${LDAP_USER_PLACEHOLDER})`;
  return template.split(LDAP_USER_PLACEHOLDER).join(escapeLdapFilterValue(username));
}

/** `ldap://host:port`, or `ldaps://…` when the host says so; the port always comes from the form. */
export function ldapUrl(form: Pick<LdapForm, 'host' | 'port'>): string {
  const match = /^(ldaps?):\/\/(.+)$/.exec(form.host);
  const scheme = match?.[1] ?? 'ldap';
  const host = match?.[2] ?? form.host;
  return `${scheme}://${host}:${form.port}`;
}
