import { Button, Card, CardHeader, Field, Input, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowUploadRegular, LinkRegular } from '@fluentui/react-icons';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { importApiFile, importApiUrl } from '../api/import-api';

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalXL, marginTop: tokens.spacingVerticalL },
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, alignItems: 'flex-start' },
  url: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-end', width: '100%', flexWrap: 'wrap' },
  urlField: { flexGrow: 1, minWidth: '240px' },
  error: { color: tokens.colorPaletteRedForeground1 },
});

/** Issue 19: an OpenAPI (Swagger) document or a Postman collection, uploaded or fetched from a URL, becomes a new item. */
export function ImportApiCard(props: { onImported: (itemId: number) => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const input = useRef<HTMLInputElement>(null);
  const [url, setUrl] = useState('');
  const [importing, setImporting] = useState('');
  const [error, setError] = useState('');

  const run = async (name: string, work: () => Promise<{ item_id: number }>) => {
    setError('');
    setImporting(name);
    try {
      props.onImported((await work()).item_id);
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure;
      setError(failure.message);
    } finally {
      setImporting('');
      if (input.current) input.current.value = '';
    }
  };
  const fromFile = (file: File | undefined) => {
    if (file) void run(file.name, () => importApiFile(file));
  };
  const fromUrl = (event: FormEvent) => {
    event.preventDefault();
    if (url.trim()) void run(url.trim(), () => importApiUrl(url.trim()));
  };

  return (
    <Card className={styles.card} data-testid="import-api">
      <CardHeader header={<Text weight="semibold">{t('Import an API description')}</Text>} />
      <div className={styles.body}>
        <Text>{t('An OpenAPI (Swagger) document or a Postman collection, JSON or YAML, becomes a new item: a catalog per tag or folder, a page per operation.')}</Text>
        <input ref={input} type="file" accept=".json,.yaml,.yml,application/json,application/yaml" hidden name="api_document" onChange={(event) => fromFile(event.target.files?.[0])} />
        {importing ? (
          <Spinner size="small" label={t('Importing {{name}}…', { name: importing })} />
        ) : (
          <>
            <Button icon={<ArrowUploadRegular />} onClick={() => input.current?.click()}>
              {t('Choose a file')}
            </Button>
            <form className={styles.url} onSubmit={fromUrl}>
              <Field className={styles.urlField} label={t('Or the URL of the document')}>
                <Input name="api_url" type="url" value={url} placeholder="https://example.com/openapi.json" onChange={(_, data) => setUrl(data.value)} />
              </Field>
              <Button type="submit" icon={<LinkRegular />} disabled={!url.trim()}>
                {t('Import from URL')}
              </Button>
            </form>
          </>
        )}
        {error && (
          <Text role="alert" className={styles.error}>
            {error}
          </Text>
        )}
      </div>
    </Card>
  );
}
