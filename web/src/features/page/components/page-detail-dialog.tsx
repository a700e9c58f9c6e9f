import { Button, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { decodeEntities } from '../../../lib/decode-entities';
import type { PageInfo } from '../api/get-page';
import { Dialog } from '../../../components/ui/dialog';

const useStyles = makeStyles({
  list: { display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`, margin: 0 },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, wordBreak: 'break-word' },
});

/** The page's facts: id, title, last editor and time, attachments. */
export function PageDetailDialog({ page, open, onClose }: { page: PageInfo; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const rows: [string, string][] = [
    [t('Page ID'), String(page.page_id)],
    [t('Title'), decodeEntities(page.page_title)],
    [t('Last edited by'), page.author_username],
    [t('Last edited at'), String(page.addtime)],
    [t('Sort number'), String(page.s_number)],
    [t('Attachments'), String(page.attachment_count)],
  ];
  return (
    <Dialog open={open} onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('Page details')}</DialogTitle>
          <DialogContent>
            <dl className={styles.list} data-testid="page-detail">
              {rows.map(([term, value]) => (
                <div key={term} style={{ display: 'contents' }}>
                  <dt className={styles.term}>{term}</dt>
                  <dd className={styles.value}>{value}</dd>
                </div>
              ))}
            </dl>
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
