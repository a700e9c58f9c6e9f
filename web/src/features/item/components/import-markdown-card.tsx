import { Button, Card, CardHeader, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowUploadRegular } from '@fluentui/react-icons';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { importMarkdownZip } from '../api/import-markdown';

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalXL, marginTop: tokens.spacingVerticalL },
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, alignItems: 'flex-start' },
  error: { color: tokens.colorPaletteRedForeground1 },
});

/** Issue 16: a zip of folders and Markdown files (Quire's or ShowDoc's Markdown export, a docs folder) becomes a new item. */
export function ImportMarkdownCard(props: { onImported: (itemId: number) => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const input = useRef<HTMLInputElement>(null);
  const [importing, setImporting] = useState('');
  const [error, setError] = useState('');

  const start = async (file: File | undefined) => {
    if (!file) return;
    setError('');
    setImporting(file.name);
    try {
      const imported = await importMarkdownZip(file);
      props.onImported(imported.item_id);
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure;
      setError(failure.message);
    } finally {
      setImporting('');
      if (input.current) input.current.value = '';
    }
  };

  return (
    <Card className={styles.card} data-testid="import-markdown">
      <CardHeader header={<Text weight="semibold">{t('Import Markdown zip')}</Text>} />
      <div className={styles.body}>
        <Text>{t('A .zip of folders and Markdown files becomes a new item: folders become catalogs, files become pages, linked images become attachments.')}</Text>
        <input ref={input} type="file" accept=".zip,application/zip" hidden name="markdown_zip" onChange={(event) => void start(event.target.files?.[0])} />
        {importing ? (
          <Spinner size="small" label={t('Importing {{name}}…', { name: importing })} />
        ) : (
          <Button icon={<ArrowUploadRegular />} onClick={() => input.current?.click()}>
            {t('Choose a .zip file')}
          </Button>
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
