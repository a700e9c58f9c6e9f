import { z } from 'zod';
import { TWO_FACTOR_REQUIREMENTS } from './two-factor.schema';
import type { Language } from '../language';
import { integer, requiredText, text } from '../validation';
import type { ItemRow } from './item.schema';
import { ApiResyncSchedules } from './api-resync.schema';
import { AUDIT_RETENTION_DAYS_MAX } from './audit.schema';
import { RECYCLE_RETENTION_DAYS_MAX } from './page.schema';

/** Site options the admin service owns (contract §18 `options`). */
export const SettingNames = [
  'register_open',
  'ldap_open',
  'ldap_form',
  'home_page',
  'home_item',
  'http_proxy_open',
  'recycle_retention_days',
  'demo_url',
  'help_url',
  'api_resync_schedule',
  'audit_retention_days',
  'two_factor_required',
] as const;
export type SettingName = (typeof SettingNames)[number];

export const GetSettingSchema = z.object({
  name: requiredText().pipe(z.enum(SettingNames, { error: 'param_not_one_of' })),
});
export type GetSettingDto = z.output<typeof GetSettingSchema>;

/** `admin.setting.get` reply: the raw option value, null when never saved. */
export interface SettingValue {
  value: string | null;
}

/** `common/homePageSetting` data ([ERA] raw option strings, false when never saved). */
export interface HomePageSetting {
  home_page: string | false;
  home_item: string | false;
  register_open: number;
  /** The site's label language (server configuration `LANGUAGE`), read by the web app. */
  language: Language;
  /** Quire: 1 when an administrator lets the HTTP API test tool send requests through the server (`/api/http-proxy`). */
  http_proxy_open: number;
  /** Quire: where the landing page's "Demo" and "Help" links lead, '' until an administrator sets them (the links are hidden). */
  demo_url: string;
  help_url: string;
}

/* ------------------------------------------------------------------------------------------
 * The administrator console (adminUser/*, which auth answers, and adminItem/*, adminSetting/*,
 * adminNotice/*, adminMail/*, which the admin service answers) and the internal subjects the admin
 * service asks auth and item with.
 * ---------------------------------------------------------------------------------------- */

/** Rows per page of the console's lists when the request names none (the [ERA] client asks for 7). */
export const ADMIN_PAGE_SIZE = 7;
export const ADMIN_PAGE_SIZE_MAX = 100;

/** `page` below 1 is the first page. */
const pageNumber = () => integer(1).pipe(z.number().transform((n) => (n < 1 ? 1 : n)));
/** `count` absent or below 1 is ADMIN_PAGE_SIZE; above ADMIN_PAGE_SIZE_MAX is refused. */
const pageSize = () =>
  integer(ADMIN_PAGE_SIZE)
    .pipe(z.number().transform((n) => (n < 1 ? ADMIN_PAGE_SIZE : n)))
    .pipe(z.number().max(ADMIN_PAGE_SIZE_MAX));
/** A required numeric id: absent, '' or 0 is 'required', a negative number 'out of range'. */
const id = () => integer(0).pipe(z.number().min(1, { error: (issue) => (issue.input === 0 ? 'param_required' : 'param_out_of_range') }));

export const AdminListUsersSchema = z.object({
  username: text().pipe(z.string().max(255)),
  page: pageNumber(),
  count: pageSize(),
});
export type AdminListUsersDto = z.output<typeof AdminListUsersSchema>;

export const AdminUserIdSchema = z.object({ uid: id() });
export type AdminUserIdDto = z.output<typeof AdminUserIdSchema>;

/** A user of the console's table: never a password hash. Times formatted, `last_login_time` '' before the first login. */
export interface AdminUserRow {
  uid: number;
  username: string;
  name: string;
  email: string;
  email_verify: number;
  groupid: number;
  reg_time: string;
  last_login_time: string;
}

/** `adminUser/getList` data: one page, newest uid first, and how many users match in all. */
export interface AdminUserPage {
  total: number;
  users: AdminUserRow[];
}

export const AdminListItemsSchema = z.object({
  item_name: text().pipe(z.string().max(255)),
  username: text().pipe(z.string().max(255)),
  page: pageNumber(),
  count: pageSize(),
});
export type AdminListItemsDto = z.output<typeof AdminListItemsSchema>;

export const AdminItemIdSchema = z.object({ item_id: id() });
export type AdminItemIdDto = z.output<typeof AdminItemIdSchema>;

export const AdminAttornItemSchema = z.object({ item_id: id(), username: requiredText({ trim: true }).pipe(z.string().max(255)) });
export type AdminAttornItemDto = z.output<typeof AdminAttornItemSchema>;

/** An item of the console's table: the full row (visit password included, as [ERA]), `addtime` formatted, `member_num` = members + 1. */
export interface AdminItemRow extends Omit<ItemRow, 'addtime'> {
  addtime: string;
  member_num: number;
}

/** `adminItem/getList` data: one page, newest first, and how many live items match in all. */
export interface AdminItemPage {
  total: number;
  items: AdminItemRow[];
}

/** `item.admin.countOwned` / `item.admin.forgetUser`: about user `uid`. */
export const AdminItemsOfUserSchema = z.object({ uid: id() });
export type AdminItemsOfUserDto = z.output<typeof AdminItemsOfUserSchema>;

export interface Count {
  count: number;
}

/** `adminNotice/send`: an announcement to every user. */
export const AdminSendNoticeSchema = z.object({
  title: requiredText({ trim: true }).pipe(z.string().max(255)),
  content: requiredText().pipe(z.string().max(100_000)),
});
export type AdminSendNoticeDto = z.output<typeof AdminSendNoticeSchema>;

/* ---- site settings ---------------------------------------------------------------------- */

export const LDAP_DEFAULT_PORT = 389;
export const LDAP_DEFAULT_USER_FIELD = 'cn';
/** What `adminSetting/loadConfig` shows instead of a saved bind password; sent back unchanged, it keeps the saved one. */
export const LDAP_PASSWORD_MASK = '********';
/** The placeholder of `search_filter` that the typed username (LDAP-escaped) replaces. */
export const LDAP_USER_PLACEHOLDER = '%(user)s';

/** A host name, an IPv4 address or a bracketed IPv6 address, optionally as `ldap://host` or `ldaps://host`. */
export const LDAP_HOST_PATTERN = /^(ldaps?:\/\/)?([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])$/;
/** An attribute description: a name (`uid`, `sAMAccountName`) or an OID. */
export const LDAP_ATTRIBUTE_PATTERN = /^([A-Za-z][A-Za-z0-9-]{0,63}|[0-9]+(\.[0-9]+)+)$/;

/** The placeholder of `group_filter` that the signed-in person's DN (LDAP-escaped) replaces. */
export const LDAP_DN_PLACEHOLDER = '%(dn)s';
/** Finds the groups a person is in, whichever way the directory records membership. */
export const LDAP_DEFAULT_GROUP_FILTER = '(|(member=%(dn)s)(uniqueMember=%(dn)s)(memberUid=%(user)s))';
export const LDAP_DEFAULT_GROUP_NAME_FIELD = 'cn';
/** How the connection to the directory is protected: plain, TLS from the first byte (ldaps://), or upgraded with StartTLS. */
export const LDAP_SECURITY_MODES = ['none', 'ldaps', 'starttls'] as const;
export type LdapSecurity = (typeof LDAP_SECURITY_MODES)[number];
/** At most this many group → team rows. */
export const LDAP_GROUP_TEAMS_MAX = 100;
/** One or more PEM certificate blocks and nothing else (what `ca_cert` must look like before it is parsed). */
export const PEM_CERTIFICATES_PATTERN = /^(-----BEGIN CERTIFICATE-----\r?\n[A-Za-z0-9+/=\r\n]+-----END CERTIFICATE-----\s*)+$/;

/**
 * Whether a search filter template is one parenthesised, balanced LDAP filter holding one of the
 * `placeholders` (the user filter: `%(user)s`; the group filter: `%(dn)s` or `%(user)s`).
 */
export function isLdapFilterTemplate(template: string, placeholders: readonly string[] = [LDAP_USER_PLACEHOLDER]): boolean {
  if (!template.startsWith('(') || !template.endsWith(')') || !placeholders.some((p) => template.includes(p))) return false;
  const filter = placeholders.reduce((text, p) => text.split(p).join('x'), template);
  let depth = 0;
  for (let i = 0; i < filter.length; i += 1) {
    const c = filter[i];
    if (c === '\\') {
      i += 2; // an escaped byte: \XX
      continue;
    }
    if (c === '(') depth += 1;
    if (c === ')') depth -= 1;
    if (depth < 0 || (depth === 0 && i < filter.length - 1)) return false;
  }
  return depth === 0;
}

const noControlCharacters = (max: number) =>
  z
    .string()
    .max(max)
    .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), { error: 'ldap_control_characters' });

/**
 * `ldap_form` (contract §6): where the directory is and how to find a user in it. `bind_dn` may be
 * empty (anonymous search); `search_filter` empty means `(<user_field>=%(user)s)`. The
 * protocol is always LDAPv3 (`version` 2 is accepted and kept for old clients; docs/compatibility.md).
 */
export const LdapFormSchema = z
  .object({
    host: requiredText({ trim: true }).pipe(z.string().max(255).regex(LDAP_HOST_PATTERN, { error: 'ldap_host_invalid' })),
    port: integer(LDAP_DEFAULT_PORT).pipe(z.number().min(1).max(65535)),
    version: integer(3).pipe(z.literal([3, 2], { error: 'param_not_one_of' })),
    base_dn: requiredText({ trim: true }).pipe(noControlCharacters(1024)),
    bind_dn: text().pipe(z.string().trim()).pipe(noControlCharacters(1024)),
    bind_password: text().pipe(z.string().max(1024)),
    user_field: text()
      .pipe(z.string().trim())
      .pipe(z.string().transform((v) => v || LDAP_DEFAULT_USER_FIELD))
      .pipe(z.string().regex(LDAP_ATTRIBUTE_PATTERN, { error: 'ldap_user_field_invalid' })),
    search_filter: text()
      .pipe(z.string().trim())
      .pipe(noControlCharacters(1024))
      .refine((v) => v === '' || isLdapFilterTemplate(v), { error: 'ldap_search_filter_invalid' }),
    /** Quire (issue 21): 'none' (default), 'ldaps' or 'starttls'; a host written `ldaps://…` means 'ldaps'. The certificate is always verified. */
    security: z.preprocess((v) => (v === undefined || v === null || v === '' ? 'none' : v), z.enum(LDAP_SECURITY_MODES, { error: 'param_not_one_of' })),
    /** Quire: the CA certificate(s) (PEM) the directory's certificate must chain to; '' trusts the system's CAs. */
    ca_cert: text()
      .pipe(z.string().trim().max(65_536))
      .refine((v) => v === '' || PEM_CERTIFICATES_PATTERN.test(v), { error: 'ldap_ca_cert_invalid' }),
    /** Quire: where the groups are; '' turns group → team mapping off. */
    group_base_dn: text().pipe(z.string().trim()).pipe(noControlCharacters(1024)),
    /** Quire: which groups hold the person: `%(dn)s` is their DN, `%(user)s` their directory name; '' is LDAP_DEFAULT_GROUP_FILTER. */
    group_filter: text()
      .pipe(z.string().trim())
      .pipe(noControlCharacters(1024))
      .refine((v) => v === '' || isLdapFilterTemplate(v, [LDAP_DN_PLACEHOLDER, LDAP_USER_PLACEHOLDER]), { error: 'ldap_group_filter_invalid' }),
    /** Quire: the group attribute whose value the mapping names (default `cn`). */
    group_name_field: text()
      .pipe(z.string().trim())
      .pipe(z.string().transform((v) => v || LDAP_DEFAULT_GROUP_NAME_FIELD))
      .pipe(z.string().regex(LDAP_ATTRIBUTE_PATTERN, { error: 'ldap_user_field_invalid' })),
    /** Quire: directory group (by name) → existing team (by id); a member of the group is a member of the team, and only then. */
    group_teams: z.preprocess(
      (v) => (v === undefined || v === null || v === '' ? [] : v),
      z
        .array(
          z.object(
            {
              group: text()
                .pipe(z.string().trim())
                .refine((v) => v !== '' && v.length <= 255 && !/[\u0000-\u001f\u007f]/.test(v), { error: 'ldap_group_name_invalid' }),
              team_id: z.preprocess(
                (v) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v),
                z
                  .number({ error: 'ldap_group_team_invalid' })
                  .int({ error: 'ldap_group_team_invalid' })
                  .min(1, { error: 'ldap_group_team_invalid' })
                  .max(2 ** 31, { error: 'ldap_group_team_invalid' }),
              ),
            },
            { error: 'ldap_group_teams_invalid' },
          ),
          { error: 'ldap_group_teams_invalid' },
        )
        .max(LDAP_GROUP_TEAMS_MAX, { error: 'ldap_group_teams_too_many' }),
    ),
    /** Quire: '1' links a local account (not made by directory login) of the same username to the directory entry at its first directory login; '0' (default) refuses that login. */
    link_local: z.preprocess(
      (v) => (v === undefined || v === null || v === '' ? '0' : v === true ? '1' : v === false ? '0' : typeof v === 'number' ? String(v) : v),
      z.enum(['0', '1'], { error: 'param_not_one_of' }),
    ),
  })
  .refine((form) => !(form.security === 'starttls' && form.host.startsWith('ldaps://')), { error: 'ldap_security_conflict', path: ['security'] });
export type LdapForm = z.output<typeof LdapFormSchema>;
export type LdapGroupTeam = LdapForm['group_teams'][number];

/** `0`/`1`, as ShowDoc keeps its switches; booleans and numbers are accepted like PHP's intval. */
const flag = () =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? undefined : v === true ? '1' : v === false ? '0' : typeof v === 'number' ? String(v) : v),
    z.enum(['0', '1'], { error: 'param_not_one_of' }).optional(),
  );

/** A link an administrator sets: empty, an http(s) address or a path of this site ('/help'), at most 255 characters. */
const siteLink = () =>
  z.preprocess(
    (v) => (v === null ? undefined : v),
    z
      .string({ error: 'param_not_text' })
      .trim()
      .pipe(z.string().max(255))
      .refine((v) => v === '' || /^https?:\/\/[^\s/]+\S*$/i.test(v) || /^\/(?!\/)\S*$/.test(v), { error: 'setting_link_invalid' })
      .optional(),
  );

/**
 * `adminSetting/saveConfig` (JSON body). An absent option keeps its saved value. `home_page`: '1'
 * the landing page, '2' the login screen, '3' the item `home_item`. `ldap_form` is checked (and the
 * directory tried) only when `ldap_open` is '1'; it may come as an object or as a JSON string.
 */
export const SaveSettingsSchema = z.object({
  register_open: flag(),
  ldap_open: flag(),
  home_page: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? undefined : typeof v === 'number' ? String(v) : v),
    z.enum(['1', '2', '3'], { error: 'param_not_one_of' }).optional(),
  ),
  home_item: z.preprocess((v) => (v === null ? undefined : typeof v === 'number' ? String(v) : v), z.string({ error: 'param_not_text' }).trim().pipe(z.string().max(255)).optional()),
  ldap_form: z.unknown().optional(),
  /** Quire: '1' lets logged-in users send HTTP API tests through the server (`/api/http-proxy`); default '0'. */
  http_proxy_open: flag(),
  /** Quire: days the recycle bins keep deleted pages and catalogs before the scheduled purge, 1 to 3650 (default 30). */
  recycle_retention_days: z.preprocess(
    (v) => (v === null || v === '' ? undefined : v),
    integer()
      .pipe(z.number().min(1, { error: 'param_out_of_range' }).max(RECYCLE_RETENTION_DAYS_MAX, { error: 'param_out_of_range' }))
      .optional(),
  ),
  /** Quire: the landing page's "Demo" and "Help" links: '' (hidden), an http(s) address or a path of this site. */
  demo_url: siteLink(),
  help_url: siteLink(),
  /** Quire: how often the server re-syncs the API descriptions imported from a URL: 'off' (default), 'hourly', 'daily'. */
  api_resync_schedule: z.preprocess((v) => (v === null || v === '' ? undefined : v), z.enum(ApiResyncSchedules, { error: 'param_not_one_of' }).optional()),
  /** Quire (issue 20): days the audit log keeps its entries before the scheduled removal, 1 to 3650 (default 365). */
  audit_retention_days: z.preprocess(
    (v) => (v === null || v === '' ? undefined : v),
    integer()
      .pipe(z.number().min(1, { error: 'param_out_of_range' }).max(AUDIT_RETENTION_DAYS_MAX, { error: 'param_out_of_range' }))
      .optional(),
  ),
  /** Quire (issue 21): who must sign in with a second factor: 'off' (default), 'admins' or 'everyone'. */
  two_factor_required: z.preprocess((v) => (v === null || v === '' ? undefined : v), z.enum(TWO_FACTOR_REQUIREMENTS, { error: 'param_not_one_of' }).optional()),
});
export type SaveSettingsDto = z.output<typeof SaveSettingsSchema>;

/** `adminSetting/loadConfig` data once settings were saved ([] before): `bind_password` masked. */
export interface SiteSettings {
  register_open: string;
  ldap_open: string;
  home_page: string;
  home_item: string;
  ldap_form: LdapForm | null;
  /** Quire: the server-side HTTP proxy of the API test tool, '0' (default) or '1'. */
  http_proxy_open: string;
  /** Quire: days the recycle bins keep deletions, as a string ('30' by default). */
  recycle_retention_days: string;
  /** Quire: the landing page's links, '' when hidden. */
  demo_url: string;
  help_url: string;
  /** Quire: the re-sync schedule of API descriptions imported from a URL ('off' by default). */
  api_resync_schedule: string;
  /** Quire: days the audit log keeps its entries, as a string ('365' by default). */
  audit_retention_days: string;
  /** Quire (issue 21): who must sign in with a second factor ('off' by default). */
  two_factor_required: string;
}

/** `adminUser/checkUpdate` data: empty (no notice), or a link to a newer version. */
export type UpdateNotice = Record<string, never> | { url: string; title: string };
