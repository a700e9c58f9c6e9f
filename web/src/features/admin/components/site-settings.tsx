import { Button, Card, Divider, Field, Input, Radio, RadioGroup, Spinner, Subtitle2, Switch, makeStyles, tokens } from '@fluentui/react-components';
import { SaveRegular } from '@fluentui/react-icons';
import type { LdapForm } from '@quire/proto';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../../lib/toast';
import { ApiError } from '../../../lib/api-client';
import { type SiteSettings, useSiteSettings } from '../api/get-site-settings';
import { type SiteSettingsInput, saveSiteSettings } from '../api/save-site-settings';
import { LdapDirectoryOptions } from './ldap-directory-options';

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '720px' },
  ldap: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalM,
    borderLeft: `3px solid ${tokens.colorBrandStroke1}`,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  wide: { gridColumn: '1 / -1' },
  actions: { display: 'flex', justifyContent: 'flex-end' },
});

/** Contract §6 defaults: port 389, LDAPv3, user field `cn`; issue 21: no TLS, no groups, no linking. */
const LDAP_DEFAULTS: LdapForm = {
  host: '',
  port: 389,
  version: 3,
  base_dn: '',
  bind_dn: '',
  bind_password: '',
  user_field: 'cn',
  search_filter: '',
  security: 'none',
  ca_cert: '',
  group_base_dn: '',
  group_filter: '',
  group_name_field: 'cn',
  group_teams: [],
  link_local: '0',
};

/** proto's RECYCLE_RETENTION_DAYS_DEFAULT and _MAX (the web imports types only from proto, never its runtime). */
const RECYCLE_RETENTION_DAYS_DEFAULT = 30;
const RECYCLE_RETENTION_DAYS_MAX = 3650;
/** proto's AUDIT_RETENTION_DAYS_DEFAULT and _MAX. */
const AUDIT_RETENTION_DAYS_DEFAULT = 365;
const AUDIT_RETENTION_DAYS_MAX = 3650;

const flag = (value: string | undefined, fallback: '0' | '1'): '0' | '1' => (value === '0' || value === '1' ? value : fallback);
const homePage = (value: string | undefined): SiteSettingsInput['home_page'] => (value === '2' || value === '3' ? value : '1');
const twoFactorRequired = (value: string | undefined): SiteSettingsInput['two_factor_required'] => (value === 'admins' || value === 'everyone' ? value : 'off');
const resyncSchedule = (value: string | undefined): SiteSettingsInput['api_resync_schedule'] => (value === 'hourly' || value === 'daily' ? value : 'off');

function initialForm(saved: SiteSettings | null): SiteSettingsInput {
  return {
    register_open: flag(saved?.register_open, '1'),
    ldap_open: flag(saved?.ldap_open, '0'),
    home_page: homePage(saved?.home_page),
    home_item: saved?.home_item ?? '',
    ldap_form: { ...LDAP_DEFAULTS, ...(saved?.ldap_form ?? {}) },
    http_proxy_open: flag(saved?.http_proxy_open, '0'),
    demo_url: saved?.demo_url ?? '',
    help_url: saved?.help_url ?? '',
    recycle_retention_days: saved?.recycle_retention_days ?? String(RECYCLE_RETENTION_DAYS_DEFAULT),
    api_resync_schedule: resyncSchedule(saved?.api_resync_schedule),
    audit_retention_days: saved?.audit_retention_days ?? String(AUDIT_RETENTION_DAYS_DEFAULT),
    two_factor_required: twoFactorRequired(saved?.two_factor_required),
  };
}

function SettingsForm(props: { saved: SiteSettings | null }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [form, setForm] = useState<SiteSettingsInput>(() => initialForm(props.saved));
  const ldap = form.ldap_form;
  const set = (patch: Partial<SiteSettingsInput>) => setForm((current) => ({ ...current, ...patch }));
  const setLdap = (patch: Partial<LdapForm>) => setForm((current) => ({ ...current, ldap_form: { ...current.ldap_form, ...patch } }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await saveSiteSettings(form);
      showSuccess(t('Saved'));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Card className={styles.card} data-testid="admin-settings">
        <Subtitle2>{t('Accounts')}</Subtitle2>
        <Switch label={t('Open registration')} name="register_open" checked={form.register_open === '1'} onChange={(_, data) => set({ register_open: data.checked ? '1' : '0' })} />
        <Switch label={t('Directory (LDAP) login')} name="ldap_open" checked={form.ldap_open === '1'} onChange={(_, data) => set({ ldap_open: data.checked ? '1' : '0' })} />
        {form.ldap_open === '1' && (
          <div className={styles.ldap} data-testid="ldap-fields">
            <Field label={t('LDAP host')} required className={styles.wide} hint={t('A host name or an IP address, optionally with ldap:// or ldaps://')}>
              <Input name="ldap_host" value={ldap.host} onChange={(_, data) => setLdap({ host: data.value })} />
            </Field>
            <Field label={t('Port')} required>
              <Input name="ldap_port" type="number" value={String(ldap.port)} onChange={(_, data) => setLdap({ port: Number(data.value) })} />
            </Field>
            <Field label={t('LDAP version')}>
              <RadioGroup layout="horizontal" name="ldap_version" value={String(ldap.version)} onChange={(_, data) => setLdap({ version: data.value === '2' ? 2 : 3 })}>
                <Radio value="3" label="3" />
                <Radio value="2" label="2" />
              </RadioGroup>
            </Field>
            <Field label={t('Base DN')} required className={styles.wide}>
              <Input name="ldap_base_dn" placeholder="dc=example,dc=com" value={ldap.base_dn} onChange={(_, data) => setLdap({ base_dn: data.value })} />
            </Field>
            <Field label={t('Bind DN')} className={styles.wide} hint={t('Leave empty to search anonymously')}>
              <Input name="ldap_bind_dn" placeholder="cn=admin,dc=example,dc=com" value={ldap.bind_dn} onChange={(_, data) => setLdap({ bind_dn: data.value })} />
            </Field>
            <Field label={t('Bind password')} className={styles.wide}>
              <Input name="ldap_bind_password" type="password" autoComplete="new-password" value={ldap.bind_password} onChange={(_, data) => setLdap({ bind_password: data.value })} />
            </Field>
            <Field label={t('User field')} hint={t('The attribute holding the username, such as uid or cn')}>
              <Input name="ldap_user_field" value={ldap.user_field} onChange={(_, data) => setLdap({ user_field: data.value })} />
            </Field>
            <Field label={t('Search filter')} hint={t('Optional; %(user)s stands for the username typed at login')}>
              <Input name="ldap_search_filter" placeholder="(uid=%(user)s)" value={ldap.search_filter} onChange={(_, data) => setLdap({ search_filter: data.value })} />
            </Field>
            <LdapDirectoryOptions ldap={ldap} setLdap={setLdap} />
          </div>
        )}
        <Divider />
        <Subtitle2>{t('Home page')}</Subtitle2>
        <RadioGroup name="home_page" value={form.home_page} onChange={(_, data) => set({ home_page: homePage(data.value) })}>
          <Radio value="1" label={t('The landing page')} />
          <Radio value="2" label={t('The login screen')} />
          <Radio value="3" label={t('An item')} />
        </RadioGroup>
        {form.home_page === '3' && (
          <Field label={t('Item ID or personalized domain')} required>
            <Input name="home_item" value={form.home_item} onChange={(_, data) => set({ home_item: data.value })} />
          </Field>
        )}
        <Field label={t('Demo link on the landing page')} hint={t('An http:// or https:// address, or a path of this site such as /help. Leave empty to hide the link.')}>
          <Input name="demo_url" value={form.demo_url} onChange={(_, data) => set({ demo_url: data.value })} />
        </Field>
        <Field label={t('Help link on the landing page')} hint={t('An http:// or https:// address, or a path of this site such as /help. Leave empty to hide the link.')}>
          <Input name="help_url" value={form.help_url} onChange={(_, data) => set({ help_url: data.value })} />
        </Field>
        <Divider />
        <Subtitle2>{t('Tools')}</Subtitle2>
        <Switch
          label={t('Allow the HTTP API test to go through the server')}
          name="http_proxy_open"
          checked={form.http_proxy_open === '1'}
          onChange={(_, data) => set({ http_proxy_open: data.checked ? '1' : '0' })}
        />
        <Divider />
        <Subtitle2>{t('Recycle bin')}</Subtitle2>
        <Field
          label={t('Days deleted pages and catalogs are kept')}
          hint={t('From 1 to {{max}} days; after that, the hourly clean-up deletes them for good.', { max: RECYCLE_RETENTION_DAYS_MAX })}
        >
          <Input
            name="recycle_retention_days"
            type="number"
            min={1}
            max={RECYCLE_RETENTION_DAYS_MAX}
            value={form.recycle_retention_days}
            onChange={(_, data) => set({ recycle_retention_days: data.value })}
          />
        </Field>
        <Divider />
        <Subtitle2>{t('Audit log')}</Subtitle2>
        <Field label={t('Days the audit log keeps its entries')} hint={t('From 1 to {{max}} days; older entries are deleted by the hourly clean-up.', { max: AUDIT_RETENTION_DAYS_MAX })}>
          <Input
            name="audit_retention_days"
            type="number"
            min={1}
            max={AUDIT_RETENTION_DAYS_MAX}
            value={form.audit_retention_days}
            onChange={(_, data) => set({ audit_retention_days: data.value })}
          />
        </Field>
        <Divider />
        <Subtitle2>{t('Sign-in')}</Subtitle2>
        <Field label={t('Require two-factor sign-in')} hint={t('Users it applies to set up an authenticator app at their next sign-in.')}>
          <RadioGroup layout="horizontal" name="two_factor_required" value={form.two_factor_required} onChange={(_, data) => set({ two_factor_required: twoFactorRequired(data.value) })}>
            <Radio value="off" label={t('Off')} />
            <Radio value="admins" label={t('For administrators')} />
            <Radio value="everyone" label={t('For everyone')} />
          </RadioGroup>
        </Field>
        <Divider />
        <Subtitle2>{t('API documentation')}</Subtitle2>
        <Field label={t('Re-sync API descriptions imported from a URL')} hint={t('The server reads each document again and rewrites the pages of the operations that changed.')}>
          <RadioGroup layout="horizontal" name="api_resync_schedule" value={form.api_resync_schedule} onChange={(_, data) => set({ api_resync_schedule: resyncSchedule(data.value) })}>
            <Radio value="off" label={t('Off')} />
            <Radio value="hourly" label={t('Every hour')} />
            <Radio value="daily" label={t('Every day')} />
          </RadioGroup>
        </Field>
        <div className={styles.actions}>
          <Button appearance="primary" type="submit" icon={<SaveRegular />}>
            {t('Save')}
          </Button>
        </div>
      </Card>
    </form>
  );
}

/** SPEC §2 site settings: registration, directory login (LDAP), home page, the API test tool's server proxy. */
export function SiteSettingsForm() {
  const { data, isLoading } = useSiteSettings();
  if (isLoading || data === undefined) return <Spinner />;
  return <SettingsForm saved={data} />;
}
