import { Card, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useIsMobile } from '../../lib/use-is-mobile';

const useStyles = makeStyles({
  scroll: { overflowX: 'auto', backgroundColor: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusMedium, boxShadow: tokens.shadow2 },
  table: { tableLayout: 'auto' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
  // In a table row the actions keep one line: the column takes the width they need.
  actionsRow: { flexWrap: 'nowrap', whiteSpace: 'nowrap' },
  empty: { padding: tokens.spacingVerticalXXL, textAlign: 'center', color: tokens.colorNeutralForeground3 },
  cards: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  field: { display: 'grid', gridTemplateColumns: '38% 1fr', gap: tokens.spacingHorizontalS, wordBreak: 'break-word' },
  label: { color: tokens.colorNeutralForeground3 },
});

/**
 * A list of records (team screens, admin console): a table on wide screens, one card per entry under 1000 px
 * (label and value per column, the actions at the bottom). The last column holds the actions, unless `actions` is false.
 */
export function ResponsiveTable<T>(props: {
  columns: string[];
  rows: T[];
  rowKey: (row: T) => number | string;
  cells: (row: T) => ReactNode[];
  empty: string;
  testId: string;
  /** The test id of each row or card; `<testId>-row` unless given. */
  rowTestId?: string;
  /** The table's accessible name. */
  label?: string;
  /** false: every column is data (no actions column). */
  actions?: boolean;
}) {
  const styles = useStyles();
  const mobile = useIsMobile();
  const last = props.actions === false ? props.columns.length : props.columns.length - 1;
  const rowTestId = props.rowTestId ?? `${props.testId}-row`;
  if (props.rows.length === 0) return <div className={styles.empty}>{props.empty}</div>;
  if (mobile) {
    return (
      <ul className={styles.cards} data-testid={props.testId}>
        {props.rows.map((row) => {
          const cells = props.cells(row);
          return (
            <li key={props.rowKey(row)}>
              <Card className={styles.card} data-testid={rowTestId}>
                {cells.slice(0, last).map((cell, index) => (
                  <div key={index} className={styles.field}>
                    <span className={styles.label}>{props.columns[index]}</span>
                    <span>{cell}</span>
                  </div>
                ))}
                {last < props.columns.length && <div className={styles.actions}>{cells[last]}</div>}
              </Card>
            </li>
          );
        })}
      </ul>
    );
  }
  return (
    <div className={styles.scroll}>
      <Table className={styles.table} aria-label={props.label} data-testid={props.testId}>
        <TableHeader>
          <TableRow>
            {props.columns.map((column) => (
              <TableHeaderCell key={column}>{column}</TableHeaderCell>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {props.rows.map((row) => (
            <TableRow key={props.rowKey(row)} data-testid={rowTestId}>
              {props.cells(row).map((cell, index) => (
                <TableCell key={index}>{index === last ? <div className={mergeClasses(styles.actions, styles.actionsRow)}>{cell}</div> : cell}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
