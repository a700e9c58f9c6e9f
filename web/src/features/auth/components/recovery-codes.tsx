import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { CopyRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  codes: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))',
    gap: tokens.spacingVerticalXS,
    fontFamily: tokens.fontFamilyMonospace,
    margin: 0,
    padding: 0,
    listStyleType: 'none',
  },
});

/** The recovery codes, shown once after enrolment or renewal. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <div className={styles.root} data-testid="recovery-codes">
      <span>{t('Keep these recovery codes somewhere safe: each signs you in once if you lose your phone. They will not be shown again.')}</span>
      <ul className={styles.codes}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Button icon={<CopyRegular />} onClick={() => void navigator.clipboard?.writeText(codes.join('\n')).catch(() => undefined)}>
        {t('Copy codes')}
      </Button>
    </div>
  );
}
