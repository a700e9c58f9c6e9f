import { Badge, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  root: { marginBottom: tokens.spacingVerticalM },
});

/** Above an archived item's page: it reads, nobody writes. Its own chunk: few items are archived. */
export function ArchivedBadge() {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <Badge className={styles.root} appearance="tint" color="warning" data-testid="archived-badge">
      {t('Archived: read-only')}
    </Badge>
  );
}
