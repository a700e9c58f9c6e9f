import { takePieces } from './content-pieces';

describe('takePieces', () => {
  const contents = new Map([
    [1, 'first'],
    [2, 'second'],
    [3, 'x'.repeat(1000)],
  ]);

  it('gives whole pages in the order asked while they fit, and marks missing pages empty', () => {
    expect(takePieces(contents, [2, 9, 1], 0, 100)).toEqual([
      { page_id: 2, start: 0, total: 6, content: 'second' },
      { page_id: 9, start: 0, total: 0, content: '' },
      { page_id: 1, start: 0, total: 5, content: 'first' },
    ]);
  });

  it('stops before a page that does not fit, and cuts a long first page into budget-sized pieces', () => {
    expect(takePieces(contents, [1, 3], 0, 100).map((p) => p.page_id)).toEqual([1]);
    const first = takePieces(contents, [3], 0, 100);
    expect(first).toEqual([{ page_id: 3, start: 0, total: 1000, content: 'x'.repeat(33) }]);
    const next = takePieces(contents, [3], 33, 100);
    expect(next[0]).toMatchObject({ start: 33, total: 1000 });
  });

  it('never cuts a surrogate pair and keeps each reply within the budget as JSON', () => {
    const emoji = '😀'.repeat(100);
    const pieces = takePieces(new Map([[1, emoji]]), [1], 0, 50);
    const piece = pieces[0];
    expect(piece.content.length % 2).toBe(0);
    expect(Buffer.byteLength(JSON.stringify(piece.content))).toBeLessThanOrEqual(50);
    expect(piece.content.length).toBeGreaterThan(0);
  });

  it('moves forward by at least one character even with a tiny budget', () => {
    expect(takePieces(new Map([[1, '"\u0001"']]), [1], 0, 1)[0].content.length).toBe(1);
  });
});
