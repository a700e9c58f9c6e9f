import { Card, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { mutate } from 'swr';
import { PageLayout } from '../../../components/ui/page-layout';
import { RouterLink } from '../../../components/ui/router-link';
import { paths } from '../../../config/paths';
import { finishOidc } from '../../../features/auth/api/oidc';
import { SecondFactorStep } from '../../../features/auth/components/second-factor-step';
import { labels } from '../../../features/auth/labels';
import { ApiError, ErrorCode } from '../../../lib/api-client';
import { addLabels } from '../../../lib/i18n';

addLabels(labels);

const useStyles = makeStyles({
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalXL },
  error: { color: tokens.colorPaletteRedForeground1, margin: 0 },
});

/** Issue 21: the OpenID provider sends the browser here; the server checks the answer once and signs the user in. */
export default function OidcCallbackRoute() {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const [failure, setFailure] = useState('');
  const [step, setStep] = useState<{ kind: 'code' | 'enrol'; challenge: string }>();
  const sent = useRef(false);

  const done = async () => {
    await mutate((key) => Array.isArray(key) && key[0] === 'user/info', undefined);
    void navigate(paths.itemIndex.getHref(), { replace: true });
  };

  useEffect(() => {
    // The answer is good once: a second render must not send it again.
    if (sent.current) return;
    sent.current = true;
    finishOidc(window.location.href)
      .then(done)
      .catch((error: unknown) => {
        if (!(error instanceof ApiError)) throw error;
        const challenge = (error.data as { challenge?: string } | undefined)?.challenge ?? '';
        if (error.code === ErrorCode.TwoFactorRequired) setStep({ kind: 'code', challenge });
        else if (error.code === ErrorCode.TwoFactorEnrolRequired) setStep({ kind: 'enrol', challenge });
        else setFailure(error.message);
      });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on arrival
  }, []);

  return (
    <PageLayout width="narrow" title={t('Log in')}>
      {step ? (
        <SecondFactorStep kind={step.kind} challenge={step.challenge} onLoggedIn={() => void done()} onRestart={() => void navigate(paths.login.getHref())} />
      ) : failure ? (
        <Card className={styles.card} data-testid="oidc-failure">
          <p className={styles.error} role="alert">
            {failure}
          </p>
          <RouterLink to={paths.login.getHref()}>{t('Back to the password')}</RouterLink>
        </Card>
      ) : (
        <Spinner label={t('Signing in…')} />
      )}
    </PageLayout>
  );
}
