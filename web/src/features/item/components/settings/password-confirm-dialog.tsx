import { Field, Input, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../../components/ui/form-dialog';
import { ApiError } from '../../../../lib/api-client';

const useStyles = makeStyles({
  error: { color: tokens.colorPaletteRedForeground1 },
});

export interface PasswordConfirmDialogProps {
  title: string;
  message: string;
  submitLabel: string;
  /** Runs the action with the typed password; an ApiError keeps the dialog open with the server's message. */
  onConfirm: (password: string) => Promise<void>;
  onClose: () => void;
}

/** SPEC §6: attorn, archive and delete ask for the user's login password. */
export function PasswordConfirmDialog({ title, message, submitLabel, onConfirm, onClose }: PasswordConfirmDialogProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');

  const submit = async () => {
    setError('');
    if (!password) return setError(t('Please enter your login password'));
    try {
      await onConfirm(password);
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure;
      setError(failure.message.trim());
    }
  };

  return (
    <FormDialog open title={title} submitLabel={submitLabel} onClose={onClose} onSubmit={() => void submit()}>
      <Text>{message}</Text>
      <Field label={t('Login password')} required>
        <Input name="login_password" type="password" autoComplete="current-password" value={password} onChange={(_, data) => setPassword(data.value)} autoFocus />
      </Field>
      {error && (
        <Text className={styles.error} role="alert" data-testid="password-error">
          {error}
        </Text>
      )}
    </FormDialog>
  );
}
