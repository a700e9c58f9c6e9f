import { Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
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

/** Shown this long after a request starts: quick answers do not flash the overlay. */
const SHOW_AFTER_MS = 300;

/** Blocks the screen while a tracked request runs; `lib/loading` closes it after 20 s at most. */
export function LoadingOverlay() {
  const { t } = useTranslation();
  const styles = useStyles();
  const loading = useLoadingVisible();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!loading) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [loading]);
  if (!loading || !shown) return null;
  return (
    <div className={styles.overlay} data-testid="loading-overlay">
      <Spinner label={t('Loading…')} />
    </div>
  );
}
