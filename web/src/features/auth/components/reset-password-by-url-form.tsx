import { Button, Field, Input } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormCard } from '../../../components/ui/form-card';
import { showAlert } from '../../../lib/alert';
import { showSuccess } from '../../../lib/toast';
import { ApiError } from '../../../lib/api-client';
import { resetPasswordByUrl } from '../api/reset-password-by-url';

/** Reset by link: uid, email and token come from the mailed link's query. */
export function ResetPasswordByUrlForm(props: { uid: string; email: string; token: string; onReset: () => void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');

  const submit = async () => {
    if (!password) return void (await showAlert(t('Please enter a new password')));
    if (password !== confirm) return void (await showAlert(t('The two passwords do not match')));
    try {
      await resetPasswordByUrl({ new_password: password, uid: props.uid, email: props.email, token: props.token });
      showSuccess(t('Your password has been reset'));
      props.onReset();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    }
  };

  return (
    <FormCard title={t('Reset password')} onSubmit={submit}>
      <Field label={t('Email')}>
        <Input value={props.email} readOnly />
      </Field>
      <Field label={t('New password')} required>
        <Input name="new_password" type="password" value={password} autoComplete="new-password" onChange={(_, data) => setPassword(data.value)} />
      </Field>
      <Field label={t('Confirm password')} required>
        <Input type="password" value={confirm} autoComplete="new-password" onChange={(_, data) => setConfirm(data.value)} />
      </Field>
      <Button appearance="primary" type="submit">
        {t('Reset password')}
      </Button>
    </FormCard>
  );
}
