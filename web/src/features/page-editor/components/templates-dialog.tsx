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
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../lib/alert';
import { decodeEntities } from '../../../lib/decode-entities';
import { deleteTemplate } from '../api/delete-template';
import { useTemplates } from '../api/get-templates';
import { Dialog } from '../../../components/ui/dialog';

const useStyles = makeStyles({
  surface: { maxWidth: 'min(760px, calc(100vw - 32px))' },
  actions: { display: 'flex', whiteSpace: 'nowrap', gap: tokens.spacingHorizontalS },
  empty: { color: tokens.colorNeutralForeground3 },
});

/** My templates (`template/getList`): insert one at the cursor, or delete it. */
export function TemplatesDialog({ onInsert, onClose }: { onInsert: (content: string) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { data, isLoading } = useTemplates(true);
  const close = useRef<HTMLButtonElement>(null);
  const remove = async (id: number) => {
    const ok = await confirmAction(t('Confirm to delete this template?'));
    // Focus goes back into this dialog, which makes it the active modal again.
    close.current?.focus();
    if (ok) await deleteTemplate(id).catch(() => undefined);
  };
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface className={styles.surface} data-testid="templates-dialog">
        <DialogBody>
          <DialogTitle>{t('More templates')}</DialogTitle>
          <DialogContent>
            {isLoading && <Spinner size="small" />}
            {data && data.length === 0 && (
              <p className={styles.empty} data-testid="templates-empty">
                {t('You have no templates yet. Use "Save as template" next to the Save button to keep this page as one.')}
              </p>
            )}
            {data && data.length > 0 && (
              <Table size="small" aria-label={t('More templates')}>
                <TableHeader>
                  <TableRow>
                    <TableHeaderCell>{t('Title')}</TableHeaderCell>
                    <TableHeaderCell>{t('Time')}</TableHeaderCell>
                    <TableHeaderCell />
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {data.map((template) => (
                    <TableRow key={template.id} data-testid="template-row">
                      <TableCell>{decodeEntities(template.template_title)}</TableCell>
                      <TableCell>{template.addtime}</TableCell>
                      <TableCell>
                        <div className={styles.actions}>
                          <Button size="small" appearance="primary" onClick={() => onInsert(template.template_content)}>
                            {t('Insert')}
                          </Button>
                          <Button size="small" onClick={() => void remove(template.id)}>
                            {t('Delete')}
                          </Button>
                        </div>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </DialogContent>
          <DialogActions>
            <Button ref={close} onClick={onClose}>
              {t('Close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
