import { Button, Spinner, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { Suspense, lazy, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { confirmAction } from '../../../lib/alert';
import { showSuccess } from '../../../lib/toast';
import { ApiError } from '../../../lib/api-client';
import { deletePage } from '../api/delete-page';
import { usePage } from '../api/get-page';
import { usePageShortcuts } from '../hooks/use-page-shortcuts';
import { openTryIt } from '../lib/try-it';
import { PageArticle } from './page-article';
import { PageToc } from './page-toc';
import { PageToolbar } from './page-toolbar';

// The comments (below the page, with their form) load once the page is drawn, the dialogs when first opened:
// the reader's first screen needs none of them.
const PageComments = lazy(() => import('./page-comments').then((m) => ({ default: m.PageComments })));
const ShareDialog = lazy(() => import('./share-dialog').then((m) => ({ default: m.ShareDialog })));
const PageDetailDialog = lazy(() => import('./page-detail-dialog').then((m) => ({ default: m.PageDetailDialog })));
const AttachmentsDialog = lazy(() => import('./attachments-dialog').then((m) => ({ default: m.AttachmentsDialog })));

const useStyles = makeStyles({
  layout: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) 200px', gap: tokens.spacingHorizontalXXL, alignItems: 'start' },
  single: { gridTemplateColumns: 'minmax(0, 1fr)' },
  main: { minWidth: 0 },
  toc: { position: 'sticky', top: '72px', maxHeight: 'calc(100vh - 96px)', overflowY: 'auto' },
  state: { padding: tokens.spacingVerticalXXL, textAlign: 'center', color: tokens.colorNeutralForeground2 },
});

export interface PageReaderProps {
  pageId: number;
  /** The item's id (for edit links) and how the URL names it (id or personalized domain). */
  itemId: number;
  itemKey: string;
  canEdit: boolean;
  mobile: boolean;
  /** Absent for a visitor who is not logged in (no History button). */
  onHistory?: (pageId: number) => void;
  onDeleted: () => void;
}

/** A page inside the item reader: the page bar, the article, its table of contents and dialogs. */
export function PageReader({ pageId, itemId, itemKey, canEdit, mobile, onHistory, onDeleted }: PageReaderProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const body = useRef<HTMLDivElement>(null);
  const { data: page, error, isLoading, mutate } = usePage(pageId);
  const [dialog, setDialog] = useState<'share' | 'detail' | 'attachments' | null>(null);

  const edit = () => void navigate(paths.pageEdit.getHref(itemId, pageId));
  const remove = async () => {
    if (!(await confirmAction(t('Delete this page?')))) return;
    try {
      await deletePage(pageId);
      showSuccess(t('Deleted successfully'));
      onDeleted();
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure;
    }
  };
  usePageShortcuts(canEdit && Boolean(page), { onEdit: edit, onDelete: () => void remove() });

  if (isLoading && !page) return <Spinner className={styles.state} label={t('Loading…')} />;
  if (error || !page) {
    const network = error instanceof ApiError && error.network;
    return (
      <div className={styles.state} role="status" data-testid="page-missing">
        <p>{network ? t('The page could not be loaded. Check your connection.') : t('This page does not exist or has been deleted.')}</p>
        {network && <Button onClick={() => void mutate()}>{t('Retry')}</Button>}
      </div>
    );
  }

  return (
    <>
      <PageToolbar
        canEdit={canEdit}
        compact={mobile}
        attachmentCount={Number(page.attachment_count) || 0}
        onEdit={edit}
        onShare={() => setDialog('share')}
        onCopy={() => navigate(paths.pageEdit.getHref(itemId, 0, { copyPageId: pageId }))}
        onDetail={() => setDialog('detail')}
        onHistory={onHistory && (() => onHistory(pageId))}
        onDelete={() => void remove()}
        onAttachments={() => setDialog('attachments')}
        onTryIt={page.api_operation?.try_it && (() => openTryIt(page.api_operation!))}
      />
      <div className={mergeClasses(styles.layout, mobile && styles.single)}>
        <div className={styles.main}>
          <PageArticle ref={body} page={page} />
          <Suspense fallback={null}>
            <PageComments pageId={pageId} />
          </Suspense>
        </div>
        {!mobile && (
          <aside className={styles.toc}>
            <PageToc target={body} />
          </aside>
        )}
      </div>
      <Suspense fallback={null}>
        {dialog === 'share' && (
          <ShareDialog
            open
            onClose={() => setDialog(null)}
            itemPageHref={paths.itemView.getHref(itemKey, pageId)}
            pageId={pageId}
            uniqueKey={page.unique_key}
            canEdit={canEdit}
            itemId={page.item_id}
            catId={page.cat_id}
          />
        )}
        {dialog === 'detail' && <PageDetailDialog page={page} open onClose={() => setDialog(null)} />}
        {dialog === 'attachments' && <AttachmentsDialog pageId={pageId} open onClose={() => setDialog(null)} />}
      </Suspense>
    </>
  );
}
