import { Card, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../components/ui/page-layout';
import { RouterLink } from '../../components/ui/router-link';
import { paths } from '../../config/paths';

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/** Routes of SPEC §2 whose screens come with the second part of the web app (editor, settings, teams, admin). */
export default function PendingScreenRoute() {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <PageLayout width="narrow" title={t('Coming soon')}>
      <Card className={styles.card} data-testid="pending-screen">
        <p>{t('This screen is not available in this version yet.')}</p>
        <RouterLink to={paths.itemIndex.getHref()}>{t('Back to my items')}</RouterLink>
      </Card>
    </PageLayout>
  );
}
