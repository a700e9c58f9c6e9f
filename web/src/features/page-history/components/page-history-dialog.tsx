import {
  Button,
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
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterLink } from '../../../components/ui/router-link';
import { paths } from '../../../config/paths';
import { decodeEntities } from '../../../lib/decode-entities';
import { type PageHistoryRow, usePageHistory } from '../api/get-page-history';
import { Dialog } from '../../../components/ui/dialog';

const useStyles = makeStyles({
  surface: { maxWidth: 'min(760px, calc(100vw - 32px))' },
  // Columns as wide as their content: the editor's restore button must not be squeezed.
  table: { tableLayout: 'auto' },
  actions: { display: 'flex', whiteSpace: 'nowrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  contributors: { color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200 },
});

/** Who else changed a version in the live editor (the author, who saved it, is named already). */
function coEditors(version: PageHistoryRow): string[] {
  const author = decodeEntities(version.author_username);
  return (version.contributors ?? []).map((contributor) => decodeEntities(contributor.username)).filter((name) => name !== author);
}

/**
 * The page's previous versions (up to 20, newest first), each linking to its diff; 'no data' when
 * none (or for a page not saved yet). The editor passes `onRestore` to put a version back into it;
 * its diff links then open a new tab, so the unsaved text stays where it is.
 */
export function PageHistoryDialog(props: { pageId: number; onClose: () => void; onRestore?: (version: PageHistoryRow) => void }) {
  const { pageId, onClose, onRestore } = props;
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const { data, isLoading } = usePageHistory(pageId > 0 ? pageId : null);
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
      <DialogSurface className={styles.surface} data-testid="history-dialog">
        <DialogBody>
          <DialogTitle>{t('History versions')}</DialogTitle>
          <DialogContent>
            {isLoading && <Spinner size="small" />}
            {(pageId <= 0 || (data && data.length === 0)) && <p data-testid="history-empty">{t('no data')}</p>}
            {data && data.length > 0 && (
              <Table className={styles.table} size="small" aria-label={t('History versions')}>
                <TableHeader>
                  <TableRow>
                    <TableHeaderCell>{t('Time')}</TableHeaderCell>
                    <TableHeaderCell>{t('Author')}</TableHeaderCell>
                    <TableHeaderCell>{t('Title')}</TableHeaderCell>
                    <TableHeaderCell>{t('Note')}</TableHeaderCell>
                    <TableHeaderCell>{t('Compare')}</TableHeaderCell>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {data.map((version) => (
                    <TableRow key={version.page_history_id} data-testid="history-row">
                      <TableCell>{version.addtime}</TableCell>
                      <TableCell>
                        {decodeEntities(version.author_username)}
                        {coEditors(version).length > 0 && (
                          <div className={styles.contributors} data-testid="history-contributors">
                            {t('with {{names}}', { names: new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(coEditors(version)) })}
                          </div>
                        )}
                      </TableCell>
                      <TableCell>{decodeEntities(version.page_title)}</TableCell>
                      <TableCell>{decodeEntities(version.page_comments)}</TableCell>
                      <TableCell>
                        <div className={styles.actions}>
                          {onRestore && (
                            <Button size="small" onClick={() => onRestore(version)}>
                              {/* Registered with the editor's labels: only the editor restores. */}
                              {t('Restore this version')}
                            </Button>
                          )}
                          <RouterLink to={paths.pageDiff.getHref(pageId, version.page_history_id)} target={onRestore ? '_blank' : undefined} onClick={onRestore ? undefined : compare}>
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
