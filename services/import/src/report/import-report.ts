import { IMPORT_KINDS, type ImportKind, type ImportTally } from '@quire/proto';

/** What an import did, row by row where something was not simply imported (issue 16's report). */

export const REPORT_KINDS = IMPORT_KINDS;
export type ReportKind = ImportKind;

export type Outcome = 'imported' | 'existing' | 'skipped' | 'failed' | 'warning';

export interface ReportEntry {
  kind: ReportKind;
  /** The row's id in the source (0 when it has none, e.g. a link). */
  source_id: number;
  name: string;
  outcome: Outcome;
  reason?: string;
  /** What it became in Quire. */
  quire_id?: number;
}

export type Tally = ImportTally;

export interface ImportReport {
  source: string;
  dry_run: boolean;
  started_at: string;
  finished_at: string;
  counts: Record<ReportKind, Tally>;
  /** Users and items with what they became, then every row skipped, already imported, failed or changed on the way. */
  entries: ReportEntry[];
}

/** Collects a report while an import runs. */
export class ReportBuilder {
  private readonly counts = Object.fromEntries(REPORT_KINDS.map((kind) => [kind, { imported: 0, existing: 0, skipped: 0, failed: 0 }])) as Record<ReportKind, Tally>;
  private readonly entries: ReportEntry[] = [];
  private readonly started = new Date();

  constructor(
    private readonly source: string,
    private readonly dryRun: boolean,
  ) {}

  /** Counted; listed only when `listed` (users, items) or when something is to be said about it. */
  imported(kind: ReportKind, sourceId: number, name: string, quireId?: number, listed = false): void {
    this.counts[kind].imported++;
    if (listed) this.entries.push({ kind, source_id: sourceId, name, outcome: 'imported', ...(quireId !== undefined ? { quire_id: quireId } : {}) });
  }

  /** Imported by an earlier run, or (users) already in Quire. */
  existing(kind: ReportKind, sourceId: number, name: string, reason: string, quireId?: number): void {
    this.counts[kind].existing++;
    this.entries.push({ kind, source_id: sourceId, name, outcome: 'existing', reason, ...(quireId !== undefined ? { quire_id: quireId } : {}) });
  }

  skipped(kind: ReportKind, sourceId: number, name: string, reason: string): void {
    this.counts[kind].skipped++;
    this.entries.push({ kind, source_id: sourceId, name, outcome: 'skipped', reason });
  }

  failed(kind: ReportKind, sourceId: number, name: string, reason: string): void {
    this.counts[kind].failed++;
    this.entries.push({ kind, source_id: sourceId, name, outcome: 'failed', reason });
  }

  /** Imported, with something changed on the way (a dropped domain, a new sign, a flattened catalog). */
  warning(kind: ReportKind, sourceId: number, name: string, reason: string): void {
    this.entries.push({ kind, source_id: sourceId, name, outcome: 'warning', reason });
  }

  /** The counts as they are now, to `revert` to. */
  snapshot(): Record<ReportKind, Tally> {
    return Object.fromEntries(REPORT_KINDS.map((kind) => [kind, { ...this.counts[kind] }])) as Record<ReportKind, Tally>;
  }

  /** An item failed and was discarded: what was counted imported since the snapshot counts as failed. */
  revert(snapshot: Record<ReportKind, Tally>): void {
    for (const kind of REPORT_KINDS) {
      const n = this.counts[kind].imported - snapshot[kind].imported;
      this.counts[kind].imported -= n;
      this.counts[kind].failed += n;
    }
  }

  count(kind: ReportKind): Tally {
    return { ...this.counts[kind] };
  }

  build(): ImportReport {
    return { source: this.source, dry_run: this.dryRun, started_at: this.started.toISOString(), finished_at: new Date().toISOString(), counts: this.counts, entries: this.entries };
  }
}

const KIND_LABEL: Record<ReportKind, string> = {
  user: 'users',
  item: 'items',
  item_sort: 'item list orders',
  member: 'item members',
  token: 'api keys',
  catalog: 'catalogs',
  page: 'pages',
  history: 'history versions',
  attachment: 'attachments',
  share: 'share keys',
  template: 'templates',
  team: 'teams',
  team_member: 'team members',
  team_item: 'team items',
};

/** One line per kind, in English (the command's terminal and the text report): what was (or, in a dry run, would be) imported, already there, skipped, failed. */
export function summarize(report: ImportReport): string {
  const verb = report.dry_run ? 'to import' : 'imported';
  return REPORT_KINDS.map((kind) => {
    const c = report.counts[kind];
    const parts = [`${c.imported} ${verb}`];
    if (c.existing) parts.push(`${c.existing} already there`);
    if (c.skipped) parts.push(`${c.skipped} skipped`);
    if (c.failed) parts.push(`${c.failed} failed`);
    return `${KIND_LABEL[kind]}: ${parts.join(', ')}`;
  }).join('\n');
}

/** The readable report: the summary, then every listed row grouped by what happened to it. */
export function renderReport(report: ImportReport): string {
  const lines = [
    `ShowDoc import ${report.dry_run ? '(dry run: nothing was written)' : ''}`.trim(),
    `source: ${report.source}`,
    `started ${report.started_at}, finished ${report.finished_at}`,
    '',
    summarize(report),
  ];
  const groups: [Outcome, string][] = [
    ['failed', 'Failed (nothing of these was kept)'],
    ['skipped', 'Skipped'],
    ['existing', 'Already there'],
    ['warning', 'Imported with a change'],
    ['imported', report.dry_run ? 'To import' : 'Imported'],
  ];
  for (const [outcome, title] of groups) {
    const rows = report.entries.filter((entry) => entry.outcome === outcome);
    if (rows.length === 0) continue;
    lines.push('', `${title} (${rows.length}):`);
    for (const row of rows) {
      const target = row.quire_id !== undefined ? ` -> ${row.quire_id}` : '';
      lines.push(`  ${row.kind} ${row.source_id} "${row.name}"${target}${row.reason ? `: ${row.reason}` : ''}`);
    }
  }
  return `${lines.join('\n')}\n`;
}
