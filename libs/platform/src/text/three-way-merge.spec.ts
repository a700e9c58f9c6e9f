import { mergeThreeWay } from './three-way-merge';

/** A page as two people opened it: an API description in three sections. */
const base = [
  '# Orders API',
  '',
  'Creates and lists orders.',
  '',
  '## Request',
  '',
  '| field | type | note |',
  '|---|---|---|',
  '| item_id | int | required |',
  '',
  '## Response',
  '',
  '```json',
  '{ "error_code": 0 }',
  '```',
  '',
  '## Errors',
  '',
  'See the common error table.',
  '',
].join('\n');

const edit = (text: string, from: string, to: string): string => {
  expect(text).toContain(from);
  return text.replace(from, to);
};

describe(mergeThreeWay.name, () => {
  it('keeps lines both sides added in different sections', () => {
    const ours = edit(base, '| item_id | int | required |\n', '| item_id | int | required |\n| count | int | optional |\n');
    const theirs = edit(base, 'See the common error table.\n', 'See the common error table.\n\n10403: no right.\n');

    const result = mergeThreeWay(base, ours, theirs);

    expect(result).toEqual({
      ok: true,
      merged: edit(ours, 'See the common error table.\n', 'See the common error table.\n\n10403: no right.\n'),
    });
  });

  it('keeps changes to neighbouring lines of one table', () => {
    const withTwoRows = edit(base, '| item_id | int | required |\n', '| item_id | int | required |\n| page_id | int | |\n');
    const ours = edit(withTwoRows, '| item_id | int | required |', '| item_id | int | required, > 0 |');
    const theirs = edit(withTwoRows, '| page_id | int | |', '| page_id | int | optional |');

    const result = mergeThreeWay(withTwoRows, ours, theirs);

    expect(result).toEqual({ ok: true, merged: edit(ours, '| page_id | int | |', '| page_id | int | optional |') });
  });

  it('reports a conflict when both sides change the same line differently', () => {
    const ours = edit(base, 'Creates and lists orders.', 'Creates, lists and cancels orders.');
    const theirs = edit(base, 'Creates and lists orders.', 'Creates and lists the orders of a shop.');

    expect(mergeThreeWay(base, ours, theirs)).toEqual({ ok: false });
  });

  it('reports a conflict when both sides insert different lines at the same place', () => {
    const ours = edit(base, '## Errors\n', '## Errors\n\n10401: not logged in.\n');
    const theirs = edit(base, '## Errors\n', '## Errors\n\n10403: no right.\n');

    expect(mergeThreeWay(base, ours, theirs)).toEqual({ ok: false });
  });

  it('reports a conflict when one side edits a paragraph the other deleted', () => {
    const ours = edit(base, 'Creates and lists orders.\n\n', '');
    const theirs = edit(base, 'Creates and lists orders.', 'Creates, lists and cancels orders.');

    expect(mergeThreeWay(base, ours, theirs)).toEqual({ ok: false });
  });

  it('counts the same change made on both sides once', () => {
    const both = edit(base, '{ "error_code": 0 }', '{ "error_code": 0, "data": [] }');
    const ours = edit(both, '# Orders API', '# Orders API (v2)');

    const result = mergeThreeWay(base, ours, both);

    expect(result).toEqual({ ok: true, merged: ours });
  });

  it('deletes a paragraph one side removed and keeps the other side’s edit elsewhere', () => {
    const ours = edit(base, '## Errors\n\nSee the common error table.\n', '## Errors\n');
    const theirs = edit(base, '# Orders API', '# Orders');

    const result = mergeThreeWay(base, ours, theirs);

    expect(result).toEqual({ ok: true, merged: edit(ours, '# Orders API', '# Orders') });
    expect(result.ok && result.merged).not.toContain('See the common error table.');
  });

  it('merges a CRLF copy with an LF copy and writes the line breaks of ours', () => {
    const crlf = (text: string): string => text.replace(/\n/g, '\r\n');
    const ours = crlf(edit(base, '# Orders API', '# Orders API (v2)'));
    const theirs = edit(base, 'See the common error table.', 'See the error table.');

    const result = mergeThreeWay(base, ours, theirs);

    expect(result).toEqual({
      ok: true,
      merged: crlf(edit(edit(base, '# Orders API', '# Orders API (v2)'), 'See the common error table.', 'See the error table.')),
    });
  });

  it('treats an added final line break as its own change', () => {
    const withoutBreak = base.slice(0, -1);
    const ours = withoutBreak + '\n';
    const theirs = withoutBreak + '\n\nLast reviewed: 2026-11.';

    const result = mergeThreeWay(withoutBreak, ours, theirs);

    expect(result).toEqual({ ok: true, merged: theirs + '\n' });
  });

  it('keeps a removed final line break and the other side’s edit of the last line', () => {
    const ours = base.slice(0, -1);
    const theirs = edit(base, 'See the common error table.', 'See the error table.');

    const result = mergeThreeWay(base, ours, theirs);

    expect(result).toEqual({ ok: true, merged: theirs.slice(0, -1) });
  });

  it('takes the one side that changed an empty base', () => {
    expect(mergeThreeWay('', '', '# New page\n')).toEqual({ ok: true, merged: '# New page\n' });
    expect(mergeThreeWay('', '# New page\n', '')).toEqual({ ok: true, merged: '# New page\n' });
  });

  it('reports a conflict when both sides wrote different text into an empty base', () => {
    expect(mergeThreeWay('', '# Orders\n', '# Payments\n')).toEqual({ ok: false });
  });

  it('accepts both sides writing the same text into an empty base', () => {
    expect(mergeThreeWay('', '# Orders\n', '# Orders\n')).toEqual({ ok: true, merged: '# Orders\n' });
  });
});
