import { randomBytes } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { DuplicateKeyError } from '@quire/platform';
import { AppError, type Caller, ErrorCode, type LdapForm, LdapFormSchema, requireAdmin } from '@quire/proto';
import { SettingClient } from '../clients/setting.client';
import { PasswordHasher } from '../user/password-hasher';
import { type UserEntity, UserGroup } from '../user/user.entity';
import { UserRepository } from '../user/user.repository';
import { unixNow } from '../user/user.service';
import { LdapDirectory, LdapDirectoryError } from './ldap-directory';

/** What the administrator reads when saving settings whose directory does not work (code 10011). */
export function toLdapConfigError(error: LdapDirectoryError, timeoutMs: number): AppError {
  switch (error.failure) {
    case 'connect':
      return new AppError(ErrorCode.LdapConfig, 'ldap_cannot_connect', { address: error.address });
    case 'timeout':
      return new AppError(ErrorCode.LdapConfig, 'ldap_timeout', { address: error.address, seconds: Math.ceil(timeoutMs / 1000) });
    case 'bind':
      return new AppError(ErrorCode.LdapConfig, 'ldap_cannot_bind');
    case 'search':
      return new AppError(ErrorCode.LdapConfig, 'ldap_search_failed', { reason: error.message });
  }
}

/**
 * Directory login (contract §6, the [HEAD] flow): when `ldap_open` is '1' and the local check
 * failed, the configured filter finds the user, a bind with the typed password proves them, and
 * a local account (with an unusable local password) is created on the first login.
 */
@Injectable()
export class LdapService {
  private readonly logger = new Logger(LdapService.name);

  constructor(
    private readonly directory: LdapDirectory,
    private readonly settings: SettingClient,
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
  ) {}

  /** `auth.ldap.test`: connect, bind and search with a configuration before the admin service saves it. */
  async test(caller: Caller, form: LdapForm): Promise<never[]> {
    requireAdmin(caller);
    try {
      await this.directory.check(form);
    } catch (error) {
      if (error instanceof LdapDirectoryError) throw toLdapConfigError(error, this.directory.timeoutMs);
      throw error;
    }
    return [];
  }

  /**
   * The local user the directory vouches for; null when directory login is off or the directory
   * does not know the name and password. A directory that cannot be used answers 10011.
   */
  async login(caller: Caller, username: string, password: string): Promise<UserEntity | null> {
    const form = await this.activeForm(caller);
    if (!form) return null;
    let person;
    try {
      person = await this.directory.authenticate(form, username, password);
    } catch (error) {
      if (!(error instanceof LdapDirectoryError)) throw error;
      this.logger.warn(`LDAP login for '${username}' failed at ${error.address} (${error.failure}): ${error.message}`);
      throw new AppError(ErrorCode.LdapConfig, 'ldap_login_unavailable');
    }
    if (!person) return null;
    const existing = await this.users.findByUsername(person.username);
    if (existing) return existing;
    try {
      return await this.users.create({
        username: person.username,
        // Nobody knows this password: the account logs in through the directory only.
        passwordHash: await this.hasher.hash(randomBytes(32).toString('hex')),
        groupid: UserGroup.User,
        now: unixNow(),
        name: person.name.slice(0, 64),
      });
    } catch (error) {
      if (error instanceof DuplicateKeyError) {
        const raced = await this.users.findByUsername(person.username);
        if (raced) return raced;
      }
      throw error;
    }
  }

  /** The saved form when directory login is on and the form is usable, else null. */
  private async activeForm(caller: Caller): Promise<LdapForm | null> {
    if ((await this.settings.value(caller, 'ldap_open')) !== '1') return null;
    const raw = await this.settings.value(caller, 'ldap_form');
    if (!raw) return null;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      parsed = undefined;
    }
    const form = LdapFormSchema.safeParse(parsed ?? {});
    if (!form.success) {
      this.logger.warn('LDAP login is on but the saved ldap_form is not usable; save the settings again');
      return null;
    }
    return form.data;
  }
}
