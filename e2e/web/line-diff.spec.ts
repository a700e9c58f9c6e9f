import { diffLines, splitLines, summarize, toRows, type LineOp } from '../../web/src/features/page-history/lib/line-diff';

/** Rebuilds both texts from an edit script: every line of each text must appear once, in order. */
function sides(ops: LineOp[]): { old: string[]; new: string[] } {
  return {
    old: ops.filter((op) => op.kind !== 'added').map((op) => op.text),
    new: ops.filter((op) => op.kind !== 'removed').map((op) => op.text),
  };
}
const edits = (ops: LineOp[]) => ops.filter((op) => op.kind !== 'same').length;
const compact = (ops: LineOp[]) => ops.map((op) => `${op.kind === 'same' ? ' ' : op.kind === 'added' ? '+' : '-'}${op.text}`);

describe('line diff (the page diff screen)', () => {
  it('splits lines on any line ending and ignores one final newline', () => {
    expect(splitLines('a\r\nb\rc\n')).toEqual(['a', 'b', 'c']);
    expect(splitLines('')).toEqual([]);
    expect(splitLines('\n')).toEqual(['']);
  });

  it('marks nothing when both texts are the same', () => {
    const ops = diffLines('# Title\n\nBody', '# Title\n\nBody');
    expect(ops.every((op) => op.kind === 'same')).toBe(true);
    expect(ops).toHaveLength(3);
  });

  it('finds a changed line between kept lines, with both line numbers', () => {
    const ops = diffLines('one\ntwo\nthree', 'one\n2\nthree');
    expect(compact(ops)).toEqual([' one', '-two', '+2', ' three']);
    expect(ops[1]).toEqual({ kind: 'removed', oldNo: 2, text: 'two' });
    expect(ops[2]).toEqual({ kind: 'added', newNo: 2, text: '2' });
    expect(ops[3]).toEqual({ kind: 'same', oldNo: 3, newNo: 3, text: 'three' });
  });

  it('finds lines added and removed at the start, the end and from empty texts', () => {
    expect(compact(diffLines('b\nc', 'a\nb\nc\nd'))).toEqual(['+a', ' b', ' c', '+d']);
    expect(compact(diffLines('', 'x\ny'))).toEqual(['+x', '+y']);
    expect(compact(diffLines('x\ny', ''))).toEqual(['-x', '-y']);
  });

  it('keeps the longest common subsequence (the classic ABCABBA / CBABAC example: 5 edits)', () => {
    const ops = diffLines('A\nB\nC\nA\nB\nB\nA', 'C\nB\nA\nB\nA\nC');
    expect(edits(ops)).toBe(5);
    expect(sides(ops)).toEqual({ old: ['A', 'B', 'C', 'A', 'B', 'B', 'A'], new: ['C', 'B', 'A', 'B', 'A', 'C'] });
  });

  it('rebuilds both texts exactly for many random edits, never with more edits than a full rewrite', () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let round = 0; round < 200; round += 1) {
      const a = Array.from({ length: random(30) }, () => `line ${random(6)}`);
      const b = a.filter(() => random(4) !== 0).flatMap((line) => (random(5) === 0 ? [line, `new ${random(6)}`] : [line]));
      const ops = diffLines(a.join('\n'), b.join('\n'));
      expect(sides(ops)).toEqual({ old: a, new: b });
      expect(edits(ops)).toBeLessThanOrEqual(a.length + b.length);
      // b only deletes and inserts lines of a: at most the deleted and inserted ones are edits.
      expect(edits(ops)).toBeLessThanOrEqual(a.length - b.filter((l) => l.startsWith('line')).length + b.filter((l) => l.startsWith('new')).length);
    }
  });

  it('pairs removed and added lines into changed rows for the side-by-side view, and counts them', () => {
    const rows = toRows(diffLines('keep\nold 1\nold 2\nold 3\nend', 'keep\nnew 1\nend\ntail'));
    expect(rows.map((row) => [row.kind, row.old?.text ?? null, row.new?.text ?? null])).toEqual([
      ['same', 'keep', 'keep'],
      ['changed', 'old 1', 'new 1'],
      ['removed', 'old 2', null],
      ['removed', 'old 3', null],
      ['same', 'end', 'end'],
      ['added', null, 'tail'],
    ]);
    expect(summarize(rows)).toEqual({ added: 1, removed: 2, changed: 1 });
  });

  it('shows two long texts with no line in common as all removed, then all added (past the edit limit)', () => {
    const a = Array.from({ length: 3000 }, (_, i) => `old ${i}`);
    const b = Array.from({ length: 3000 }, (_, i) => `new ${i}`);
    const ops = diffLines(a.join('\n'), b.join('\n'));
    expect(sides(ops)).toEqual({ old: a, new: b });
    expect(ops.slice(0, 3000).every((op) => op.kind === 'removed')).toBe(true);
    expect(ops[3000]).toEqual({ kind: 'added', newNo: 1, text: 'new 0' });
  });

  it('finds the few changed rows of a 20,000-line page', () => {
    const a = Array.from({ length: 20_000 }, (_, i) => `row ${i}`);
    const b = a.map((line, i) => (i % 1000 === 0 ? `${line} edited` : line));
    const ops = diffLines(a.join('\n'), b.join('\n'));
    expect(summarize(toRows(ops))).toEqual({ added: 0, removed: 0, changed: 20 });
  });
});
