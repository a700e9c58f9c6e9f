import { randomBytes, X509Certificate } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { ChangeFeed, DuplicateKeyError } from '@quire/platform';
import { ACTIVITY_TOPIC, activityOf, AppError, type Caller, type ChangeTopics, ErrorCode, type LdapForm, LdapFormSchema, requireAdmin } from '@quire/proto';
import { SettingClient } from '../clients/setting.client';
import { TeamClient } from '../clients/team.client';
import { PasswordHasher } from '../user/password-hasher';
import { type UserEntity, UserGroup } from '../user/user.entity';
import { UserRepository } from '../user/user.repository';
import { unixNow } from '../user/user.service';
import { type DirectoryPerson, LdapDirectory, LdapDirectoryError } from './ldap-directory';

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
    case 'group_search':
      return new AppError(ErrorCode.LdapConfig, 'ldap_group_search_failed', { reason: error.message });
    case 'tls_untrusted':
      return new AppError(ErrorCode.LdapConfig, 'ldap_tls_untrusted', { address: error.address, reason: error.message });
    case 'tls_name':
      return new AppError(ErrorCode.LdapConfig, 'ldap_tls_name_mismatch', { address: error.address });
    case 'tls_expired':
      return new AppError(ErrorCode.LdapConfig, 'ldap_tls_expired', { address: error.address });
    case 'tls':
      return new AppError(ErrorCode.LdapConfig, 'ldap_tls_failed', { address: error.address, reason: error.message });
    case 'starttls':
      return new AppError(ErrorCode.LdapConfig, 'ldap_starttls_refused', { address: error.address });
  }
}

/** Every PEM block of `ca_cert` must be a certificate node can read (10011 otherwise). */
export function assertReadableCaCertificates(pem: string): void {
  if (pem === '') return;
  const blocks = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g) ?? [];
  try {
    if (blocks.length === 0) throw new Error('no certificate');
    for (const block of blocks) new X509Certificate(block);
  } catch {
    throw new AppError(ErrorCode.LdapConfig, 'ldap_ca_cert_invalid', { name: 'ca_cert' });
  }
}

/**
 * Directory login (contract §6, the [HEAD] flow): when `ldap_open` is '1' and the local check
 * failed, the configured filter finds the user, a bind with the typed password proves them, and
 * a local account (with an unusable local password) is created on the first login. Issue 21: the
 * account remembers its entry's DN; a local account of the same name is linked to the entry only
 * when the administrator allows it (`link_local`); the teams LDAP groups are mapped to follow the
 * person's groups at every sign-in (asked of the team service, which owns teams).
 */
@Injectable()
export class LdapService {
  private readonly logger = new Logger(LdapService.name);

  constructor(
    private readonly directory: LdapDirectory,
    private readonly settings: SettingClient,
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly teams: TeamClient,
    private readonly feed: ChangeFeed<ChangeTopics>,
  ) {}

  /** `auth.ldap.test`: connect, bind and search with a configuration before the admin service saves it. */
  async test(caller: Caller, form: LdapForm): Promise<never[]> {
    requireAdmin(caller);
    assertReadableCaCertificates(form.ca_cert);
    await this.assertTeamsExist(caller, form);
    try {
      await this.directory.check(form);
    } catch (error) {
      if (error instanceof LdapDirectoryError) throw toLdapConfigError(error, this.directory.timeoutMs);
      throw error;
    }
    return [];
  }

  /** Every team the group mapping names must exist (10011 naming the first that does not). */
  private async assertTeamsExist(caller: Caller, form: LdapForm): Promise<void> {
    if (form.group_teams.length === 0) return;
    const existing = new Set(await this.teams.existing(caller, [...new Set(form.group_teams.map((row) => row.team_id))]));
    const missing = form.group_teams.find((row) => !existing.has(row.team_id));
    if (missing) throw new AppError(ErrorCode.LdapConfig, 'ldap_group_team_missing', { team_id: missing.team_id, group: missing.group });
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
    const user = await this.accountOf(caller, form, person);
    await this.followGroups(caller, form, person, user);
    return user;
  }

  /**
   * The account of a directory person: the one linked to their entry; else one a directory sign-in
   * made under the same name (the entry moved: the DN is updated); else a local account of that
   * name, linked when `link_local` is '1' and refused otherwise; else a new account.
   */
  private async accountOf(caller: Caller, form: LdapForm, person: DirectoryPerson): Promise<UserEntity> {
    const linked = await this.users.findByLdapDn(person.dn);
    if (linked) return linked;
    const existing = await this.users.findByUsername(person.username);
    if (existing) return this.link(caller, form, person, existing);
    try {
      return await this.users.create({
        username: person.username,
        // Nobody knows this password: the account logs in through the directory only.
        passwordHash: await this.unusableHash(),
        groupid: UserGroup.User,
        now: unixNow(),
        name: person.name.slice(0, 64),
        ldapDn: person.dn,
      });
    } catch (error) {
      if (error instanceof DuplicateKeyError) {
        const raced = await this.users.findByUsername(person.username);
        if (raced?.ldap_dn === person.dn) return raced;
      }
      throw error;
    }
  }

  /** Links an existing account of the person's name to their entry; its own password stops working. */
  private async link(caller: Caller, form: LdapForm, person: DirectoryPerson, account: UserEntity): Promise<UserEntity> {
    const local = account.ldap_dn === undefined;
    if (local && account.groupid === UserGroup.Admin) {
      // A directory entry never takes an administrator's account over.
      this.logger.warn(`LDAP login for '${person.username}' refused: an administrator's local account has that name`);
      throw AppError.failed('ldap_admin_account_exists', { username: person.username });
    }
    if (local && form.link_local !== '1') {
      this.logger.warn(`LDAP login for '${person.username}' refused: a local account of that name exists and linking is off`);
      throw AppError.failed('ldap_local_account_exists', { username: person.username });
    }
    const passwordHash = await this.unusableHash();
    if (!(await this.users.linkLdap(account.uid, account.password_hash, person.dn, passwordHash))) throw AppError.failed('ldap_login_unavailable');
    await this.feed.publishAfterCommit(
      ACTIVITY_TOPIC,
      activityOf(
        caller,
        'user.ldap_link',
        0,
        { type: 'user', id: account.uid, name: account.username },
        { dn: person.dn, ...(local ? {} : { previous_dn: account.ldap_dn ?? '' }) },
        account,
      ),
    );
    return { ...account, ldap_dn: person.dn, password_hash: passwordHash };
  }

  /** Membership of the mapped teams follows the person's groups (nothing when no group base DN or mapping is set). */
  private async followGroups(caller: Caller, form: LdapForm, person: DirectoryPerson, user: UserEntity): Promise<void> {
    if (person.groups === null || form.group_teams.length === 0) return;
    const groups = new Set(person.groups.map((name) => name.toLowerCase()));
    const mapped = [...new Set(form.group_teams.map((row) => row.team_id))];
    const memberOf = [...new Set(form.group_teams.filter((row) => groups.has(row.group.toLowerCase())).map((row) => row.team_id))];
    const result = await this.teams.syncDirectory(caller, user, mapped, memberOf);
    if (result.missing.length > 0) this.logger.warn(`LDAP group mapping names teams that no longer exist: ${result.missing.join(', ')}`);
  }

  private async unusableHash(): Promise<string> {
    return this.hasher.hash(randomBytes(32).toString('hex'));
  }

  /** Whether the directory alone checks this account's password: it is linked to an entry and directory login is on. */
  async decides(caller: Caller, user: UserEntity): Promise<boolean> {
    return user.ldap_dn !== undefined && (await this.activeForm(caller)) !== null;
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
