import { Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { BackToTop } from '../../../components/ui/back-to-top';
import { PageLayout } from '../../../components/ui/page-layout';
import { usePageByKey } from '../../../features/page/api/get-page-by-key';
import { PageArticle } from '../../../features/page/components/page-article';
import { decodeEntities } from '../../../lib/decode-entities';

const useStyles = makeStyles({
  sheet: { backgroundColor: tokens.colorNeutralBackground1, padding: tokens.spacingHorizontalXL, borderRadius: tokens.borderRadiusLarge },
  state: { padding: tokens.spacingVerticalXXL, textAlign: 'center', color: tokens.colorNeutralForeground2 },
});

/** `/p/{unique_key}`: a page shared alone; no visit password is asked. */
export default function SharedPageRoute() {
  const { t } = useTranslation();
  const styles = useStyles();
  const { uniqueKey = '' } = useParams();
  const { data: page, isLoading } = usePageByKey(uniqueKey);
  return (
    <PageLayout title={page ? decodeEntities(page.page_title) : undefined}>
      <div className={styles.sheet}>
        {isLoading && !page && <Spinner />}
        {!isLoading && !page && (
          <div className={styles.state} role="status" data-testid="page-missing">
            {t('This link does not exist or has been turned off.')}
          </div>
        )}
        {page && <PageArticle page={page} />}
      </div>
      <BackToTop />
    </PageLayout>
  );
}
