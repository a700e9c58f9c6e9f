import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
} from '@fluentui/react-components';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterLink } from '../../../components/ui/router-link';
import { paths } from '../../../config/paths';
import { decodeEntities } from '../../../lib/decode-entities';
import { usePageHistory } from '../api/get-page-history';

/** The page's previous versions (up to 20), each linking to its diff; 'no data' when none. */
export function PageHistoryDialog({ pageId, onClose }: { pageId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const { data, isLoading } = usePageHistory(pageId);
  // Navigating inside the SPA from the open modal dialog can leave the next screen marked aria-hidden
  // (the dialog's focus trap is torn down with the old screen): open the diff as a fresh document.
  // A modified click still opens a new tab.
  const compare = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    window.location.assign(event.currentTarget.href);
  };
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('History versions')}</DialogTitle>
          <DialogContent>
            {isLoading && <Spinner size="small" />}
            {data && data.length === 0 && <p data-testid="history-empty">{t('no data')}</p>}
            {data && data.length > 0 && (
              <Table size="small" aria-label={t('History versions')}>
                <TableHeader>
                  <TableRow>
                    <TableHeaderCell>{t('Time')}</TableHeaderCell>
                    <TableHeaderCell>{t('Author')}</TableHeaderCell>
                    <TableHeaderCell>{t('Note')}</TableHeaderCell>
                    <TableHeaderCell>{t('Compare')}</TableHeaderCell>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {data.map((version) => (
                    <TableRow key={version.page_history_id}>
                      <TableCell>{version.addtime}</TableCell>
                      <TableCell>{version.author_username}</TableCell>
                      <TableCell>{decodeEntities(version.page_comments)}</TableCell>
                      <TableCell>
                        <RouterLink to={paths.pageDiff.getHref(pageId, version.page_history_id)} onClick={compare}>
                          {t('Compare')}
                        </RouterLink>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              {t('Close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
