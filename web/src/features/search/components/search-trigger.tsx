import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { SearchRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { SHORTCUT_ARIA, SHORTCUT_LABEL } from '../lib/shortcut';
import { Tooltip } from '../../../components/ui/tooltip';

const useStyles = makeStyles({
  box: {
    width: '260px',
    minWidth: '140px',
    flexShrink: 1,
    justifyContent: 'flex-start',
    gap: tokens.spacingHorizontalS,
    color: tokens.colorNeutralForeground3,
    fontWeight: tokens.fontWeightRegular,
  },
  text: { flexGrow: 1, textAlign: 'left', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  key: {
    fontFamily: tokens.fontFamilyBase,
    fontSize: tokens.fontSizeBase100,
    padding: `0 ${tokens.spacingHorizontalXS}`,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusSmall,
    color: tokens.colorNeutralForeground3,
    whiteSpace: 'nowrap',
  },
});

/** The header's search box: it opens the search dialog (so does Ctrl+K / ⌘K). An icon under 1000 px. */
export function SearchTrigger({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const mobile = useIsMobile();
  if (mobile) {
    return (
      <Tooltip content={t('Search documents')} relationship="label">
        <Button appearance="subtle" icon={<SearchRegular />} aria-keyshortcuts={SHORTCUT_ARIA} onClick={onOpen} data-testid="search-open" />
      </Tooltip>
    );
  }
  return (
    <Button className={styles.box} appearance="outline" icon={<SearchRegular />} aria-keyshortcuts={SHORTCUT_ARIA} onClick={onOpen} data-testid="search-open">
      <span className={styles.text}>{t('Search documents')}</span>
      <kbd className={styles.key}>{SHORTCUT_LABEL}</kbd>
    </Button>
  );
}
