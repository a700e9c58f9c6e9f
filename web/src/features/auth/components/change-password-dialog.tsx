import { Field, Input } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/ui/form-dialog';
import { showSuccess } from '../../../lib/toast';
import { ApiError } from '../../../lib/api-client';
import { changePassword } from '../api/change-password';

export function ChangePasswordDialog(props: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');

  const submit = async () => {
    try {
      await changePassword({ password, new_password: newPassword });
      setPassword('');
      setNewPassword('');
      props.onClose();
      showSuccess(t('Password changed'));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    }
  };

  return (
    <FormDialog open={props.open} title={t('Change password')} onClose={props.onClose} onSubmit={submit}>
      <Field label={t('Old password')} required>
        <Input name="password" type="password" value={password} autoComplete="current-password" onChange={(_, data) => setPassword(data.value)} />
      </Field>
      <Field label={t('New password')} required>
        <Input name="new_password" type="password" value={newPassword} autoComplete="new-password" onChange={(_, data) => setNewPassword(data.value)} />
      </Field>
    </FormDialog>
  );
}
