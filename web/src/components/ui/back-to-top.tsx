import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowUpRegular } from '@fluentui/react-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tooltip } from './tooltip';

const useStyles = makeStyles({
  button: { position: 'fixed', right: tokens.spacingHorizontalXL, bottom: tokens.spacingVerticalXXL, zIndex: 20, boxShadow: tokens.shadow8 },
});

/** Appears once the reader has scrolled down a screen. */
export function BackToTop() {
  const { t } = useTranslation();
  const styles = useStyles();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > 400);
    window.addEventListener('scroll', onScroll, { passive: true });
    // Read at the next frame, not now: reading the scroll position lays the page out before its first frame is drawn.
    const frame = requestAnimationFrame(onScroll);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, []);
  if (!visible) return null;
  return (
    <Tooltip content={t('Back to top')} relationship="label">
      <Button className={styles.button} shape="circular" size="large" icon={<ArrowUpRegular />} onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })} />
    </Tooltip>
  );
}
