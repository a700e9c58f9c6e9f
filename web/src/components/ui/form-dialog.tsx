import { Button, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles, tokens } from '@fluentui/react-components';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from './dialog';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/** A modal form: the settings dialogs, the share dialog's siblings. */
export function FormDialog(props: { open: boolean; title: string; onClose: () => void; onSubmit: () => void; submitLabel?: string; children: ReactNode }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit();
  };
  return (
    <Dialog open={props.open} onOpenChange={(_, data) => !data.open && props.onClose()}>
      <DialogSurface>
        <form onSubmit={submit} noValidate>
          <DialogBody>
            <DialogTitle>{props.title}</DialogTitle>
            <DialogContent className={styles.content}>{props.children}</DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={props.onClose}>
                {t('Cancel')}
              </Button>
              <Button appearance="primary" type="submit">
                {props.submitLabel ?? t('Save')}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
