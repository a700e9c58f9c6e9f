import { Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { HeaderAction } from '../../../components/ui/header-action';
import { PageLayout } from '../../../components/ui/page-layout';
import { paths } from '../../../config/paths';
import { useItemInfo } from '../../../features/item/api/get-item-info';
import { type EditRefusal, EditNotAllowed } from '../../../features/page-editor/components/edit-not-allowed';
import { PageEditor } from '../../../features/page-editor/components/page-editor';
import { labels } from '../../../features/page-editor/labels';
import { addLabels } from '../../../lib/i18n';

addLabels(labels);

const useStyles = makeStyles({
  state: { padding: tokens.spacingVerticalXXL, textAlign: 'center', color: tokens.colorNeutralForeground2 },
});

/**
 * `/page/edit/{item_id}/{page_id}` (SPEC §2): page_id 0 is a new page; `copy_page_id` starts from a copy.
 * The item's info says first whether this visitor may edit: visitors, archived items and read-only members
 * (for a new page) learn why here, not on their first save. A read-only member opening an existing page watches
 * it being edited live (issue 18): the editor opens read-only.
 */
export default function PageEditRoute() {
  const { t } = useTranslation();
  const styles = useStyles();
  const { itemId = '', pageId = '' } = useParams();
  const [search] = useSearchParams();
  const item = Number(itemId) || 0;
  const page = Number(pageId) || 0;
  const { data: info, isLoading } = useItemInfo({ itemKey: String(item) });

  const backHref = paths.itemView.getHref(item, page || undefined);
  const back = <HeaderAction icon={<ArrowLeftRegular />} label={t('Back')} to={backHref} />;
  if (!info) {
    return (
      <PageLayout width="narrow" actions={back}>
        {isLoading ? (
          <Spinner className={styles.state} label={t('Loading…')} />
        ) : (
          <p className={styles.state} role="status" data-testid="item-missing">
            {t('This item does not exist or has been deleted.')}
          </p>
        )}
      </PageLayout>
    );
  }
  const refusal: EditRefusal | null = Number(info.is_archived) === 1 ? 'archived' : info.ItemPermn ? null : info.is_login ? 'read-only' : 'login';
  if (refusal === 'read-only' && page > 0) return <PageEditor key={item} itemId={item} pageId={page} copyPageId={0} watchOnly />;
  if (refusal) {
    return (
      <PageLayout width="narrow" title={t('Edit page')} actions={back}>
        <EditNotAllowed reason={refusal} backHref={backHref} />
      </PageLayout>
    );
  }
  return <PageEditor key={item} itemId={item} pageId={page} copyPageId={Number(search.get('copy_page_id')) || 0} />;
}
