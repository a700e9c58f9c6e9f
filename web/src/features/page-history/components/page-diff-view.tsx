import { Button, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ChevronDownRegular } from '@fluentui/react-icons';
import { Fragment, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { diffLines, summarize, toRows, type DiffRow } from '../lib/line-diff';
import { PageDiffLegend } from './page-diff-legend';

/** Unchanged lines shown around each change; longer unchanged runs fold into one row that opens on click. */
const CONTEXT = 3;

const MARK: Record<DiffRow['kind'], string> = { same: ' ', changed: '~', removed: '−', added: '+' };

const useStyles = makeStyles({
  summary: { margin: `${tokens.spacingVerticalS} 0`, color: tokens.colorNeutralForeground2 },
  frame: {
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    overflowX: 'auto',
    backgroundColor: tokens.colorNeutralBackground1,
  },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'minmax(3em, max-content) 1.5em minmax(0, 1fr) minmax(3em, max-content) 1.5em minmax(0, 1fr)',
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase300,
  },
  unified: {
    display: 'grid',
    gridTemplateColumns: 'minmax(2.5em, max-content) minmax(2.5em, max-content) 1.5em minmax(0, 1fr)',
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase300,
  },
  head: {
    position: 'sticky',
    top: 0,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    backgroundColor: tokens.colorNeutralBackground3,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    fontFamily: tokens.fontFamilyBase,
    fontWeight: tokens.fontWeightSemibold,
  },
  headSide: { gridColumn: 'span 3' },
  headAll: { gridColumn: '1 / -1' },
  row: { display: 'contents' },
  no: { padding: `0 ${tokens.spacingHorizontalS}`, textAlign: 'right', color: tokens.colorNeutralForeground3, userSelect: 'none' },
  mark: { textAlign: 'center', fontWeight: tokens.fontWeightBold, userSelect: 'none' },
  text: { padding: `0 ${tokens.spacingHorizontalS}`, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', minHeight: tokens.lineHeightBase300 },
  divider: { borderLeft: `1px solid ${tokens.colorNeutralStroke2}` },
  removed: { backgroundColor: tokens.colorPaletteRedBackground2, color: tokens.colorPaletteRedForeground2 },
  added: { backgroundColor: tokens.colorPaletteGreenBackground2, color: tokens.colorPaletteGreenForeground2 },
  changed: { backgroundColor: tokens.colorPaletteYellowBackground2, color: tokens.colorNeutralForeground1 },
  empty: { backgroundColor: tokens.colorNeutralBackground3 },
  fold: {
    gridColumn: '1 / -1',
    backgroundColor: tokens.colorNeutralBackground2,
    borderTop: `1px dashed ${tokens.colorNeutralStroke2}`,
    borderBottom: `1px dashed ${tokens.colorNeutralStroke2}`,
  },
  same: {},
});

type Piece = { type: 'row'; row: DiffRow; index: number } | { type: 'fold'; start: number; rows: DiffRow[] };

/** Rows to show: every change with CONTEXT unchanged lines around it; longer unchanged runs folded unless opened. */
function pieces(rows: DiffRow[], opened: ReadonlySet<number>): Piece[] {
  const out: Piece[] = [];
  let i = 0;
  while (i < rows.length) {
    if (rows[i].kind !== 'same') {
      out.push({ type: 'row', row: rows[i], index: i });
      i += 1;
      continue;
    }
    let end = i;
    while (end < rows.length && rows[end].kind === 'same') end += 1;
    const keepBefore = i === 0 ? 0 : CONTEXT;
    const keepAfter = end === rows.length ? 0 : CONTEXT;
    if (end - i > keepBefore + keepAfter + 1 && !opened.has(i)) {
      for (let k = i; k < i + keepBefore; k += 1) out.push({ type: 'row', row: rows[k], index: k });
      out.push({ type: 'fold', start: i, rows: rows.slice(i + keepBefore, end - keepAfter) });
      for (let k = end - keepAfter; k < end; k += 1) out.push({ type: 'row', row: rows[k], index: k });
    } else {
      for (let k = i; k < end; k += 1) out.push({ type: 'row', row: rows[k], index: k });
    }
    i = end;
  }
  return out;
}

export interface PageDiffViewProps {
  /** The chosen history version (left, old). */
  oldText: string;
  /** The page as it is now (right, new). */
  newText: string;
  oldLabel: string;
  newLabel: string;
}

/**
 * The page's current content against a history version, line by line: side by side on wide screens,
 * one column (old line above new line) on phones. Changed, removed and added lines carry a colour
 * and a sign (~ − +) explained by the legend.
 */
export function PageDiffView({ oldText, newText, oldLabel, newLabel }: PageDiffViewProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const mobile = useIsMobile();
  const rows = useMemo(() => toRows(diffLines(oldText, newText)), [oldText, newText]);
  const summary = useMemo(() => summarize(rows), [rows]);
  const [opened, setOpened] = useState<ReadonlySet<number>>(new Set());
  const shown = useMemo(() => pieces(rows, opened), [rows, opened]);
  const kindClass = (kind: DiffRow['kind']) => styles[kind];

  const fold = (piece: Extract<Piece, { type: 'fold' }>) => (
    <div key={`fold-${piece.start}`} className={styles.fold} role="row">
      <span role="cell">
        <Button appearance="subtle" size="small" icon={<ChevronDownRegular />} onClick={() => setOpened(new Set([...opened, piece.start]))}>
          {t('Show {{lines}} unchanged lines', { lines: piece.rows.length })}
        </Button>
      </span>
    </div>
  );

  const sideBySide = (
    <div className={styles.grid} role="table" aria-label={t('Differences between the two versions')} data-testid="diff-table" data-layout="side-by-side">
      {/* Headers sit in a row of their own (ARIA: a columnheader belongs to a row); `display: contents` keeps the grid. */}
      <div className={styles.row} role="row">
        <div className={mergeClasses(styles.head, styles.headSide)} role="columnheader">
          {oldLabel}
        </div>
        <div className={mergeClasses(styles.head, styles.headSide, styles.divider)} role="columnheader">
          {newLabel}
        </div>
      </div>
      {shown.map((piece) => {
        if (piece.type === 'fold') return fold(piece);
        const { row, index } = piece;
        const left = row.old ? kindClass(row.kind === 'added' ? 'same' : row.kind) : styles.empty;
        const right = row.new ? kindClass(row.kind === 'removed' ? 'same' : row.kind) : styles.empty;
        return (
          <div key={index} className={styles.row} role="row" data-testid="diff-row" data-kind={row.kind}>
            <span className={mergeClasses(styles.no, left)}>{row.old?.no ?? ''}</span>
            <span className={mergeClasses(styles.mark, left)} aria-hidden>
              {row.old && row.kind !== 'same' ? MARK[row.kind] : ''}
            </span>
            <span className={mergeClasses(styles.text, left)} role="cell" data-side="old">
              {row.old?.text ?? ''}
            </span>
            <span className={mergeClasses(styles.no, styles.divider, right)}>{row.new?.no ?? ''}</span>
            <span className={mergeClasses(styles.mark, right)} aria-hidden>
              {row.new && row.kind !== 'same' ? MARK[row.kind] : ''}
            </span>
            <span className={mergeClasses(styles.text, right)} role="cell" data-side="new">
              {row.new?.text ?? ''}
            </span>
          </div>
        );
      })}
    </div>
  );

  // Phones: one column; a changed row shows the old line, then the new one.
  const line = (key: string, kind: DiffRow['kind'], side: 'old' | 'new' | 'both', oldNo: number | undefined, newNo: number | undefined, text: string) => (
    <div key={key} className={styles.row} role="row" data-testid="diff-row" data-kind={kind} data-side={side}>
      <span className={mergeClasses(styles.no, kindClass(kind))}>{oldNo ?? ''}</span>
      <span className={mergeClasses(styles.no, kindClass(kind))}>{newNo ?? ''}</span>
      <span className={mergeClasses(styles.mark, kindClass(kind))} aria-hidden>
        {kind === 'same' ? '' : kind === 'changed' ? (side === 'old' ? '~−' : '~+') : MARK[kind]}
      </span>
      <span className={mergeClasses(styles.text, kindClass(kind))} role="cell">
        {text}
      </span>
    </div>
  );
  const unified = (
    <div className={styles.unified} role="table" aria-label={t('Differences between the two versions')} data-testid="diff-table" data-layout="unified">
      <div className={styles.row} role="row">
        <div className={mergeClasses(styles.head, styles.headAll)} role="columnheader">
          {`${MARK.removed} ${oldLabel}`}
          <br />
          {`+ ${newLabel}`}
        </div>
      </div>
      {shown.map((piece) => {
        if (piece.type === 'fold') return fold(piece);
        const { row, index } = piece;
        if (row.kind === 'same') return line(`${index}`, 'same', 'both', row.old?.no, row.new?.no, row.new?.text ?? '');
        return (
          <Fragment key={index}>
            {row.old && line(`${index}-old`, row.kind, 'old', row.old.no, undefined, row.old.text)}
            {row.new && line(`${index}-new`, row.kind, 'new', undefined, row.new.no, row.new.text)}
          </Fragment>
        );
      })}
    </div>
  );

  const identical = summary.added + summary.removed + summary.changed === 0;
  return (
    <div>
      <PageDiffLegend />
      <p className={styles.summary} role="status" data-testid="diff-summary">
        {identical ? t('No differences: this version is the same as the current content.') : t('{{changed}} changed, {{removed}} removed, {{added}} added lines', { ...summary })}
      </p>
      <div className={styles.frame}>{mobile ? unified : sideBySide}</div>
    </div>
  );
}
