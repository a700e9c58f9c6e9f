import { Button, Field, Input, Spinner, Subtitle2, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowResetRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { env } from '../../../../config/env';
import { confirmAction } from '../../../../lib/alert';
import { ApiError } from '../../../../lib/api-client';
import { useItemKey } from '../../api/get-item-key';
import { resetItemKey } from '../../api/reset-item-key';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  mono: { fontFamily: tokens.fontFamilyMonospace },
  text: { color: tokens.colorNeutralForeground2 },
  code: {
    margin: 0,
    padding: tokens.spacingHorizontalM,
    overflowX: 'auto',
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase200,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
    whiteSpace: 'pre',
  },
  actions: { display: 'flex' },
});

/** The curl command that writes a page through `item/updateByApi` (contract §11.1) on this site. */
function updateByApiExample(origin: string, apiKey: string, apiToken: string): string {
  return [
    `curl -X POST '${origin}${env.apiBase}/item/updateByApi' \\`,
    `  --data-urlencode 'api_key=${apiKey}' \\`,
    `  --data-urlencode 'api_token=${apiToken}' \\`,
    `  --data-urlencode 'cat_name=Guide/Setup' \\`,
    `  --data-urlencode 'page_title=Hello from the API' \\`,
    `  --data-urlencode 'page_content=# Hello' \\`,
    `  --data-urlencode 's_number=99'`,
  ].join('\n');
}

/** SPEC §2 open API: the item's api_key and api_token, a reset, and how to call `item/updateByApi`. */
export function OpenApiTab({ itemId }: { itemId: number }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { data: key, isLoading } = useItemKey(itemId);

  const reset = async () => {
    if (!(await confirmAction(t('Reset the api_key and api_token? Scripts using the old pair stop working at once.')))) return;
    try {
      await resetItemKey(itemId);
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure;
    }
  };

  if (isLoading && !key) return <Spinner />;
  if (!key) return null;
  return (
    <div className={styles.root}>
      <Text className={styles.text}>{t('Scripts and CI jobs write pages of this item with this pair, without logging in. Keep it secret.')}</Text>
      <Field label="api_key">
        <Input className={styles.mono} readOnly value={key.api_key} data-testid="api-key" onFocus={(event) => event.target.select()} />
      </Field>
      <Field label="api_token">
        <Input className={styles.mono} readOnly value={key.api_token} data-testid="api-token" onFocus={(event) => event.target.select()} />
      </Field>
      <div className={styles.actions}>
        <Button icon={<ArrowResetRegular />} onClick={() => void reset()}>
          {t('Reset key and token')}
        </Button>
      </div>
      <Subtitle2 as="h2">{t('Usage example')}</Subtitle2>
      <Text className={styles.text}>{t('Creates or updates the page with this title in the catalog path (up to 3 levels, created when missing).')}</Text>
      <pre className={styles.code} data-testid="api-example">
        {updateByApiExample(window.location.origin, key.api_key, key.api_token)}
      </pre>
    </div>
  );
}
