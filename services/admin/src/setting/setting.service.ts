import { Inject, Injectable } from '@nestjs/common';
import type { QuireConfig } from '@quire/config';
import { ChangeFeed, QUIRE_CONFIG } from '@quire/platform';
import {
  ACTIVITY_TOPIC,
  activityOf,
  AppError,
  AUDIT_RETENTION_DAYS_DEFAULT,
  type Caller,
  type ChangeTopics,
  RECYCLE_RETENTION_DAYS_DEFAULT,
  type HomePageSetting,
  type LdapForm,
  nowSeconds,
  requireAdmin,
  type SaveSettingsDto,
  type SettingName,
  type SiteSettings,
} from '@quire/proto';
import { AuthClient } from '../clients/auth.client';
import { ldapFormObject, maskLdapForm, parseSavedLdapForm, resolveLdapForm } from './ldap-form';
import { SettingRepository } from './setting.repository';

@Injectable()
export class SettingService {
  constructor(
    private readonly settings: SettingRepository,
    @Inject(QUIRE_CONFIG) private readonly config: QuireConfig,
    private readonly auth: AuthClient,
    private readonly feed: ChangeFeed<ChangeTopics>,
  ) {}

  value(name: SettingName): Promise<string | null> {
    return this.settings.value(name);
  }

  /** What the landing and register screens need; registration is open unless set to '0'; `language` sets the web app's labels. */
  async homePage(): Promise<HomePageSetting> {
    const [homePage, homeItem, registerOpen, httpProxyOpen, demoUrl, helpUrl] = await Promise.all([
      this.settings.value('home_page'),
      this.settings.value('home_item'),
      this.settings.value('register_open'),
      this.settings.value('http_proxy_open'),
      this.settings.value('demo_url'),
      this.settings.value('help_url'),
    ]);
    return {
      home_page: homePage ?? false,
      home_item: homeItem ?? false,
      register_open: registerOpen === '0' ? 0 : 1,
      language: this.config.language,
      http_proxy_open: httpProxyOpen === '1' ? 1 : 0,
      demo_url: demoUrl ?? '',
      help_url: helpUrl ?? '',
    };
  }

  /**
   * `adminSetting/loadConfig`: [] until the settings were first saved (the client keeps its
   * defaults), then every option as its string, `ldap_form` with the bind password masked.
   */
  async load(caller: Caller): Promise<SiteSettings | never[]> {
    requireAdmin(caller);
    const saved = await this.settings.all();
    if (!saved.has('register_open')) return [];
    const form = parseSavedLdapForm(saved.get('ldap_form') ?? null);
    return {
      register_open: saved.get('register_open') ?? '1',
      ldap_open: saved.get('ldap_open') ?? '0',
      home_page: saved.get('home_page') ?? '1',
      home_item: saved.get('home_item') ?? '',
      ldap_form: form ? maskLdapForm(form) : null,
      http_proxy_open: saved.get('http_proxy_open') ?? '0',
      recycle_retention_days: saved.get('recycle_retention_days') ?? String(RECYCLE_RETENTION_DAYS_DEFAULT),
      demo_url: saved.get('demo_url') ?? '',
      help_url: saved.get('help_url') ?? '',
      api_resync_schedule: saved.get('api_resync_schedule') ?? 'off',
      audit_retention_days: saved.get('audit_retention_days') ?? String(AUDIT_RETENTION_DAYS_DEFAULT),
      two_factor_required: saved.get('two_factor_required') ?? 'off',
    };
  }

  /**
   * `adminSetting/saveConfig`: an absent option keeps its value. With `ldap_open` '1' the form is
   * checked and the directory tried (connect, bind, search) through the auth service first; any
   * problem answers with its code and nothing is saved.
   */
  async save(caller: Caller, dto: SaveSettingsDto): Promise<never[]> {
    requireAdmin(caller);
    const saved = await this.settings.all();
    const next: Partial<Record<SettingName, string>> = {
      register_open: dto.register_open ?? saved.get('register_open') ?? '1',
      ldap_open: dto.ldap_open ?? saved.get('ldap_open') ?? '0',
      home_page: dto.home_page ?? saved.get('home_page') ?? '1',
      home_item: dto.home_item ?? saved.get('home_item') ?? '',
      http_proxy_open: dto.http_proxy_open ?? saved.get('http_proxy_open') ?? '0',
      recycle_retention_days: dto.recycle_retention_days !== undefined ? String(dto.recycle_retention_days) : (saved.get('recycle_retention_days') ?? String(RECYCLE_RETENTION_DAYS_DEFAULT)),
      demo_url: dto.demo_url ?? saved.get('demo_url') ?? '',
      help_url: dto.help_url ?? saved.get('help_url') ?? '',
      api_resync_schedule: dto.api_resync_schedule ?? saved.get('api_resync_schedule') ?? 'off',
      audit_retention_days: dto.audit_retention_days !== undefined ? String(dto.audit_retention_days) : (saved.get('audit_retention_days') ?? String(AUDIT_RETENTION_DAYS_DEFAULT)),
      two_factor_required: dto.two_factor_required ?? saved.get('two_factor_required') ?? 'off',
    };
    if (next.home_page === '3' && next.home_item === '') throw AppError.failed('setting_home_item_required');

    if (next.ldap_open === '1') {
      const form: LdapForm = resolveLdapForm(dto.ldap_form, parseSavedLdapForm(saved.get('ldap_form') ?? null));
      await this.auth.testLdap(caller, form);
      next.ldap_form = JSON.stringify(form);
    } else if (dto.ldap_form !== undefined && dto.ldap_form !== null && dto.ldap_form !== '') {
      ldapFormObject(dto.ldap_form); // kept as saved while directory login is off, but never malformed JSON
    }
    await this.settings.save(next, nowSeconds());
    // The names of the options that changed, never their values (the directory form holds a bind password).
    const changed = (Object.keys(next) as SettingName[]).filter((name) => next[name] !== (saved.get(name) ?? undefined)).join(',');
    if (changed !== '') await this.feed.publishAfterCommit(ACTIVITY_TOPIC, activityOf(caller, 'setting.update', 0, { type: 'setting', id: changed, name: changed }, { names: changed }));
    return [];
  }
}
