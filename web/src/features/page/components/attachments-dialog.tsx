import { Button, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Link, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { decodeEntities } from '../../../lib/decode-entities';
import { useAttachments } from '../api/get-attachments';
import { Dialog } from '../../../components/ui/dialog';

const useStyles = makeStyles({
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  time: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200, marginLeft: tokens.spacingHorizontalS },
  empty: { color: tokens.colorNeutralForeground3 },
});

/** The page's attachments (`page/uploadList`), each a download link. */
export function AttachmentsDialog({ pageId, open, onClose }: { pageId: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { data, isLoading } = useAttachments(open ? pageId : null);
  return (
    <Dialog open={open} onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('Attachments')}</DialogTitle>
          <DialogContent>
            {isLoading && <Spinner size="small" />}
            {data && data.length === 0 && <div className={styles.empty}>{t('no data')}</div>}
            {data && data.length > 0 && (
              <ul className={styles.list}>
                {data.map((file) => (
                  <li key={file.file_id}>
                    <Link href={file.url} target="_blank" rel="noreferrer">
                      {decodeEntities(file.display_name)}
                    </Link>
                    <span className={styles.time}>{file.addtime}</span>
                  </li>
                ))}
              </ul>
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
