import { Button, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Link, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowUploadRegular } from '@fluentui/react-icons';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction, showAlert } from '../../../lib/alert';
import { ApiError } from '../../../lib/api-client';
import { decodeEntities } from '../../../lib/decode-entities';
import { deleteAttachment } from '../../page/api/delete-attachment';
import { type AttachmentListEntry, useAttachments } from '../../page/api/get-attachments';
import { uploadAttachment } from '../../page/api/upload-attachment';
import { MAX_UPLOAD_BYTES } from '../lib/limits';
import { Dialog } from '../../../components/ui/dialog';

const useStyles = makeStyles({
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  name: { flexGrow: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  time: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  hint: { color: tokens.colorNeutralForeground3, margin: `0 0 ${tokens.spacingVerticalM}` },
  hidden: { display: 'none' },
});

/** The page's attachments in the editor: upload (under 4 MB), list, delete, insert a link. */
export function EditorAttachmentsDialog(props: { itemId: number; pageId: number; onInsert: (markdown: string) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const input = useRef<HTMLInputElement>(null);
  /** Focus goes back into this dialog after an alert, which makes it the active modal again. */
  const close = useRef<HTMLButtonElement>(null);
  const refocus = () => close.current?.focus();
  const [uploading, setUploading] = useState(false);
  const saved = props.pageId > 0;
  const { data, isLoading } = useAttachments(saved ? props.pageId : null);

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size >= MAX_UPLOAD_BYTES) {
      await showAlert(t('"{{name}}" is too large: attachments must be under 4 MB.', { name: file.name }));
      refocus();
      return;
    }
    setUploading(true);
    try {
      await uploadAttachment(file, { itemId: props.itemId, pageId: props.pageId });
    } catch (error) {
      await showAlert(t('Upload failed: {{reason}}', { reason: error instanceof ApiError ? error.message : String(error) }));
      refocus();
    } finally {
      setUploading(false);
    }
  };

  const remove = async (file: AttachmentListEntry) => {
    const ok = await confirmAction(t('Confirm to delete the attachment "{{name}}"?', { name: decodeEntities(file.display_name) }));
    refocus();
    if (ok) await deleteAttachment(file.file_id, props.pageId).catch(() => undefined);
  };

  return (
    <Dialog open onOpenChange={(_, d) => !d.open && props.onClose()}>
      <DialogSurface data-testid="editor-attachments-dialog">
        <DialogBody>
          <DialogTitle>{t('Attachments')}</DialogTitle>
          <DialogContent>
            {!saved && <p className={styles.hint}>{t('Save the page once before adding attachments to it.')}</p>}
            {saved && (
              <p className={styles.hint}>
                <input ref={input} className={styles.hidden} type="file" data-testid="attachment-input" onChange={(event) => void upload(event)} />
                <Button icon={uploading ? <Spinner size="tiny" /> : <ArrowUploadRegular />} disabled={uploading} onClick={() => input.current?.click()}>
                  {t('Upload a file (under 4 MB)')}
                </Button>
              </p>
            )}
            {isLoading && <Spinner size="small" />}
            {saved && data && data.length === 0 && <div className={styles.time}>{t('no data')}</div>}
            {data && data.length > 0 && (
              <ul className={styles.list}>
                {data.map((file) => (
                  <li key={file.file_id} className={styles.row} data-testid="attachment-row">
                    <Link className={styles.name} href={file.url} target="_blank" rel="noreferrer">
                      {decodeEntities(file.display_name)}
                    </Link>
                    <span className={styles.time}>{file.addtime}</span>
                    <Button size="small" appearance="primary" onClick={() => props.onInsert(`[${decodeEntities(file.display_name)}](${file.url})`)}>
                      {t('Insert link')}
                    </Button>
                    <Button size="small" onClick={() => void remove(file)}>
                      {t('Delete')}
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </DialogContent>
          <DialogActions>
            <Button ref={close} onClick={props.onClose}>
              {t('Close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
