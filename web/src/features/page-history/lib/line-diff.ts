import { diffArrays } from 'diff';

/** One line of either text: kept in both, only in the old one, or only in the new one. */
export type LineOp = { kind: 'same'; oldNo: number; newNo: number; text: string } | { kind: 'removed'; oldNo: number; text: string } | { kind: 'added'; newNo: number; text: string };

/** A row of the side-by-side view: a removed and an added line facing each other make a changed row. */
export interface DiffRow {
  kind: 'same' | 'changed' | 'removed' | 'added';
  old?: { no: number; text: string };
  new?: { no: number; text: string };
}

export interface DiffSummary {
  added: number;
  removed: number;
  changed: number;
}

/** Above this many edits the rest of both texts is shown as removed and added (no slow search on unrelated texts). */
const MAX_EDITS = 4000;

export function splitLines(text: string): string[] {
  if (text === '') return [];
  return text.replace(/\r\n?/g, '\n').replace(/\n$/, '').split('\n');
}

/**
 * The shortest line edit script between two texts (jsdiff's Myers search over the lines, so every
 * line ending reads the same): every line of both texts exactly once, in order, a change's removed
 * lines before its added ones.
 */
export function diffLines(oldText: string, newText: string): LineOp[] {
  const a = splitLines(oldText);
  const b = splitLines(newText);
  const changes = diffArrays(a, b, { maxEditLength: MAX_EDITS }) ?? [
    { value: a, removed: true, added: false, count: a.length },
    { value: b, removed: false, added: true, count: b.length },
  ];
  const ops: LineOp[] = [];
  let oldNo = 0;
  let newNo = 0;
  for (const change of changes) {
    for (const text of change.value) {
      if (change.removed) ops.push({ kind: 'removed', oldNo: ++oldNo, text });
      else if (change.added) ops.push({ kind: 'added', newNo: ++newNo, text });
      else ops.push({ kind: 'same', oldNo: ++oldNo, newNo: ++newNo, text });
    }
  }
  return ops;
}

/** Side-by-side rows: each run of removed lines faces the run of added lines that follows it. */
export function toRows(ops: LineOp[]): DiffRow[] {
  const rows: DiffRow[] = [];
  let i = 0;
  while (i < ops.length) {
    const op = ops[i];
    if (op.kind === 'same') {
      rows.push({ kind: 'same', old: { no: op.oldNo, text: op.text }, new: { no: op.newNo, text: op.text } });
      i += 1;
      continue;
    }
    const removed: { no: number; text: string }[] = [];
    const added: { no: number; text: string }[] = [];
    while (i < ops.length && ops[i].kind !== 'same') {
      const current = ops[i];
      if (current.kind === 'removed') removed.push({ no: current.oldNo, text: current.text });
      else if (current.kind === 'added') added.push({ no: current.newNo, text: current.text });
      i += 1;
    }
    for (let r = 0; r < Math.max(removed.length, added.length); r += 1) {
      const left = removed[r];
      const right = added[r];
      rows.push({ kind: left && right ? 'changed' : left ? 'removed' : 'added', old: left, new: right });
    }
  }
  return rows;
}

export function summarize(rows: DiffRow[]): DiffSummary {
  const summary: DiffSummary = { added: 0, removed: 0, changed: 0 };
  for (const row of rows) if (row.kind !== 'same') summary[row.kind] += 1;
  return summary;
}
