import { Button, Field, Input, ProgressBar, Select, Spinner, Subtitle2, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowSyncRegular, ArrowUploadRegular, LinkRegular } from '@fluentui/react-icons';
import type { ApiFieldChange, ApiResyncOperation, CatalogGroup } from '@quire/proto';
import { type FormEvent, type ReactElement, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../lib/api-client';
import {
  type ApiDocumentInput,
  type ApiResyncSummary,
  type ApiSourceInfo,
  getApiResyncStatus,
  importApiInto,
  refreshApiResync,
  startApiResync,
  useApiResyncHistory,
  useApiSources,
  useItemCatalogs,
} from '../../api/api-resync';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, alignItems: 'flex-start' },
  muted: { color: tokens.colorNeutralForeground2 },
  origin: { fontFamily: tokens.fontFamilyMonospace, overflowWrap: 'anywhere' },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-end', flexWrap: 'wrap', width: '100%' },
  grow: { flexGrow: 1, minWidth: '200px' },
  progress: { width: '100%' },
  summary: {
    width: '100%',
    boxSizing: 'border-box',
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalXL, overflowWrap: 'anywhere' },
  error: { color: tokens.colorPaletteRedForeground1 },
});

const when = (seconds: number): string => new Date(seconds * 1000).toLocaleString();

/** The catalogs in menu order, each with its depth (1: top level). */
function flatten(groups: CatalogGroup[], depth = 1): { cat_id: number; cat_name: string; depth: number }[] {
  return groups.flatMap((group) => [{ cat_id: group.cat_id, cat_name: group.cat_name, depth }, ...flatten(group.sub ?? [], depth + 1)]);
}

/** One field-level change as a line: `Parameter type changed: query limit: string → integer`. */
function useChangeText() {
  const { t } = useTranslation();
  const labels: Record<ApiFieldChange['kind'], string> = {
    parameter_added: t('Parameter added'),
    parameter_removed: t('Parameter removed'),
    parameter_type: t('Parameter type changed'),
    parameter_required: t('Parameter required changed'),
    request_body_added: t('Request body added'),
    request_body_removed: t('Request body removed'),
    request_body_required: t('Request body required changed'),
    request_body_changed: t('Request body changed'),
    response_added: t('Response added'),
    response_removed: t('Response removed'),
    response_changed: t('Response changed'),
    deprecated: t('Deprecation changed'),
    security: t('Security changed'),
    summary: t('Summary changed'),
    description: t('Description changed'),
    documentation: t('Documentation changed'),
  };
  return (change: ApiFieldChange) => {
    const label = labels[change.kind] ?? change.kind;
    const named = change.name ? t('{{label}}: {{name}}', { label, name: change.name }) : label;
    return change.from !== undefined || change.to !== undefined ? `${named} (${change.from ?? '—'} → ${change.to ?? '—'})` : named;
  };
}

/** What a re-sync did: added, changed with their field-level lines, removed; or no change. */
export function ResyncSummary({ summary }: { summary: ApiResyncSummary }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const changeText = useChangeText();
  const operation = (entry: ApiResyncOperation) => `${entry.method} ${entry.path}`;
  const part = (title: string, entries: ApiResyncOperation[], testId: string) =>
    entries.length > 0 && (
      <div data-testid={testId}>
        <Text weight="semibold">{title}</Text>
        <ul className={styles.list}>
          {entries.map((entry) => (
            <li key={`${entry.method} ${entry.path}`}>
              {operation(entry)}
              {entry.changes && (
                <ul className={styles.list}>
                  {entry.changes.map((change, index) => (
                    <li key={index}>{changeText(change)}</li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      </div>
    );
  return (
    <div className={styles.summary} data-testid="api-resync-summary">
      <Text className={styles.muted} block>
        {t('{{when}} by {{by}} from {{origin}}', { when: when(summary.at), by: summary.by, origin: summary.origin })}
      </Text>
      {summary.unchanged ? (
        <Text>{t('No changes')}</Text>
      ) : (
        <>
          {part(t('Added ({{count}})', { count: summary.added.length }), summary.added, 'api-resync-added')}
          {part(t('Changed ({{count}})', { count: summary.changed.length }), summary.changed, 'api-resync-changed')}
          {part(t('Removed ({{count}})', { count: summary.removed.length }), summary.removed, 'api-resync-removed')}
        </>
      )}
    </div>
  );
}

/** A file picker and a URL field; `onDocument` gets the one chosen. */
function DocumentPicker(props: { busy: boolean; fileLabel: string; urlLabel: string; submitLabel: string; name: string; onDocument: (input: ApiDocumentInput) => void; icon: ReactElement }) {
  const styles = useStyles();
  const input = useRef<HTMLInputElement>(null);
  const [url, setUrl] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onDocument(url.trim() ? { url: url.trim() } : {});
  };
  return (
    <form className={styles.row} onSubmit={submit}>
      <input
        ref={input}
        type="file"
        hidden
        name={`${props.name}_file`}
        accept=".json,.yaml,.yml,application/json,application/yaml"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) props.onDocument({ file });
          event.target.value = '';
        }}
      />
      <Field className={styles.grow} label={props.urlLabel}>
        <Input name={`${props.name}_url`} type="url" value={url} placeholder="https://example.com/openapi.json" onChange={(_, data) => setUrl(data.value)} disabled={props.busy} />
      </Field>
      <Button type="submit" appearance="primary" icon={props.icon} disabled={props.busy}>
        {props.submitLabel}
      </Button>
      <Button icon={<ArrowUploadRegular />} onClick={() => input.current?.click()} disabled={props.busy}>
        {props.fileLabel}
      </Button>
    </form>
  );
}

/**
 * Issue 19 in the item's settings: where the item's API descriptions come from (URL or uploaded file, last sync), a
 * re-sync now (optionally from a new file or URL) with its progress and then its change summary, the past summaries,
 * and an import into this item.
 */
export function ApiSourceTab({ itemId }: { itemId: number }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { data: sources, isLoading } = useApiSources(itemId);
  const { data: history } = useApiResyncHistory(itemId);
  const { data: groups } = useItemCatalogs(itemId);
  const catalogs = flatten(groups ?? []);
  const catalogName = (catId: number) => catalogs.find((catalog) => catalog.cat_id === catId)?.cat_name ?? `#${catId}`;
  const [into, setInto] = useState(0);
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<ApiResyncSummary | null>(null);
  const [error, setError] = useState('');
  const [importing, setImporting] = useState(false);
  const [imported, setImported] = useState('');

  const resync = async (source: ApiSourceInfo, input: ApiDocumentInput) => {
    setError('');
    setResult(null);
    setProgress(0);
    try {
      const { job_id: jobId } = await startApiResync(itemId, source.cat_id, input);
      for (;;) {
        const status = await getApiResyncStatus(jobId);
        setProgress(status.progress);
        if (status.state === 'completed') {
          setResult(status.summary ?? null);
          break;
        }
        if (status.state === 'failed') {
          setError(status.error ?? t('The re-sync failed'));
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
      await refreshApiResync(itemId);
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure;
      setError(failure.message);
    } finally {
      setProgress(null);
    }
  };

  const importInto = async (input: ApiDocumentInput) => {
    if (!input.file && !input.url) return;
    setError('');
    setImported('');
    setImporting(true);
    try {
      await importApiInto(itemId, into, input);
      setImported(t('Imported {{name}} into this item', { name: input.file?.name ?? input.url }));
      await refreshApiResync(itemId);
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure;
      setError(failure.message);
    } finally {
      setImporting(false);
    }
  };

  if (isLoading && !sources) return <Spinner />;
  const busy = progress !== null || importing;
  return (
    <div className={styles.root} data-testid="api-source">
      {sources && sources.length > 0 ? (
        sources.map((source) => (
          <section key={source.cat_id} className={styles.section} aria-label={t('API description source')}>
            <Subtitle2 as="h2">{t('API description source')}</Subtitle2>
            <Text>
              {source.kind === 'url' ? t('Fetched from') : t('Uploaded file')} <span className={styles.origin}>{source.origin}</span>
            </Text>
            {source.cat_id > 0 && <Text>{t('Into the catalog {{name}}', { name: catalogName(source.cat_id) })}</Text>}
            <Text className={styles.muted}>{t('Last synced {{when}}', { when: when(source.synced_at) })}</Text>
            <DocumentPicker
              busy={busy}
              name="resync"
              urlLabel={t('A new URL (optional)')}
              fileLabel={t('Re-sync from a new file')}
              submitLabel={t('Re-sync now')}
              icon={<ArrowSyncRegular />}
              onDocument={(input) => void resync(source, input)}
            />
          </section>
        ))
      ) : (
        <Text className={styles.muted}>{t('This item has no imported API description yet.')}</Text>
      )}
      {progress !== null && <ProgressBar className={styles.progress} value={progress / 100} aria-label={t('Re-sync progress')} thickness="large" />}
      {progress !== null && <Text role="status">{t('Re-syncing… {{progress}}%', { progress })}</Text>}
      {error && (
        <Text role="alert" className={styles.error}>
          {error}
        </Text>
      )}
      {result && <ResyncSummary summary={result} />}
      <section className={styles.section}>
        <Subtitle2 as="h2">{t('Import an API description into this item')}</Subtitle2>
        <Text className={styles.muted}>{t('An OpenAPI (Swagger) document or a Postman collection, JSON or YAML: a catalog per tag or folder, a page per operation.')}</Text>
        <Field label={t('Into')}>
          <Select name="import_cat_id" value={String(into)} onChange={(_, data) => setInto(Number(data.value))} disabled={busy}>
            <option value="0">{t('Top of the item')}</option>
            {catalogs.map((catalog) => (
              <option key={catalog.cat_id} value={catalog.cat_id}>
                {`${'\u2003'.repeat(catalog.depth - 1)}${catalog.cat_name}`}
              </option>
            ))}
          </Select>
        </Field>
        <DocumentPicker
          busy={busy}
          name="import"
          urlLabel={t('The URL of the document')}
          fileLabel={t('Choose a file')}
          submitLabel={t('Import from URL')}
          icon={<LinkRegular />}
          onDocument={(input) => void importInto(input)}
        />
        {importing && <Spinner size="small" label={t('Importing…')} />}
        {imported && <Text role="status">{imported}</Text>}
      </section>
      <section className={styles.section}>
        <Subtitle2 as="h2">{t('Past re-syncs')}</Subtitle2>
        {history && history.length > 0 ? (
          history.map((summary, index) => <ResyncSummary key={index} summary={summary} />)
        ) : (
          <Text className={styles.muted}>{t('No re-sync has changed anything yet.')}</Text>
        )}
      </section>
    </div>
  );
}
