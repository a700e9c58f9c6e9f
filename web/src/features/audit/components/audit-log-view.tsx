import { Button, Caption1, Dropdown, Field, Input, Option, Spinner, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular, FilterRegular } from '@fluentui/react-icons';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveTable } from '../../../components/ui/responsive-table';
import { decodeEntities } from '../../../lib/decode-entities';
import { Pager } from '../../admin/components/pager';
import { type AuditEntryRow, type AuditFilters, type AuditLogPage, auditLogCsvUrl, useAuditLog } from '../api/get-audit-log';
import { useItemAuditLog } from '../api/get-item-audit-log';
import { ACTION_SUBJECTS, type ActionSubject, actionLabel, subjectLabel } from './action-label';

/** Entries per page of the screen. */
const PAGE_SIZE = 20;

const NO_FILTERS: AuditFilters = { username: '', action: '', date_from: '', date_to: '', item_id: '' };

const useStyles = makeStyles({
  filters: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', marginBottom: tokens.spacingVerticalM },
  field: { minWidth: '140px', flexGrow: 1, maxWidth: '220px' },
  dropdown: { minWidth: '140px' },
  end: { marginLeft: 'auto' },
  target: { display: 'flex', flexDirection: 'column', wordBreak: 'break-word' },
  muted: { color: tokens.colorNeutralForeground3 },
  time: { whiteSpace: 'nowrap' },
  address: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, whiteSpace: 'nowrap' },
  action: { whiteSpace: 'nowrap' },
  failed: { color: tokens.colorPaletteRedForeground1 },
});

/** The facts an entry keeps, as `name: value` (the export's format…), leaving out what the target already says. */
function detailText(entry: AuditEntryRow): string {
  return Object.entries(entry.detail)
    .filter(([, value]) => value !== entry.target_name)
    .map(([name, value]) => `${name}: ${typeof value === 'string' ? decodeEntities(value) : String(value)}`)
    .join(' · ');
}

function FilterBar(props: { itemFilter: boolean; onApply: (filters: AuditFilters) => void; csv?: (filters: AuditFilters) => string }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [draft, setDraft] = useState<AuditFilters>(NO_FILTERS);
  const [applied, setApplied] = useState<AuditFilters>(NO_FILTERS);
  const set = (patch: Partial<AuditFilters>) => setDraft((current) => ({ ...current, ...patch }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = { ...draft, username: draft.username.trim(), item_id: draft.item_id.trim() };
    setApplied(trimmed);
    props.onApply(trimmed);
  };
  const subject = (ACTION_SUBJECTS as readonly string[]).includes(draft.action) ? (draft.action as ActionSubject) : '';
  return (
    <form className={styles.filters} onSubmit={submit} noValidate role="search" data-testid="audit-filters">
      <Field className={styles.field} label={t('Who')}>
        <Input name="username" value={draft.username} placeholder={t('Username')} onChange={(_, data) => set({ username: data.value })} />
      </Field>
      {props.itemFilter && (
        <Field className={styles.field} label={t('Item ID')}>
          <Input name="item_id" type="number" min={1} value={draft.item_id} onChange={(_, data) => set({ item_id: data.value })} />
        </Field>
      )}
      <Field className={styles.field} label={t('Action')}>
        <Dropdown
          className={styles.dropdown}
          name="action"
          value={subjectLabel(t, subject)}
          selectedOptions={[subject]}
          onOptionSelect={(_, data) => set({ action: data.optionValue ?? '' })}
        >
          {ACTION_SUBJECTS.map((value) => (
            <Option key={value || 'all'} value={value}>
              {subjectLabel(t, value)}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <Field className={styles.field} label={t('From')}>
        <Input name="date_from" type="date" value={draft.date_from} onChange={(_, data) => set({ date_from: data.value })} />
      </Field>
      <Field className={styles.field} label={t('To')}>
        <Input name="date_to" type="date" value={draft.date_to} onChange={(_, data) => set({ date_to: data.value })} />
      </Field>
      <Button type="submit" icon={<FilterRegular />}>
        {t('Filter')}
      </Button>
      {props.csv && (
        <Button className={styles.end} as="a" href={props.csv(applied)} download icon={<ArrowDownloadRegular />} data-testid="audit-csv">
          {t('Export CSV')}
        </Button>
      )}
    </form>
  );
}

function EntryTable(props: { data: AuditLogPage | undefined; loading: boolean; showItem: boolean }) {
  const { t } = useTranslation();
  const styles = useStyles();
  if (props.loading && !props.data) return <Spinner label={t('Loading the activity…')} />;
  const columns = [t('Time'), t('Who'), t('Action'), t('Target'), ...(props.showItem ? [t('Item')] : []), t('Address')];
  return (
    <ResponsiveTable
      testId="audit-table"
      label={t('Audit log')}
      actions={false}
      rows={props.data?.entries ?? []}
      rowKey={(entry) => entry.entry_id}
      empty={t('No activity matches.')}
      columns={columns}
      cells={(entry) => [
        <span data-testid="audit-time" className={styles.time}>
          {entry.addtime}
        </span>,
        <span data-testid="audit-actor" className={entry.actor_uid === 0 ? styles.muted : undefined}>
          {decodeEntities(entry.actor_username) || t('Visitor')}
        </span>,
        <span data-testid="audit-action" className={mergeClasses(styles.action, entry.action === 'user.login_failed' && styles.failed)}>
          {actionLabel(t, entry.action)}
        </span>,
        <span className={styles.target}>
          <span data-testid="audit-target">{decodeEntities(entry.target_name) || `#${decodeEntities(entry.target_id)}`}</span>
          {detailText(entry) !== '' && <Caption1 className={styles.muted}>{detailText(entry)}</Caption1>}
        </span>,
        ...(props.showItem ? [entry.item_id > 0 ? String(entry.item_id) : '—'] : []),
        <span className={styles.address}>{decodeEntities(entry.ip) || '—'}</span>,
      ]}
    />
  );
}

/** The administrator console's audit log (issue 20): the whole log, filtered, in pages, and as a CSV download. */
export function AdminAuditLog() {
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const { data, isLoading } = useAuditLog({ ...filters, page, count: PAGE_SIZE });
  return (
    <section data-testid="admin-audit">
      <FilterBar
        itemFilter
        csv={auditLogCsvUrl}
        onApply={(next) => {
          setFilters(next);
          setPage(1);
        }}
      />
      <EntryTable data={data} loading={isLoading} showItem />
      <Pager testId="audit-pager" page={page} size={PAGE_SIZE} total={data?.total ?? 0} onPage={setPage} />
    </section>
  );
}

/** An item's activity, for its owner (the item settings' "Activity" tab). */
export function ItemActivity(props: { itemId: number }) {
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const { item_id: _all, ...rest } = filters;
  const { data, isLoading } = useItemAuditLog({ ...rest, item_id: props.itemId, page, count: PAGE_SIZE });
  return (
    <section data-testid="item-activity">
      <FilterBar
        itemFilter={false}
        onApply={(next) => {
          setFilters(next);
          setPage(1);
        }}
      />
      <EntryTable data={data} loading={isLoading} showItem={false} />
      <Pager testId="activity-pager" page={page} size={PAGE_SIZE} total={data?.total ?? 0} onPage={setPage} />
    </section>
  );
}
