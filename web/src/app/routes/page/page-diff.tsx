import { Button, Spinner, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { HeaderAction } from '../../../components/ui/header-action';
import { PageLayout } from '../../../components/ui/page-layout';
import { paths } from '../../../config/paths';
import { usePageDiff } from '../../../features/page-history/api/get-page-diff';
import { PageDiffView } from '../../../features/page-history/components/page-diff-view';
import { labels } from '../../../features/page-history/labels';
import { formatUnixTime } from '../../../features/page-history/lib/format-time';
import { ApiError } from '../../../lib/api-client';
import { decodeEntities } from '../../../lib/decode-entities';
import { addLabels } from '../../../lib/i18n';
import { useIsMobile } from '../../../lib/use-is-mobile';

addLabels(labels);

const useStyles = makeStyles({
  sheet: {
    margin: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorNeutralBackground1,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusLarge,
  },
  sheetMobile: { margin: tokens.spacingHorizontalXS, padding: tokens.spacingHorizontalS },
  state: { padding: tokens.spacingVerticalXXL, textAlign: 'center', color: tokens.colorNeutralForeground2 },
});

/** SPEC §2 `/page/diff/{page_id}/{page_history_id}`: the current content against the chosen history version. */
export default function PageDiffRoute() {
  const { t } = useTranslation();
  const styles = useStyles();
  const mobile = useIsMobile();
  const params = useParams();
  const pageId = Number(params.pageId) || 0;
  const historyId = Number(params.pageHistoryId) || 0;
  const { data, error, isLoading, mutate } = usePageDiff(pageId || null, historyId || null);
  const page = data?.page;
  const version = data?.history_page;

  let content;
  if (isLoading && !data) content = <Spinner label={t('Loading…')} />;
  else if (!page || !version) {
    const network = error instanceof ApiError && error.network;
    content = (
      <div className={styles.state} role="status" data-testid="diff-missing">
        <p>{network ? t('The page could not be loaded. Check your connection.') : error instanceof ApiError ? error.message : t('This version could not be found.')}</p>
        {network && <Button onClick={() => void mutate()}>{t('Retry')}</Button>}
      </div>
    );
  } else {
    content = (
      <PageDiffView
        oldText={decodeEntities(version.page_content)}
        newText={decodeEntities(page.page_content)}
        oldLabel={t('History version of {{time}} by {{author}}', { time: formatUnixTime(version.addtime), author: decodeEntities(version.author_username) })}
        newLabel={t('Current content, saved {{time}} by {{author}}', { time: formatUnixTime(page.addtime), author: decodeEntities(page.author_username) })}
      />
    );
  }

  return (
    <PageLayout
      width="full"
      title={page ? `${t('Compare versions')} · ${decodeEntities(page.page_title)}` : t('Compare versions')}
      actions={
        // Back to the page inside its item (menu and all), where History was opened, once its item is known (a click
        // while the comparison loads would otherwise land on the lone page); the lone page when it cannot be loaded.
        pageId && !(isLoading && !data) ? (
          <HeaderAction icon={<ArrowLeftRegular />} label={t('Back to the page')} to={page ? paths.itemView.getHref(page.item_id, pageId) : paths.page.getHref(pageId)} />
        ) : null
      }
    >
      <div className={mergeClasses(styles.sheet, mobile && styles.sheetMobile)}>{content}</div>
    </PageLayout>
  );
}
