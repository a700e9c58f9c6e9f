import { Button, Card, Checkbox, Link, ProgressBar, Subtitle2, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular, ArrowImportRegular, DismissRegular, DocumentRegular, FolderZipRegular } from '@fluentui/react-icons';
import type { ImportKind, ImportTally } from '@quire/proto';
import type { TFunction } from 'i18next';
import { type JSX, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mutate } from 'swr';
import { ApiError } from '../../../lib/api-client';
import { type ImportStatus, isImportFinished, useShowdocImportStatus } from '../api/get-showdoc-import-status';
import { showdocImportReportUrl } from '../api/showdoc-import-report';
import { startShowdocImport } from '../api/start-showdoc-import';

/** The import the console follows, kept for the tab's session: leaving the tab and coming back shows it again. */
const FOLLOWED_KEY = 'quire.showdocImport';
const COMMAND = 'npm run import:showdoc -- --db Sqlite/showdoc.db.php --uploads Public/Uploads';

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '760px' },
  heading: { margin: 0 },
  text: { margin: 0 },
  command: {
    margin: 0,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase200,
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
  },
  pickers: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  picker: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  pickerLabel: { minWidth: '9em', fontWeight: tokens.fontWeightSemibold },
  fileName: { color: tokens.colorNeutralForeground2, overflowWrap: 'anywhere', minWidth: 0 },
  actions: { display: 'flex', justifyContent: 'flex-end' },
  progress: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  progressLine: { display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, color: tokens.colorNeutralForeground2 },
  summary: { margin: 0, paddingLeft: tokens.spacingHorizontalXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  links: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalL },
  link: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  message: { color: tokens.colorPaletteRedForeground1, overflowWrap: 'anywhere' },
});

function readFollowed(): string | null {
  try {
    return window.sessionStorage.getItem(FOLLOWED_KEY);
  } catch {
    return null;
  }
}

function writeFollowed(importId: string): void {
  try {
    window.sessionStorage.setItem(FOLLOWED_KEY, importId);
  } catch {
    // Storage refused (private mode): the import is still followed while the tab stays open.
  }
}

/** A file's size as people read it (the unit is the same in both languages). */
const fileSize = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`);

/** One line per kind the import met, in the screen's language: `items: 4 imported, 1 already there`. */
function summaryLines(t: TFunction, counts: Record<ImportKind, ImportTally>, dryRun: boolean): string[] {
  const kinds: Record<ImportKind, string> = {
    user: t('users'),
    item: t('items'),
    item_sort: t('item list orders'),
    member: t('item members'),
    token: t('api keys'),
    catalog: t('catalogs'),
    page: t('pages'),
    history: t('history versions'),
    attachment: t('attachments'),
    share: t('share keys'),
    template: t('templates'),
    team: t('teams'),
    team_member: t('team members'),
    team_item: t('team items'),
  };
  return (Object.keys(kinds) as ImportKind[])
    .filter((kind) => counts[kind] !== undefined)
    .map((kind) => {
      const { imported, existing, skipped, failed } = counts[kind];
      const parts = [dryRun ? t('{{n}} to import', { n: imported }) : t('{{n}} imported', { n: imported })];
      if (existing) parts.push(t('{{n}} already there', { n: existing }));
      if (skipped) parts.push(t('{{n}} skipped', { n: skipped }));
      if (failed) parts.push(t('{{n}} failed', { n: failed }));
      const outcomes = parts.reduce((first, next) => t('{{first}}, {{next}}', { first, next }));
      return t('{{kind}}: {{outcomes}}', { kind: kinds[kind], outcomes });
    });
}

/** A hidden file input and the button that opens it, with the chosen file's name and size beside it. */
function FilePicker(props: {
  label: string;
  name: string;
  testId: string;
  accept: string;
  file: File | null;
  choose: string;
  chooseAnother: string;
  disabled: boolean;
  describedBy: string;
  icon: JSX.Element;
  onChange: (file: File | null) => void;
  clearable?: boolean;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const input = useRef<HTMLInputElement>(null);
  const { file, onChange } = props;
  return (
    <div className={styles.picker}>
      <Text className={styles.pickerLabel}>{props.label}</Text>
      <input
        ref={input}
        type="file"
        hidden
        name={props.name}
        accept={props.accept}
        onChange={(event) => {
          onChange(event.target.files?.[0] ?? null);
          // The same file chosen again after clearing still counts as a change.
          event.target.value = '';
        }}
      />
      <Button icon={props.icon} disabled={props.disabled} aria-describedby={props.describedBy} onClick={() => input.current?.click()}>
        {file ? props.chooseAnother : props.choose}
      </Button>
      <Text className={styles.fileName} data-testid={props.testId}>
        {file ? t('{{name}} ({{size}})', { name: file.name, size: fileSize(file.size) }) : t('No file chosen')}
      </Text>
      {props.clearable && file && (
        <Button appearance="subtle" icon={<DismissRegular />} disabled={props.disabled} aria-label={t('Remove {{name}}', { name: file.name })} onClick={() => onChange(null)} />
      )}
    </div>
  );
}

/**
 * Issue 16: a ShowDoc site comes over through the console. The administrator uploads ShowDoc's database and,
 * apart, a zip of the site's `Public/Uploads` (or one zip holding both), the import runs as a job whose progress
 * is polled every second, and when it is done the summary shows and the report downloads.
 */
export function ShowdocImport() {
  const { t } = useTranslation();
  const styles = useStyles();
  const fileHint = useId();
  const [file, setFile] = useState<File | null>(null);
  const [uploadsZip, setUploadsZip] = useState<File | null>(null);
  const [dryRun, setDryRun] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [refusal, setRefusal] = useState('');
  const [importId, setImportId] = useState<string | null>(readFollowed);
  const { data: status, error: statusError } = useShowdocImportStatus(importId);
  const running = uploading || (Boolean(importId) && !isImportFinished(status) && !statusError);

  // A finished import changed users and items: the other sections show them when opened.
  const refreshed = useRef<string | null>(null);
  useEffect(() => {
    if (!importId || status?.state !== 'done' || refreshed.current === importId) return;
    refreshed.current = importId;
    void mutate((key) => Array.isArray(key) && (key[0] === 'adminItem/getList' || key[0] === 'adminUser/getList'));
  }, [importId, status]);

  const start = async () => {
    if (!file) return;
    setRefusal('');
    setUploading(true);
    try {
      const started = await startShowdocImport(file, uploadsZip, dryRun);
      writeFollowed(started.import_id);
      setImportId(started.import_id);
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure;
      setRefusal(failure.message);
    } finally {
      setUploading(false);
    }
  };

  const failure = refusal || (statusError instanceof Error ? statusError.message : status?.state === 'failed' ? t('The import failed: {{reason}}', { reason: status.error ?? '' }) : '');

  return (
    <section data-testid="admin-import">
      <Card className={styles.card}>
        <Subtitle2 as="h2" className={styles.heading}>
          {t('Import from ShowDoc')}
        </Subtitle2>
        <Text as="p" className={styles.text}>
          {t(
            'Brings a ShowDoc site over: users with their passwords, items with their catalogs, pages and every history version, templates, attachments and images, item members, teams, share links and API keys.',
          )}
        </Text>
        <Text as="p" className={styles.text}>
          {t('Running it again is safe: what an earlier import brought over is recognised and never duplicated. A dry run writes nothing and reports what it would do.')}
        </Text>
        <Text as="p" className={styles.text} id={fileHint}>
          {t(
            'Upload the ShowDoc database (Sqlite/showdoc.db.php) and a .zip of the Public/Uploads folder of the site, so that attachments and images come along. A single .zip holding both is taken as the database too.',
          )}
        </Text>
        <Text as="p" className={styles.text}>
          {t('A big site imports better on the server, from the command line:')}
        </Text>
        <pre className={styles.command} data-testid="showdoc-import-command">
          {COMMAND}
        </pre>

        <div className={styles.pickers}>
          <FilePicker
            label={t('Database')}
            name="showdoc_db"
            testId="showdoc-import-file"
            accept=".db,.php,.sqlite,.zip,application/zip"
            file={file}
            choose={t('Choose the database')}
            chooseAnother={t('Choose another database')}
            disabled={running}
            describedBy={fileHint}
            icon={<DocumentRegular />}
            onChange={(chosen) => {
              setFile(chosen);
              setRefusal('');
            }}
          />
          <FilePicker
            label={t('Uploads (optional)')}
            name="showdoc_uploads"
            testId="showdoc-import-uploads-file"
            accept=".zip,application/zip"
            file={uploadsZip}
            choose={t('Choose the Uploads zip')}
            chooseAnother={t('Choose another zip')}
            disabled={running}
            describedBy={fileHint}
            icon={<FolderZipRegular />}
            clearable
            onChange={(chosen) => {
              setUploadsZip(chosen);
              setRefusal('');
            }}
          />
        </div>
        <Checkbox
          name="dry_run"
          checked={dryRun}
          disabled={running}
          onChange={(_, data) => setDryRun(data.checked === true)}
          label={t('Dry run: report what would be imported, write nothing')}
        />
        <div className={styles.actions}>
          <Button appearance="primary" icon={<ArrowImportRegular />} disabled={!file || running} onClick={() => void start()}>
            {t('Start import')}
          </Button>
        </div>

        {(uploading || importId) && <ImportProgress uploading={uploading ? [file?.name, uploadsZip?.name].filter(Boolean).join(' + ') : ''} status={uploading ? undefined : status} />}

        {!uploading && importId && status?.state === 'done' && status.counts && (
          <>
            <Subtitle2 as="h3" className={styles.heading}>
              {t('Summary')}
            </Subtitle2>
            <ul className={styles.summary} data-testid="showdoc-import-summary">
              {summaryLines(t, status.counts, status.dry_run).map((line, index) => (
                <li key={index}>{line}</li>
              ))}
            </ul>
            <div className={styles.links}>
              <Link className={styles.link} href={showdocImportReportUrl(importId, 'text')} download data-testid="showdoc-import-report">
                <ArrowDownloadRegular aria-hidden />
                {t('Download report')}
              </Link>
              <Link className={styles.link} href={showdocImportReportUrl(importId, 'json')} download data-testid="showdoc-import-report-json">
                <ArrowDownloadRegular aria-hidden />
                {t('Download report (JSON)')}
              </Link>
            </div>
          </>
        )}

        {failure && !uploading && (
          <Text role="alert" className={styles.message} data-testid="showdoc-import-error">
            {failure}
          </Text>
        )}
      </Card>
    </section>
  );
}

/** The bar and its line: the upload (no measure), then done of total steps as the job reports them. */
function ImportProgress({ uploading, status }: { uploading: string; status: ImportStatus | undefined }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const state = uploading ? 'uploading' : (status?.state ?? 'waiting');
  const total = status?.total ?? 0;
  const done = status?.done ?? 0;
  const value = state === 'done' ? 1 : state === 'running' && total > 0 ? done / total : state === 'failed' ? 1 : undefined;
  const line =
    state === 'uploading'
      ? t('Uploading {{name}}…', { name: uploading })
      : state === 'waiting'
        ? t('Waiting for the import to start…')
        : state === 'running'
          ? total > 0
            ? t('Importing: step {{done}} of {{total}}', { done, total })
            : t('Reading the database…')
          : state === 'done'
            ? t('Finished: {{done}} of {{total}} steps', { done, total })
            : t('The import stopped.');
  return (
    <div className={styles.progress} data-testid="showdoc-import-progress">
      <ProgressBar
        value={value}
        max={1}
        thickness="large"
        color={state === 'failed' ? 'error' : state === 'done' ? 'success' : 'brand'}
        aria-label={t('Import progress')}
        aria-valuetext={line}
      />
      <div className={styles.progressLine}>
        <span data-testid="showdoc-import-state" aria-live="polite">
          {line}
        </span>
        {value !== undefined && state !== 'failed' && <span>{Math.round(value * 100)}%</span>}
      </div>
    </div>
  );
}
