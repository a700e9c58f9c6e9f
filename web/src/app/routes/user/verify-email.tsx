import { Card, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PageLayout } from '../../../components/ui/page-layout';
import { RouterLink } from '../../../components/ui/router-link';
import { paths } from '../../../config/paths';
import { verifyEmail } from '../../../features/auth/api/verify-email';

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, marginTop: tokens.spacingVerticalXXL },
});

/** `/user/verifyEmail?uid=&token=`: opened from the verification mail. */
export default function VerifyEmailRoute() {
  const { t } = useTranslation();
  const styles = useStyles();
  const [search] = useSearchParams();
  const [state, setState] = useState<'pending' | 'verified' | 'failed'>('pending');
  // The link's token works once: never post it twice (StrictMode runs effects twice in development).
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    verifyEmail({ uid: search.get('uid') ?? '', token: search.get('token') ?? '' })
      .then(() => setState('verified'))
      .catch(() => setState('failed'));
  }, [search]);
  return (
    <PageLayout width="narrow" title={t('Verify email')}>
      <Card className={styles.card} data-testid="verify-email">
        {state === 'pending' && <Spinner />}
        {state === 'verified' && <p>{t('Your email address is verified.')}</p>}
        {state === 'failed' && <p>{t('This verification link is invalid or has expired.')}</p>}
        <RouterLink to={paths.settings.getHref()}>{t('Personal settings')}</RouterLink>
      </Card>
    </PageLayout>
  );
}
