import { Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useLoadingVisible } from '../../lib/loading';

const useStyles = makeStyles({
  overlay: {
    position: 'fixed',
    inset: 0,
    zIndex: 1000,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    backgroundColor: tokens.colorBackgroundOverlay,
  },
});

/** Blocks the screen while a tracked request runs; `lib/loading` closes it after 20 s at most. */
export function LoadingOverlay() {
  const { t } = useTranslation();
  const styles = useStyles();
  if (!useLoadingVisible()) return null;
  return (
    <div className={styles.overlay} data-testid="loading-overlay">
      <Spinner label={t('Loading…')} />
    </div>
  );
}
