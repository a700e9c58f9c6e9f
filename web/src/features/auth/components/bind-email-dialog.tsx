import { Field, Input } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/ui/form-dialog';
import { showSuccess } from '../../../lib/toast';
import { ApiError } from '../../../lib/api-client';
import { updateEmail } from '../api/update-email';

/** Binds an email (the login password confirms it); the server sends a verification mail. */
export function BindEmailDialog(props: { open: boolean; currentEmail: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState(props.currentEmail);
  const [password, setPassword] = useState('');

  const submit = async () => {
    try {
      await updateEmail({ email: email.trim(), password });
      setPassword('');
      props.onClose();
      showSuccess(t('A verification email has been sent. Open the link in it to verify the address.'));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    }
  };

  return (
    <FormDialog open={props.open} title={t('Bind email')} onClose={props.onClose} onSubmit={submit}>
      <Field label={t('Email')} required>
        <Input name="email" type="email" value={email} autoComplete="email" onChange={(_, data) => setEmail(data.value)} />
      </Field>
      <Field label={t('Login password')} required>
        <Input name="password" type="password" value={password} autoComplete="current-password" onChange={(_, data) => setPassword(data.value)} />
      </Field>
    </FormDialog>
  );
}
