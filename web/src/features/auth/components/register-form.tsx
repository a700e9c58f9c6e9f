import { Button, Field, Input } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CaptchaField } from '../../../components/ui/captcha-field';
import { FormCard } from '../../../components/ui/form-card';
import { RouterLink } from '../../../components/ui/router-link';
import { paths } from '../../../config/paths';
import { showAlert } from '../../../lib/alert';
import { ApiError } from '../../../lib/api-client';
import { register } from '../api/register';
import { useCaptcha } from '../../../lib/use-captcha';

export function RegisterForm(props: { onRegistered: () => void }) {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [vCode, setVCode] = useState('');
  const captcha = useCaptcha(true);

  const submit = async () => {
    if (password !== confirm) {
      await showAlert(t('The two passwords do not match'));
      return;
    }
    try {
      await register({ username: username.trim(), password, confirm_password: confirm, v_code: vCode });
      props.onRegistered();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      captcha.refresh();
      setVCode('');
    }
  };

  return (
    <FormCard title={t('Register')} onSubmit={submit} footer={<RouterLink to={paths.login.getHref()}>{t('Already have an account? Log in')}</RouterLink>}>
      <Field label={t('Username')} required hint={t('Letters, digits or an email address')}>
        <Input name="username" value={username} autoComplete="username" onChange={(_, data) => setUsername(data.value)} />
      </Field>
      <Field label={t('Password')} required>
        <Input name="password" type="password" value={password} autoComplete="new-password" onChange={(_, data) => setPassword(data.value)} />
      </Field>
      <Field label={t('Confirm password')} required>
        <Input name="confirm_password" type="password" value={confirm} autoComplete="new-password" onChange={(_, data) => setConfirm(data.value)} />
      </Field>
      <CaptchaField value={vCode} onChange={setVCode} src={captcha.src} onRefresh={captcha.refresh} />
      <Button appearance="primary" type="submit">
        {t('Register')}
      </Button>
    </FormCard>
  );
}
