import { Button, Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormCard } from '../../../components/ui/form-card';
import { ApiError } from '../../../lib/api-client';
import { loginTwoFactor } from '../api/two-factor';
import { RecoveryCodes } from './recovery-codes';
import { TwoFactorEnrolment } from './two-factor-enrolment';

const useStyles = makeStyles({
  error: { color: tokens.colorPaletteRedForeground1 },
});

/**
 * The login's second step (issue 21): the code from the app (or a recovery code) for the challenge the password
 * step answered with; or, where the site requires a second factor the user lacks, setting it up first.
 */
export function SecondFactorStep(props: { kind: 'code' | 'enrol'; challenge: string; onLoggedIn: () => void; onRestart: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState('');
  const [codes, setCodes] = useState<string[]>([]);

  const submit = async () => {
    setFailure('');
    try {
      await loginTwoFactor(props.challenge, code.trim());
      props.onLoggedIn();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setFailure(error.message);
      setCode('');
    }
  };

  const restart = (
    <Button appearance="subtle" onClick={props.onRestart}>
      {t('Back to the password')}
    </Button>
  );

  if (props.kind === 'enrol') {
    return (
      <FormCard title={t('Set up two-factor sign-in')} onSubmit={() => undefined} footer={codes.length === 0 && restart}>
        {codes.length === 0 ? (
          <>
            <span>{t('This site requires two-factor sign-in: set up an authenticator app to continue.')}</span>
            <TwoFactorEnrolment challenge={props.challenge} onEnabled={setCodes} />
          </>
        ) : (
          <>
            <RecoveryCodes codes={codes} />
            <Button appearance="primary" onClick={props.onLoggedIn} data-testid="two-factor-continue">
              {t('Continue')}
            </Button>
          </>
        )}
      </FormCard>
    );
  }
  return (
    <FormCard title={t('Two-factor sign-in')} onSubmit={() => void submit()} footer={restart}>
      <span>{t('Enter the code from your authenticator app, or one of your recovery codes.')}</span>
      <Field label={t('Code from the app or a recovery code')} required>
        <Input name="code" value={code} autoComplete="one-time-code" autoFocus onChange={(_, data) => setCode(data.value)} data-testid="login-code" />
      </Field>
      {failure && (
        <span className={styles.error} role="alert">
          {failure}
        </span>
      )}
      <Button appearance="primary" type="submit" data-testid="login-code-submit">
        {t('Verify')}
      </Button>
    </FormCard>
  );
}
