import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  legend: { display: 'flex', flexWrap: 'wrap', gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalL}`, margin: 0, padding: 0, listStyle: 'none' },
  entry: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  swatch: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    minWidth: '1.6em',
    height: '1.4em',
    borderRadius: tokens.borderRadiusSmall,
    fontFamily: tokens.fontFamilyMonospace,
    fontWeight: tokens.fontWeightBold,
  },
  changed: { backgroundColor: tokens.colorPaletteYellowBackground2, color: tokens.colorNeutralForeground1 },
  removed: { backgroundColor: tokens.colorPaletteRedBackground2, color: tokens.colorPaletteRedForeground2 },
  added: { backgroundColor: tokens.colorPaletteGreenBackground2, color: tokens.colorPaletteGreenForeground2 },
});

/** What the colours and signs of the diff mean. */
export function PageDiffLegend() {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <ul className={styles.legend} aria-label={t('Legend')} data-testid="diff-legend">
      <li className={styles.entry}>
        <span className={mergeClasses(styles.swatch, styles.changed)} aria-hidden>
          ~
        </span>
        {t('Changed: the line differs between the two versions')}
      </li>
      <li className={styles.entry}>
        <span className={mergeClasses(styles.swatch, styles.removed)} aria-hidden>
          −
        </span>
        {t('Removed: only in the history version')}
      </li>
      <li className={styles.entry}>
        <span className={mergeClasses(styles.swatch, styles.added)} aria-hidden>
          +
        </span>
        {t('Added: only in the current content')}
      </li>
    </ul>
  );
}
