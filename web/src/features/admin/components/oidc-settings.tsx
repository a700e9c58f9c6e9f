import { Button, Card, Field, Input, Spinner, Subtitle2, Switch, makeStyles, tokens } from '@fluentui/react-components';
import { SaveRegular } from '@fluentui/react-icons';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { showSuccess } from '../../../lib/toast';
import { type OidcSettings, saveOidcSettings, useOidcSettings } from '../api/oidc-settings';

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '720px', marginTop: tokens.spacingVerticalL },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))', gap: tokens.spacingVerticalM },
  wide: { gridColumn: '1 / -1' },
  actions: { display: 'flex', justifyContent: 'flex-end' },
});

/** Issue 21, in the site settings: the OpenID Connect provider the login screen offers ("Sign in with …"). */
export function OidcSettingsForm() {
  const { data } = useOidcSettings();
  if (!data) return <Spinner />;
  return <OidcForm saved={data} />;
}

function OidcForm(props: { saved: OidcSettings }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [form, setForm] = useState<OidcSettings>(props.saved);
  const set = (patch: Partial<OidcSettings>) => setForm((current) => ({ ...current, ...patch }));
  const text = (name: keyof OidcSettings) => ({ name: `oidc_${name}`, value: String(form[name]), onChange: (_: unknown, changed: { value: string }) => set({ [name]: changed.value }) });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await saveOidcSettings(form);
      showSuccess(t('Saved'));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Card className={styles.card} data-testid="admin-oidc">
        <Subtitle2>{t('Single sign-on (OpenID Connect)')}</Subtitle2>
        <Switch
          label={t('Offer single sign-on on the login screen')}
          name="oidc_enabled"
          checked={form.enabled === '1'}
          onChange={(_, changed) => set({ enabled: changed.checked ? '1' : '0' })}
        />
        <div className={styles.grid}>
          <Field label={t('Issuer')} className={styles.wide} hint={t('The provider’s address, such as https://login.example.com/realms/staff')}>
            <Input {...text('issuer')} type="url" />
          </Field>
          <Field label={t('Client id')}>
            <Input {...text('client_id')} />
          </Field>
          <Field label={t('Client secret')}>
            <Input {...text('client_secret')} type="password" autoComplete="new-password" />
          </Field>
          <Field label={t('Scopes')} className={styles.wide}>
            <Input {...text('scopes')} />
          </Field>
          <Field label={t('Username claim')}>
            <Input {...text('claim_username')} />
          </Field>
          <Field label={t('Name claim')}>
            <Input {...text('claim_name')} />
          </Field>
          <Field label={t('E-mail claim')}>
            <Input {...text('claim_email')} />
          </Field>
          <Field label={t('Button text')} hint={t('Shown as “Sign in with …”; the issuer’s host when empty')}>
            <Input {...text('button_label')} />
          </Field>
        </div>
        <Switch
          label={t('Make an account at the first sign-in of someone unknown (otherwise refuse them)')}
          name="oidc_create_users"
          checked={form.create_users === '1'}
          onChange={(_, changed) => set({ create_users: changed.checked ? '1' : '0' })}
        />
        <div className={styles.actions}>
          <Button appearance="primary" type="submit" icon={<SaveRegular />} data-testid="admin-oidc-save">
            {t('Save single sign-on')}
          </Button>
        </div>
      </Card>
    </form>
  );
}
