import { Button, Field, Input } from '@fluentui/react-components';
import { PersonKeyRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CaptchaField } from '../../../components/ui/captcha-field';
import { FormCard } from '../../../components/ui/form-card';
import { RouterLink } from '../../../components/ui/router-link';
import { paths } from '../../../config/paths';
import { ApiError, ErrorCode } from '../../../lib/api-client';
import { login } from '../api/login';
import { startOidc, useOidcInfo } from '../api/oidc';
import { useCaptcha } from '../../../lib/use-captcha';
import { SecondFactorStep } from './second-factor-step';

/** SPEC §2 login: the captcha appears after 10206 / 10210 and is reloaded after each failure. */
export function LoginForm(props: { onLoggedIn: () => void; registerOpen: boolean }) {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [vCode, setVCode] = useState('');
  const captcha = useCaptcha(false);
  const { data: oidc } = useOidcInfo();
  const [step, setStep] = useState<{ kind: 'code' | 'enrol'; challenge: string }>();

  const submit = async () => {
    try {
      await login({ username: username.trim(), password, v_code: vCode });
      props.onLoggedIn();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const challenge = (error.data as { challenge?: string } | undefined)?.challenge ?? '';
      if (error.code === ErrorCode.TwoFactorRequired) setStep({ kind: 'code', challenge });
      else if (error.code === ErrorCode.TwoFactorEnrolRequired) setStep({ kind: 'enrol', challenge });
      else if (error.code === ErrorCode.Captcha || error.code === ErrorCode.BadCredentialsCaptcha) captcha.show();
      else if (captcha.shown) captcha.refresh();
      setVCode('');
    }
  };

  // Issue 21: after the password, the second factor (a code, or setting it up where the site requires it).
  if (step) return <SecondFactorStep kind={step.kind} challenge={step.challenge} onLoggedIn={props.onLoggedIn} onRestart={() => setStep(undefined)} />;
  return (
    <FormCard
      title={t('Log in')}
      onSubmit={submit}
      footer={
        <>
          {props.registerOpen && <RouterLink to={paths.register.getHref()}>{t('Register a new account')}</RouterLink>}
          <RouterLink to={paths.resetPassword.getHref()}>{t('Forgot password')}</RouterLink>
        </>
      }
    >
      <Field label={t('Username or email')} required>
        <Input name="username" value={username} autoComplete="username" onChange={(_, data) => setUsername(data.value)} />
      </Field>
      <Field label={t('Password')} required>
        <Input name="password" type="password" value={password} autoComplete="current-password" onChange={(_, data) => setPassword(data.value)} />
      </Field>
      {captcha.shown && <CaptchaField value={vCode} onChange={setVCode} src={captcha.src} onRefresh={captcha.refresh} />}
      <Button appearance="primary" type="submit">
        {t('Log in')}
      </Button>
      {oidc?.enabled && (
        <Button icon={<PersonKeyRegular />} onClick={() => void startOidc().catch(() => undefined)} data-testid="oidc-sign-in">
          {t('Sign in with {{name}}', { name: oidc.label })}
        </Button>
      )}
    </FormCard>
  );
}
