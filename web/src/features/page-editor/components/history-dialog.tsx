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
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { RouterLink } from '../../../components/ui/router-link';
import { paths } from '../../../config/paths';
import { decodeEntities } from '../../../lib/decode-entities';
import { type PageHistoryRow, usePageHistory } from '../../page-history/api/get-page-history';

const useStyles = makeStyles({
  surface: { maxWidth: 'min(760px, calc(100vw - 32px))' },
  actions: { display: 'flex', whiteSpace: 'nowrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
});

/** The page's previous versions (`page/history`, newest first); one can be restored into the editor. */
export function HistoryDialog({ pageId, onRestore, onClose }: { pageId: number; onRestore: (version: PageHistoryRow) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { data, isLoading } = usePageHistory(pageId > 0 ? pageId : null);
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface className={styles.surface} data-testid="editor-history-dialog">
        <DialogBody>
          <DialogTitle>{t('History versions')}</DialogTitle>
          <DialogContent>
            {isLoading && <Spinner size="small" />}
            {(pageId <= 0 || (data && data.length === 0)) && <p data-testid="history-empty">{t('no data')}</p>}
            {data && data.length > 0 && (
              <Table size="small" aria-label={t('History versions')}>
                <TableHeader>
                  <TableRow>
                    <TableHeaderCell>{t('Time')}</TableHeaderCell>
                    <TableHeaderCell>{t('Author')}</TableHeaderCell>
                    <TableHeaderCell>{t('Title')}</TableHeaderCell>
                    <TableHeaderCell />
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {data.map((version) => (
                    <TableRow key={version.page_history_id} data-testid="history-row">
                      <TableCell>{version.addtime}</TableCell>
                      <TableCell>{decodeEntities(version.author_username)}</TableCell>
                      <TableCell>{decodeEntities(version.page_title)}</TableCell>
                      <TableCell>
                        <div className={styles.actions}>
                          <Button size="small" onClick={() => onRestore(version)}>
                            {t('Restore this version')}
                          </Button>
                          <RouterLink to={paths.pageDiff.getHref(pageId, version.page_history_id)} target="_blank">
                            {t('Compare')}
                          </RouterLink>
                        </div>
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
