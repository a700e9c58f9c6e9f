import { Button, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  root: { position: 'relative', overflow: 'hidden', borderRadius: tokens.borderRadiusXLarge },
  slide: { display: 'none' },
  active: { display: 'block' },
  nav: { position: 'absolute', top: '50%', transform: 'translateY(-50%)', zIndex: 1 },
  prev: { left: tokens.spacingHorizontalS },
  next: { right: tokens.spacingHorizontalS },
  dots: { display: 'flex', justifyContent: 'center', gap: tokens.spacingHorizontalS, padding: tokens.spacingVerticalS },
  dot: {
    width: '10px',
    height: '10px',
    minWidth: 0,
    padding: 0,
    borderRadius: '50%',
    border: 'none',
    cursor: 'pointer',
    backgroundColor: tokens.colorNeutralStroke1,
  },
  dotActive: { backgroundColor: tokens.colorBrandBackground },
});

/** Slides that advance every `intervalMs`, with arrows and dots. */
export function Carousel({ slides, intervalMs = 5000 }: { slides: ReactNode[]; intervalMs?: number }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setIndex((i) => (i + 1) % slides.length), intervalMs);
    return () => clearInterval(timer);
  }, [slides.length, intervalMs, index]);
  const go = (delta: number) => setIndex((i) => (i + delta + slides.length) % slides.length);
  return (
    <section aria-roledescription="carousel" data-testid="carousel">
      <div className={styles.root}>
        <Button className={mergeClasses(styles.nav, styles.prev)} shape="circular" icon={<ChevronLeftRegular />} aria-label={t('Previous slide')} onClick={() => go(-1)} />
        {slides.map((slide, i) => (
          <div key={i} className={mergeClasses(styles.slide, i === index && styles.active)} aria-hidden={i !== index}>
            {slide}
          </div>
        ))}
        <Button className={mergeClasses(styles.nav, styles.next)} shape="circular" icon={<ChevronRightRegular />} aria-label={t('Next slide')} onClick={() => go(1)} />
      </div>
      <div className={styles.dots}>
        {slides.map((_, i) => (
          <button key={i} type="button" className={mergeClasses(styles.dot, i === index && styles.dotActive)} aria-label={t('Slide {{n}}', { n: i + 1 })} onClick={() => setIndex(i)} />
        ))}
      </div>
    </section>
  );
}
