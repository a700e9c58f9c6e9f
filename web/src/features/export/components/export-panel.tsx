import { Button, Card, Field, Link, ProgressBar, Radio, RadioGroup, Select, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { exportDownloadUrl } from '../api/export-download';
import { exportOpenapiUrl } from '../api/export-openapi';
import { isFinished, useExportStatus } from '../api/get-export-status';
import { type ExportFormat, startExport } from '../api/start-export';
import type { ExportScope } from './export-scope';

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  actions: { display: 'flex', justifyContent: 'flex-end' },
  progress: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  progressLine: { display: 'flex', justifyContent: 'space-between', gap: tokens.spacingHorizontalM, color: tokens.colorNeutralForeground2 },
  message: { color: tokens.colorPaletteRedForeground1 },
  hint: { color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200 },
});

const FORMATS = ['word', 'pdf', 'html', 'markdown', 'openapi-json', 'openapi-yaml'] as const;

/** Starts a browser download of `url` (the server answers it as an attachment, so the page stays). */
function download(url: string): void {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = '';
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
}

/**
 * SPEC §2 export: the whole item or one catalog, as Word, PDF, an offline HTML site or a Markdown zip. The export runs as a
 * job (`export/start`); its progress comes from polling `export/status`, then the file downloads.
 * Quire: OpenAPI 3.1 (JSON or YAML) of the pages imported from an API description, downloaded at once.
 */
export function ExportPanel({ itemId, scope }: { itemId: number; scope: ExportScope }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [mode, setMode] = useState<'all' | 'catalog'>('all');
  const [catId, setCatId] = useState(String(scope.catalogs[0]?.cat_id ?? 0));
  const [format, setFormat] = useState<ExportFormat | 'openapi-json' | 'openapi-yaml'>('word');
  const [jobId, setJobId] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const downloaded = useRef<string | null>(null);
  const { data: status, error: statusError } = useExportStatus(jobId);
  const running = Boolean(jobId) && !isFinished(status) && !statusError;

  useEffect(() => {
    if (jobId && status?.state === 'completed' && downloaded.current !== jobId) {
      downloaded.current = jobId;
      download(exportDownloadUrl(jobId));
    }
  }, [jobId, status]);

  const start = async () => {
    setMessage('');
    setJobId(null);
    const chosen = scope.catalogs.find((catalog) => String(catalog.cat_id) === catId);
    if (mode === 'all' && scope.pageCount === 0) return setMessage(t('This item has no pages yet'));
    if (mode === 'catalog' && (!chosen || chosen.pageCount === 0)) return setMessage(t('This catalog has no pages to export.'));
    const target = mode === 'catalog' ? Number(catId) : 0;
    // OpenAPI (issue 19): built at once from the pages' stored operations, no job.
    if (format === 'openapi-json' || format === 'openapi-yaml') return download(exportOpenapiUrl(itemId, target, format === 'openapi-json' ? 'json' : 'yaml'));
    try {
      const started = await startExport(itemId, target, format);
      setJobId(started.job_id);
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure;
      setMessage(failure.message);
    }
  };

  const progress = status?.progress ?? 0;
  const stateText = !status
    ? t('Waiting to start…')
    : status.state === 'completed'
      ? t('Done: the file is downloading.')
      : status.state === 'failed'
        ? t('The export failed.')
        : status.state === 'active'
          ? t('Exporting…')
          : t('Waiting to start…');
  const failure = statusError instanceof Error ? statusError.message : status?.state === 'failed' ? t('The export failed: {{reason}}', { reason: status.error ?? '' }) : '';

  return (
    <Card className={styles.card}>
      <Field label={t('What to export')}>
        <RadioGroup value={mode} onChange={(_, data) => setMode(data.value === 'catalog' ? 'catalog' : 'all')}>
          <Radio value="all" label={t('The whole item')} />
          <Radio value="catalog" label={t('One catalog')} disabled={scope.catalogs.length === 0} />
        </RadioGroup>
      </Field>
      {mode === 'catalog' && (
        <Field label={t('Catalog')}>
          <Select name="cat_id" value={catId} onChange={(_, data) => setCatId(data.value)}>
            {scope.catalogs.map((catalog) => (
              <option key={catalog.cat_id} value={String(catalog.cat_id)}>
                {catalog.label}
              </option>
            ))}
          </Select>
        </Field>
      )}
      <Field label={t('Format')}>
        <RadioGroup value={format} onChange={(_, data) => setFormat(FORMATS.find((candidate) => candidate === data.value) ?? 'word')}>
          <Radio value="word" label={t('Word (.docx)')} />
          <Radio value="pdf" label={t('PDF (.pdf)')} data-testid="export-format-pdf" />
          <Radio value="html" label={t('Offline HTML site (.zip)')} data-testid="export-format-html" />
          <Radio value="markdown" label={t('Markdown (.zip)')} />
          <Radio value="openapi-json" label={t('OpenAPI 3.1 (.json)')} data-testid="export-openapi-json" />
          <Radio value="openapi-yaml" label={t('OpenAPI 3.1 (.yaml)')} data-testid="export-openapi-yaml" />
        </RadioGroup>
        {format.startsWith('openapi') && <Text className={styles.hint}>{t('Only pages imported from an API description are exported.')}</Text>}
        {format === 'pdf' && <Text className={styles.hint}>{t('A cover, contents with page numbers, bookmarks and page numbers, drawn as the reader shows the pages.')}</Text>}
        {format === 'html' && (
          <Text className={styles.hint}>{t('Every page as the reader shows it, with the menu and a search box, to open from the unpacked folder without a server.')}</Text>
        )}
      </Field>
      <div className={styles.actions}>
        <Button appearance="primary" icon={<ArrowDownloadRegular />} disabled={running} onClick={() => void start()}>
          {t('Export')}
        </Button>
      </div>
      {jobId && (
        <div className={styles.progress} data-testid="export-progress">
          <ProgressBar
            value={progress}
            max={100}
            thickness="large"
            color={status?.state === 'failed' ? 'error' : status?.state === 'completed' ? 'success' : 'brand'}
            aria-label={t('Export progress')}
          />
          <div className={styles.progressLine}>
            <span data-testid="export-state">{stateText}</span>
            <span data-testid="export-percent">{progress}%</span>
          </div>
          {status?.state === 'completed' && (
            <Link href={exportDownloadUrl(jobId)} download data-testid="export-download-link">
              {t('Download again')}
            </Link>
          )}
        </div>
      )}
      {(message || failure) && (
        <Text className={styles.message} role="alert" data-testid="export-message">
          {message || failure}
        </Text>
      )}
    </Card>
  );
}
