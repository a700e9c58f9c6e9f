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
 * The shortest line edit script between two texts (Myers' O((N+M)·D) algorithm, after trimming the
 * common start and end): every line of both texts exactly once, in order.
 */
export function diffLines(oldText: string, newText: string): LineOp[] {
  const a = splitLines(oldText);
  const b = splitLines(newText);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA -= 1;
    endB -= 1;
  }
  const ops: LineOp[] = [];
  for (let i = 0; i < start; i += 1) ops.push({ kind: 'same', oldNo: i + 1, newNo: i + 1, text: a[i] });
  ops.push(...middle(a, b, start, endA, start, endB));
  for (let i = endA, j = endB; i < a.length; i += 1, j += 1) ops.push({ kind: 'same', oldNo: i + 1, newNo: j + 1, text: a[i] });
  return ops;
}

/** Myers' greedy search on a[a0..a1) against b[b0..b1), then the path traced back through the kept frontiers. */
function middle(a: string[], b: string[], a0: number, a1: number, b0: number, b1: number): LineOp[] {
  const n = a1 - a0;
  const m = b1 - b0;
  const wholesale = (): LineOp[] => [
    ...a.slice(a0, a1).map((text, k): LineOp => ({ kind: 'removed', oldNo: a0 + k + 1, text })),
    ...b.slice(b0, b1).map((text, k): LineOp => ({ kind: 'added', newNo: b0 + k + 1, text })),
  ];
  if (n === 0 || m === 0) return wholesale();
  const max = n + m;
  const offset = max;
  const v = new Int32Array(2 * max + 2);
  const trace: Int32Array[] = [];
  let found = -1;
  for (let d = 0; d <= Math.min(max, MAX_EDITS); d += 1) {
    trace.push(v.slice(offset - d, offset + d + 1));
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1]) ? v[offset + k + 1] : v[offset + k - 1] + 1;
      let y = x - k;
      while (x < n && y < m && a[a0 + x] === b[b0 + y]) {
        x += 1;
        y += 1;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) {
        found = d;
        break;
      }
    }
    if (found >= 0) break;
  }
  if (found < 0) return wholesale();

  // Walk back from (n, m): trace[d] holds the frontier before step d, indexed k + d.
  const reversed: LineOp[] = [];
  let x = n;
  let y = m;
  for (let d = found; d > 0; d -= 1) {
    const before = trace[d];
    const at = (k: number) => before[k + d];
    const k = x - y;
    const down = k === -d || (k !== d && at(k - 1) < at(k + 1));
    const prevK = down ? k + 1 : k - 1;
    const prevX = at(prevK);
    const prevY = prevX - prevK;
    while (x > prevX + (down ? 0 : 1) && y > prevY + (down ? 1 : 0)) {
      x -= 1;
      y -= 1;
      reversed.push({ kind: 'same', oldNo: a0 + x + 1, newNo: b0 + y + 1, text: a[a0 + x] });
    }
    if (down) {
      y -= 1;
      reversed.push({ kind: 'added', newNo: b0 + y + 1, text: b[b0 + y] });
    } else {
      x -= 1;
      reversed.push({ kind: 'removed', oldNo: a0 + x + 1, text: a[a0 + x] });
    }
  }
  while (x > 0 && y > 0) {
    x -= 1;
    y -= 1;
    reversed.push({ kind: 'same', oldNo: a0 + x + 1, newNo: b0 + y + 1, text: a[a0 + x] });
  }
  return reversed.reverse();
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
