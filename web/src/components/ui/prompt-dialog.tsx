import { Button, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles, tokens } from '@fluentui/react-components';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type Prompt, closePrompt, useCurrentPrompt } from '../../lib/alert';
import { Dialog } from './dialog';

const useStyles = makeStyles({
  message: { whiteSpace: 'pre-wrap', wordBreak: 'break-word', color: tokens.colorNeutralForeground1 },
  html: { wordBreak: 'break-word', '& img': { maxWidth: '100%' } },
});

/** Renders the alert / confirm queue of `lib/alert` as one modal dialog (loaded by `PromptHost` when first needed). */
export function PromptDialog() {
  const { t } = useTranslation();
  const styles = useStyles();
  const current = useCurrentPrompt();
  // The dialog stays mounted and closes with its animation, showing the last prompt meanwhile:
  // unmounting an open Fluent dialog leaves the rest of the page aria-hidden.
  const last = useRef<Prompt | undefined>(undefined);
  if (current) last.current = current;
  const prompt = current ?? last.current;
  if (!prompt) return null;
  const isConfirm = prompt.kind === 'confirm';
  return (
    <Dialog open={Boolean(current)} modalType="alert" onOpenChange={(_, data) => !data.open && closePrompt(prompt.id, false)}>
      <DialogSurface aria-describedby={`prompt-${prompt.id}`}>
        <DialogBody>
          <DialogTitle>{prompt.title ?? (isConfirm ? t('Please confirm') : t('Notice'))}</DialogTitle>
          <DialogContent>
            {prompt.kind === 'alert' && prompt.html ? (
              // Callers pass HTML through sanitizeHtml (notice contents only).
              <div id={`prompt-${prompt.id}`} className={styles.html} dangerouslySetInnerHTML={{ __html: prompt.message }} />
            ) : (
              <div id={`prompt-${prompt.id}`} className={styles.message} data-testid="prompt-message">
                {prompt.message}
              </div>
            )}
          </DialogContent>
          <DialogActions>
            {isConfirm && (
              <Button appearance="secondary" onClick={() => closePrompt(prompt.id, false)}>
                {t('Cancel')}
              </Button>
            )}
            <Button appearance="primary" onClick={() => closePrompt(prompt.id, true)}>
              {t('OK')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
