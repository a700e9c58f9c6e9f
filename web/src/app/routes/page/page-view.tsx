import { Button, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular } from '@fluentui/react-icons';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { BackToTop } from '../../../components/ui/back-to-top';
import { HeaderAction } from '../../../components/ui/header-action';
import { PageLayout } from '../../../components/ui/page-layout';
import { paths } from '../../../config/paths';
import { usePage } from '../../../features/page/api/get-page';
import { PageArticle } from '../../../features/page/components/page-article';
import { ApiError } from '../../../lib/api-client';
import { decodeEntities } from '../../../lib/decode-entities';

const useStyles = makeStyles({
  sheet: { backgroundColor: tokens.colorNeutralBackground1, padding: tokens.spacingHorizontalXL, borderRadius: tokens.borderRadiusLarge },
  state: { padding: tokens.spacingVerticalXXL, textAlign: 'center', color: tokens.colorNeutralForeground2 },
});

/** `/page/{page_id}`: one page by id (a private item's page asks for the visit password first). */
export default function PageViewRoute() {
  const { t } = useTranslation();
  const styles = useStyles();
  const { pageId = '' } = useParams();
  const id = Number(pageId) || 0;
  const { data: page, error, isLoading, mutate } = usePage(id || null);
  const body = useRef<HTMLDivElement>(null);

  let content;
  if (isLoading && !page) content = <Spinner />;
  else if (!page) {
    const network = error instanceof ApiError && error.network;
    content = (
      <div className={styles.state} role="status" data-testid="page-missing">
        <p>{network ? t('The page could not be loaded. Check your connection.') : t('This page does not exist or has been deleted.')}</p>
        {network && <Button onClick={() => void mutate()}>{t('Retry')}</Button>}
      </div>
    );
  } else content = <PageArticle ref={body} page={page} />;

  return (
    <PageLayout
      title={page ? decodeEntities(page.page_title) : undefined}
      actions={page ? <HeaderAction icon={<ArrowLeftRegular />} label={t('Open the item')} to={paths.itemView.getHref(page.item_id, page.page_id)} /> : null}
    >
      <div className={styles.sheet}>{content}</div>
      <BackToTop />
    </PageLayout>
  );
}
