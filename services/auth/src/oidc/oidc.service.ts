import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { QuireConfig } from '@quire/config';
import { AddressPolicy, hashSecret, KeyValueStore, QUIRE_CONFIG } from '@quire/platform';
import {
  AppError,
  type Caller,
  OIDC_CALLBACK_PATH,
  OIDC_SECRET_MASK,
  type OidcCallbackDto,
  type OidcInfo,
  type OidcSettings,
  type OidcStart,
  requireAdmin,
  type SaveOidcDto,
  USERNAME_PATTERN,
} from '@quire/proto';
import type { Configuration } from 'openid-client' with { 'resolution-mode': 'import' };
import { PasswordHasher } from '../user/password-hasher';
import { type UserEntity, UserGroup } from '../user/user.entity';
import { UserRepository } from '../user/user.repository';
import { OidcClient, type OidcClaims, OidcProviderError } from './oidc-client';
import { OidcConfigRepository } from './oidc-config.repository';

/** How long a started sign-in may take at the provider. */
const STATE_SECONDS = 600;
/** How long a discovered provider configuration is reused. */
const DISCOVERY_SECONDS = 300;

const stateKey = (state: string) => `oidc-state:${hashSecret(state)}`;

interface StateRecord {
  clientId: string;
  nonce: string;
  verifier: string;
}

const claimText = (claims: OidcClaims, name: string): string => {
  const value = claims[name];
  return typeof value === 'string' ? value.trim() : '';
};

/**
 * OpenID Connect single sign-on (issue 21): the administrator's provider settings (checked by discovery before they
 * are saved), the start of a sign-in (state, nonce and PKCE, bound to the browser), and the callback that checks them
 * once and finds the Quire account: by a verified e-mail, else by username, else a new one when the site allows it.
 */
@Injectable()
export class OidcService {
  private readonly client: OidcClient;
  private discovered?: { key: string; config: Configuration; until: number };

  constructor(
    private readonly settings: OidcConfigRepository,
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly kv: KeyValueStore,
    @Inject(QUIRE_CONFIG) private readonly config: QuireConfig,
  ) {
    this.client = new OidcClient(new AddressPolicy(config.httpProxy.allowHosts));
  }

  async load(caller: Caller): Promise<OidcSettings> {
    requireAdmin(caller);
    const saved = (await this.settings.load()) ?? emptySettings();
    return { ...saved, client_secret: saved.client_secret ? OIDC_SECRET_MASK : '' };
  }

  /** Saves the settings; when turned on, only once the provider answered discovery for this issuer and client. */
  async save(caller: Caller, dto: SaveOidcDto): Promise<never[]> {
    requireAdmin(caller);
    const saved = await this.settings.load();
    const next: OidcSettings = { ...dto, client_secret: dto.client_secret === OIDC_SECRET_MASK ? (saved?.client_secret ?? '') : dto.client_secret };
    if (next.enabled === '1') {
      if (!next.issuer || !next.client_id) throw AppError.failed('oidc_settings_incomplete');
      this.discovered = undefined;
      await this.provider(next);
    }
    await this.settings.save(next);
    this.discovered = undefined;
    return [];
  }

  async info(): Promise<OidcInfo> {
    const saved = await this.settings.load();
    if (!saved || saved.enabled !== '1') return { enabled: false, label: '' };
    return { enabled: true, label: saved.button_label || new URL(saved.issuer).host };
  }

  /** Where to send the browser: the provider's authorization URL, with a state only this browser can bring back. */
  async start(caller: Caller): Promise<OidcStart> {
    const saved = await this.enabledSettings();
    const config = await this.provider(saved);
    const checks = await this.client.randomChecks();
    const record: StateRecord = { clientId: caller.clientId, nonce: checks.nonce, verifier: checks.verifier };
    await this.kv.set(stateKey(checks.state), JSON.stringify(record), STATE_SECONDS);
    return { url: await this.client.authorizationUrl(config, { redirectUri: this.redirectUri(), scope: saved.scopes, ...checks }) };
  }

  /**
   * The provider sent the browser back: the state is taken (once) and must be this browser's, the code is exchanged
   * (state, nonce and PKCE checked), and the account found or made. The caller then starts the session.
   */
  async callback(caller: Caller, dto: OidcCallbackDto): Promise<UserEntity> {
    const saved = await this.enabledSettings();
    let url: URL;
    try {
      url = new URL(dto.callback_url, this.config.publicUrl);
    } catch {
      throw AppError.failed('oidc_state_invalid');
    }
    const state = url.searchParams.get('state') ?? '';
    const stored = state ? await this.kv.get(stateKey(state)) : null;
    if (stored) await this.kv.delete(stateKey(state));
    const record = stored ? (JSON.parse(stored) as StateRecord) : null;
    if (!record || record.clientId !== caller.clientId) throw AppError.failed('oidc_state_invalid');
    const refusal = url.searchParams.get('error');
    if (refusal) throw AppError.failed('oidc_provider_refused', { reason: (url.searchParams.get('error_description') ?? refusal).slice(0, 200) });

    const config = await this.provider(saved);
    // The exchange checks the callback against the redirect URI it was sent to: the path the provider returned to.
    const callbackUrl = new URL(`${OIDC_CALLBACK_PATH}${url.search}`, this.config.publicUrl);
    let claims: OidcClaims;
    try {
      claims = await this.client.exchange(config, callbackUrl, { state, nonce: record.nonce, verifier: record.verifier });
    } catch (error) {
      throw AppError.failed('oidc_provider_refused', { reason: error instanceof Error ? error.message : String(error) });
    }
    return this.accountFor(saved, claims);
  }

  private async accountFor(saved: OidcSettings, claims: OidcClaims): Promise<UserEntity> {
    const email = claimText(claims, saved.claim_email).toLowerCase();
    const verified = claims.email_verified === true && email !== '';
    const username = claimText(claims, saved.claim_username);
    const byEmail = verified ? await this.users.findByVerifiedEmail(email) : null;
    const existing = byEmail ?? (username ? await this.users.findByUsername(username) : null);
    if (existing) return existing;
    if (saved.create_users !== '1') throw AppError.failed('oidc_no_account');
    if (!USERNAME_PATTERN.test(username)) throw AppError.failed('oidc_username_missing');
    const user = await this.users.create({
      username,
      passwordHash: await this.hasher.hash(randomBytes(32).toString('hex')),
      groupid: UserGroup.User,
      now: Math.floor(Date.now() / 1000),
      name: claimText(claims, saved.claim_name).slice(0, 64),
    });
    if (verified && (await this.users.setEmail(user.uid, email))) await this.users.markEmailVerified(user.uid, email);
    return (await this.users.findByUid(user.uid)) ?? user;
  }

  private async enabledSettings(): Promise<OidcSettings> {
    const saved = await this.settings.load();
    if (!saved || saved.enabled !== '1') throw AppError.failed('oidc_disabled');
    return saved;
  }

  private async provider(settings: OidcSettings): Promise<Configuration> {
    const key = `${settings.issuer}\n${settings.client_id}\n${hashSecret(settings.client_secret)}`;
    if (this.discovered && this.discovered.key === key && this.discovered.until > Date.now()) return this.discovered.config;
    try {
      const config = await this.client.discover(settings);
      this.discovered = { key, config, until: Date.now() + DISCOVERY_SECONDS * 1000 };
      return config;
    } catch (error) {
      throw AppError.failed('oidc_issuer_unreachable', { reason: error instanceof OidcProviderError ? error.message : 'unknown error' });
    }
  }

  private redirectUri(): string {
    return `${this.config.publicUrl}${OIDC_CALLBACK_PATH}`;
  }
}

function emptySettings(): OidcSettings {
  return {
    enabled: '0',
    issuer: '',
    client_id: '',
    client_secret: '',
    scopes: 'openid profile email',
    claim_username: 'preferred_username',
    claim_name: 'name',
    claim_email: 'email',
    button_label: '',
    create_users: '0',
  };
}
