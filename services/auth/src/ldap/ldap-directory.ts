import { isIP } from 'node:net';
import type { ConnectionOptions } from 'node:tls';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { Client, type Entry, InvalidCredentialsError, ResultCodeError, SizeLimitExceededError } from 'ldapts';
import type { LdapForm } from '@quire/proto';
import { groupFilter, ldapHost, ldapSecurity, ldapUrl, userFilter } from './ldap-filter';

/** Injection token: milliseconds allowed for the TCP connect and for each LDAP operation. */
export const LDAP_TIMEOUT_MS = 'LDAP_TIMEOUT_MS';
export const DEFAULT_LDAP_TIMEOUT_MS = 5000;

/**
 * Which step failed: reaching the server, its answer in time, the service bind, the search, the
 * group search; or TLS: a certificate the CA does not vouch for, one for another host, one out of
 * its dates, another TLS failure, a server that refuses StartTLS.
 */
export type LdapFailure = 'connect' | 'timeout' | 'bind' | 'search' | 'group_search' | 'tls_untrusted' | 'tls_name' | 'tls_expired' | 'tls' | 'starttls';

/** Node's codes for a certificate that does not chain to a trusted CA. */
const UNTRUSTED_CODES = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_SIGNATURE_FAILURE',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'INVALID_CA',
]);
const EXPIRED_CODES = new Set(['CERT_HAS_EXPIRED', 'CERT_NOT_YET_VALID']);
const TLS_MESSAGE = /TLS|SSL|certificate/i;

export class LdapDirectoryError extends Error {
  constructor(
    readonly failure: LdapFailure,
    /** `host:port` */
    readonly address: string,
    message: string,
  ) {
    super(message);
    this.name = 'LdapDirectoryError';
  }
}

/** A person the directory vouched for. */
export interface DirectoryPerson {
  dn: string;
  /** The `user_field` value (the directory's spelling of the name), else the typed name. */
  username: string;
  /** `displayName`, else `cn`, else ''. */
  name: string;
  /** The names (`group_name_field`) of the groups the group filter finds; null when no group base DN is set. */
  groups: string[] | null;
}

/** String values of an attribute, looked up case-insensitively (`sAMAccountName` = `samaccountname`). */
function values(entry: Entry, attribute: string): string[] {
  const key = Object.keys(entry).find((k) => k.toLowerCase() === attribute.toLowerCase());
  const raw = key === undefined ? undefined : entry[key];
  const list = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
  return list.map((v) => (Buffer.isBuffer(v) ? v.toString('utf8') : String(v)));
}

const NETWORK_MESSAGE = /^(Connection closed|Socket error|Socket connection not established)/;

/**
 * The LDAP directory, through ldapts: every call opens its own connection with a connect timeout
 * and a per-operation timeout, so a server that never answers ends in a clear error, not a hang.
 */
@Injectable()
export class LdapDirectory {
  readonly timeoutMs: number;

  constructor(@Optional() @Inject(LDAP_TIMEOUT_MS) timeoutMs?: number) {
    this.timeoutMs = timeoutMs ?? DEFAULT_LDAP_TIMEOUT_MS;
  }

  /** Connects, binds with `bind_dn` (anonymously when empty) and searches `base_dn` with the user filter. */
  async check(form: LdapForm): Promise<void> {
    await this.session(form, async (client, address) => {
      await this.serviceBind(client, form, address);
      try {
        await client.search(form.base_dn, { scope: 'sub', filter: userFilter(form, 'quire-connection-check'), sizeLimit: 1, attributes: ['1.1'] });
      } catch (error) {
        if (!(error instanceof SizeLimitExceededError)) throw this.failure(error, 'search', address);
      }
      if (form.group_base_dn === '') return;
      try {
        await client.search(form.group_base_dn, { scope: 'base', filter: '(objectClass=*)', sizeLimit: 1, attributes: ['1.1'] });
      } catch (error) {
        throw this.failure(error, 'group_search', address);
      }
    });
  }

  /**
   * Finds the one entry the search filter gives for `username` and binds as it with `password`.
   * Null when no entry or several match, or the password is refused; throws LdapDirectoryError
   * when the server cannot be reached, does not answer in time, or refuses the service bind.
   */
  async authenticate(form: LdapForm, username: string, password: string): Promise<DirectoryPerson | null> {
    // An empty password would be an unauthenticated bind, which many servers accept.
    if (username === '' || password === '') return null;
    return this.session(form, async (client, address) => {
      await this.serviceBind(client, form, address);
      let entries: Entry[];
      try {
        const result = await client.search(form.base_dn, {
          scope: 'sub',
          filter: userFilter(form, username),
          sizeLimit: 2,
          attributes: [form.user_field, 'cn', 'displayName'],
        });
        entries = result.searchEntries;
      } catch (error) {
        if (error instanceof SizeLimitExceededError) return null;
        throw this.failure(error, 'search', address);
      }
      if (entries.length !== 1) return null;
      const [entry] = entries;
      try {
        await client.bind(entry.dn, password);
      } catch (error) {
        if (error instanceof ResultCodeError) return null; // invalid credentials, or a bind the server will not do
        throw this.failure(error, 'bind', address);
      }
      const names = values(entry, form.user_field);
      const person = {
        dn: entry.dn,
        username: names.find((n) => n.toLowerCase() === username.toLowerCase()) ?? names[0] ?? username,
        name: values(entry, 'displayName')[0] ?? values(entry, 'cn')[0] ?? '',
      };
      return { ...person, groups: await this.groupsOf(client, form, person, address) };
    });
  }

  /** The group names the group filter finds for the person, searched with the service bind again (or as the person when anonymous). */
  private async groupsOf(client: Client, form: LdapForm, person: { dn: string; username: string }, address: string): Promise<string[] | null> {
    if (form.group_base_dn === '') return null;
    await this.serviceBind(client, form, address);
    try {
      const result = await client.search(form.group_base_dn, { scope: 'sub', filter: groupFilter(form, person), attributes: [form.group_name_field] });
      return [...new Set(result.searchEntries.flatMap((entry) => values(entry, form.group_name_field)))];
    } catch (error) {
      throw this.failure(error, 'group_search', address);
    }
  }

  private async serviceBind(client: Client, form: LdapForm, address: string): Promise<void> {
    if (form.bind_dn === '') return;
    try {
      await client.bind(form.bind_dn, form.bind_password);
    } catch (error) {
      throw this.failure(error, 'bind', address);
    }
  }

  private async session<T>(form: LdapForm, run: (client: Client, address: string) => Promise<T>): Promise<T> {
    const address = `${ldapHost(form)}:${form.port}`;
    const security = ldapSecurity(form);
    const tls = security === 'none' ? undefined : tlsOptions(form);
    const client = new Client({ url: ldapUrl(form), timeout: this.timeoutMs, connectTimeout: this.timeoutMs, ...(security === 'ldaps' ? { tlsOptions: tls } : {}) });
    try {
      if (security === 'starttls') await this.startTls(client, tls ?? {}, address);
      return await run(client, address);
    } finally {
      // Never wait on a server that stopped answering.
      void client.unbind().catch(() => undefined);
    }
  }

  /** Upgrades the plain connection before anything (a bind's password) travels on it. */
  private async startTls(client: Client, options: ConnectionOptions, address: string): Promise<void> {
    try {
      await client.startTLS(options);
    } catch (error) {
      if (error instanceof ResultCodeError) throw new LdapDirectoryError('starttls', address, error.message);
      throw this.failure(error, 'bind', address);
    }
  }

  /** Names the failure: no answer in time, no connection, a TLS problem, else the step that was refused. */
  private failure(error: unknown, step: 'bind' | 'search' | 'group_search', address: string): LdapDirectoryError {
    if (error instanceof LdapDirectoryError) return error;
    const message = (error instanceof Error ? error.message : String(error)).replace(/^Error: /, '');
    if (error instanceof InvalidCredentialsError || error instanceof ResultCodeError) return new LdapDirectoryError(step, address, message);
    if (message === 'Connection timeout' || /Operation timed out/.test(message)) return new LdapDirectoryError('timeout', address, message);
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && UNTRUSTED_CODES.has(code)) return new LdapDirectoryError('tls_untrusted', address, message);
    if (typeof code === 'string' && EXPIRED_CODES.has(code)) return new LdapDirectoryError('tls_expired', address, message);
    if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') return new LdapDirectoryError('tls_name', address, message);
    if ((typeof code === 'string' && code.startsWith('ERR_SSL')) || (typeof code === 'string' && TLS_MESSAGE.test(message))) return new LdapDirectoryError('tls', address, message);
    if (typeof code === 'string' || NETWORK_MESSAGE.test(message)) return new LdapDirectoryError('connect', address, message);
    return new LdapDirectoryError(step, address, message);
  }
}

/**
 * TLS for LDAPS and StartTLS: the certificate is always verified, against `ca_cert` when one is
 * set (else the system's CAs), and must name the host (an IP address is checked against the
 * certificate's IP entries; SNI is sent only for names).
 */
function tlsOptions(form: LdapForm): ConnectionOptions {
  const host = ldapHost(form).replace(/^\[(.*)\]$/, '$1');
  return {
    host,
    ...(isIP(host) === 0 ? { servername: host } : {}),
    ...(form.ca_cert === '' ? {} : { ca: [form.ca_cert] }),
    rejectUnauthorized: true,
    minVersion: 'TLSv1.2',
  };
}
