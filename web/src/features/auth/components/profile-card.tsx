import { Badge, Button, Card, Field, Input, Select, makeStyles, tokens } from '@fluentui/react-components';
import type { UserInfo, UserLanguage } from '@quire/proto';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { decodeEntities } from '../../../lib/decode-entities';
import i18n from '../../../lib/i18n';
import { showSuccess } from '../../../lib/toast';
import { ApiError } from '../../../lib/api-client';
import { updateUserInfo } from '../api/update-user-info';
import { BindEmailDialog } from './bind-email-dialog';
import { ChangePasswordDialog } from './change-password-dialog';

const useStyles = makeStyles({
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalXL },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', flexWrap: 'wrap' },
  grow: { flexGrow: 1, minWidth: '160px' },
});

export type EmailStatus = 'unbound' | 'unverified' | 'verified';

function emailStatus(user: Pick<UserInfo, 'email' | 'email_verify'>): EmailStatus {
  if (!user.email) return 'unbound';
  return Number(user.email_verify) === 1 ? 'verified' : 'unverified';
}

/** SPEC §2 personal settings: username read-only, name editable, password and email dialogs. */
export function ProfileCard({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [name, setName] = useState(decodeEntities(user.name));
  const [language, setLanguage] = useState<UserLanguage>(user.language ?? '');
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [emailOpen, setEmailOpen] = useState(false);
  const status = emailStatus(user);
  const statusLabel = { unbound: t('Unbound'), unverified: t('Unverified'), verified: t('Verified') }[status];

  const saveLanguage = async (chosen: UserLanguage) => {
    setLanguage(chosen);
    try {
      await updateUserInfo({ language: chosen });
      // In the language just chosen: this render's `t` still speaks the one before.
      showSuccess(i18n.t('Saved'));
    } catch (error) {
      setLanguage(user.language ?? '');
      if (!(error instanceof ApiError)) throw error;
    }
  };

  const saveName = async () => {
    try {
      await updateUserInfo({ name: name.trim() });
      showSuccess(t('Saved'));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    }
  };

  return (
    <Card className={styles.card}>
      <Field label={t('Username')}>
        <Input value={user.username} readOnly name="username" />
      </Field>
      <Field label={t('Name')}>
        <div className={styles.row}>
          <Input className={styles.grow} name="name" value={name} onChange={(_, data) => setName(data.value)} />
          <Button appearance="primary" onClick={saveName}>
            {t('Save')}
          </Button>
        </div>
      </Field>
      <Field label={t('Language')}>
        <Select name="language" value={language} onChange={(_, data) => void saveLanguage(data.value as UserLanguage)}>
          <option value="">{t('Same as the browser')}</option>
          <option value="en" lang="en">
            English
          </option>
          <option value="zh-cn" lang="zh-CN">
            中文
          </option>
        </Select>
      </Field>
      <Field label={t('Email')}>
        <div className={styles.row}>
          <span className={styles.grow} data-testid="email-value">
            {user.email || '—'}
          </span>
          <Badge appearance="tint" color={status === 'verified' ? 'success' : status === 'unverified' ? 'warning' : 'informative'} data-testid="email-status">
            {statusLabel}
          </Badge>
          <Button onClick={() => setEmailOpen(true)}>{user.email ? t('Change email') : t('Bind email')}</Button>
        </div>
      </Field>
      <Field label={t('Password')}>
        <div className={styles.row}>
          <Button onClick={() => setPasswordOpen(true)}>{t('Change password')}</Button>
        </div>
      </Field>
      <ChangePasswordDialog open={passwordOpen} onClose={() => setPasswordOpen(false)} />
      {emailOpen && <BindEmailDialog open currentEmail={user.email} onClose={() => setEmailOpen(false)} />}
    </Card>
  );
}
