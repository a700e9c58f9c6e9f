import { Button, Field, Input } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CaptchaField } from '../../../components/ui/captcha-field';
import { FormCard } from '../../../components/ui/form-card';
import { RouterLink } from '../../../components/ui/router-link';
import { paths } from '../../../config/paths';
import { showSuccess } from '../../../lib/toast';
import { ApiError } from '../../../lib/api-client';
import { resetPasswordEmail } from '../api/reset-password-email';
import { useCaptcha } from '../../../lib/use-captcha';

/** Forgot password: the bound email and a verification code; the server mails a reset link. */
export function ForgotPasswordForm() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [vCode, setVCode] = useState('');
  const captcha = useCaptcha(true);

  const submit = async () => {
    try {
      await resetPasswordEmail({ email: email.trim(), v_code: vCode });
      showSuccess(t('A password reset email has been sent to your mailbox. Please check it.'));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      captcha.refresh();
      setVCode('');
    }
  };

  return (
    <FormCard title={t('Forgot password')} onSubmit={submit} footer={<RouterLink to={paths.login.getHref()}>{t('Back to login')}</RouterLink>}>
      <Field label={t('Bound email')} required>
        <Input name="email" type="email" value={email} autoComplete="email" onChange={(_, data) => setEmail(data.value)} />
      </Field>
      <CaptchaField value={vCode} onChange={setVCode} src={captcha.src} onRefresh={captcha.refresh} />
      <Button appearance="primary" type="submit">
        {t('Send reset email')}
      </Button>
    </FormCard>
  );
}
