import { Button, Caption1, makeStyles, tokens } from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  root: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', marginTop: tokens.spacingVerticalM },
  info: { color: tokens.colorNeutralForeground3 },
});

/** Previous / next through pages of `size` rows, with where we are and how many rows match. */
export function Pager(props: { page: number; size: number; total: number; onPage: (page: number) => void; testId: string }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const pages = Math.max(1, Math.ceil(props.total / props.size));
  return (
    <nav className={styles.root} data-testid={props.testId} aria-label={t('Pages')}>
      <Button size="small" icon={<ChevronLeftRegular />} disabled={props.page <= 1} onClick={() => props.onPage(props.page - 1)}>
        {t('Previous')}
      </Button>
      <Caption1 className={styles.info} data-testid={`${props.testId}-info`}>
        {t('Page {{page}} of {{pages}} · {{total}} in all', { page: props.page, pages, total: props.total })}
      </Caption1>
      <Button size="small" icon={<ChevronRightRegular />} iconPosition="after" disabled={props.page >= pages} onClick={() => props.onPage(props.page + 1)}>
        {t('Next')}
      </Button>
    </nav>
  );
}
