import { Inject, Injectable, Optional } from '@nestjs/common';
import { Client, type Entry, InvalidCredentialsError, ResultCodeError, SizeLimitExceededError } from 'ldapts';
import type { LdapForm } from '@quire/proto';
import { ldapUrl, userFilter } from './ldap-filter';

/** Injection token: milliseconds allowed for the TCP connect and for each LDAP operation. */
export const LDAP_TIMEOUT_MS = 'LDAP_TIMEOUT_MS';
export const DEFAULT_LDAP_TIMEOUT_MS = 5000;

/** Which step failed: reaching the server, its answer in time, the service bind, the search. */
export type LdapFailure = 'connect' | 'timeout' | 'bind' | 'search';

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
        if (error instanceof SizeLimitExceededError) return;
        throw this.failure(error, 'search', address);
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
      return {
        dn: entry.dn,
        username: names.find((n) => n.toLowerCase() === username.toLowerCase()) ?? names[0] ?? username,
        name: values(entry, 'displayName')[0] ?? values(entry, 'cn')[0] ?? '',
      };
    });
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
    const address = `${form.host.replace(/^ldaps?:\/\//, '')}:${form.port}`;
    const client = new Client({ url: ldapUrl(form), timeout: this.timeoutMs, connectTimeout: this.timeoutMs });
    try {
      return await run(client, address);
    } finally {
      // Never wait on a server that stopped answering.
      void client.unbind().catch(() => undefined);
    }
  }

  /** Names the failure: no answer in time, no connection, else the step that was refused. */
  private failure(error: unknown, step: 'bind' | 'search', address: string): LdapDirectoryError {
    if (error instanceof LdapDirectoryError) return error;
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof InvalidCredentialsError || error instanceof ResultCodeError) return new LdapDirectoryError(step, address, message);
    if (message === 'Connection timeout' || /Operation timed out/.test(message)) return new LdapDirectoryError('timeout', address, message);
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' || NETWORK_MESSAGE.test(message)) return new LdapDirectoryError('connect', address, message);
    return new LdapDirectoryError(step, address, message);
  }
}
