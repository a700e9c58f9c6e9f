import { segmentMarkdown } from './markdown-segments';

describe('segmentMarkdown', () => {
  it('keeps a short page whole', () => {
    expect([...segmentMarkdown('# A\n\ntext\n\n| a |\n|---|\n| 1 |')]).toEqual([{ markdown: '# A\n\ntext\n\n| a |\n|---|\n| 1 |', continuesTable: false }]);
  });

  it('cuts a long page only at blank lines outside fenced code', () => {
    const code = '```\n' + 'line\n\n'.repeat(50) + '```';
    const page = `${'p '.repeat(30)}\n\n${code}\n\nafter`;
    const segments = [...segmentMarkdown(page, { segmentChars: 20 })];
    expect(segments.map((s) => s.markdown)).toEqual(['p '.repeat(30), code, 'after']);
  });

  it('parses a long table in parts under its header and keeps only its first rows', () => {
    const rows = Array.from({ length: 25 }, (_, i) => `| ${i} |`);
    const segments = [...segmentMarkdown(`intro\n\n| n |\n|---|\n${rows.join('\n')}\n\nend`, { tableChunkRows: 10, maxTableRows: 22 })];
    expect(segments).toEqual([
      { markdown: 'intro\n', continuesTable: false },
      { markdown: `| n |\n|---|\n${rows.slice(0, 10).join('\n')}`, continuesTable: false },
      { markdown: `| n |\n|---|\n${rows.slice(10, 20).join('\n')}`, continuesTable: true },
      { markdown: `| n |\n|---|\n${rows.slice(20, 22).join('\n')}`, continuesTable: true, tableCut: { rows: 25, shown: 22 } },
      { markdown: '\nend', continuesTable: false },
    ]);
  });

  it('cuts a block longer than blockChars between its lines, and a longer line at spaces, never code', () => {
    const block = ['first line', 'second line', 'third line'].join('\n');
    const code = '```\n' + 'x'.repeat(50) + '\n```';
    const segments = [...segmentMarkdown(`${block}\n\n${'word '.repeat(10).trim()}\n\n${code}`, { blockChars: 24 })];
    expect(segments.map((s) => s.markdown)).toEqual(['first line\nsecond line', 'third line\n', 'word word word word word', 'word word word word word', `\n${code}`]);
  });

  it('cuts a line without spaces hard, but not inside a surrogate pair', () => {
    const segments = [...segmentMarkdown(`ab${'😀'.repeat(5)}`, { blockChars: 5 })];
    expect(segments.map((s) => s.markdown)).toEqual(['ab😀', '😀😀', '😀😀']);
  });

  it('parses a table of long rows in parts, and escapes the Markdown of a row too long to parse as written', () => {
    const rows = ['| *a* | 1 |', '| *b* | 2 |', `| ${'*c'.repeat(20)} | \\| 3 |`];
    const segments = [...segmentMarkdown(`| n | v |\n|---|---|\n${rows.join('\n')}`, { blockChars: 25 })];
    expect(segments).toEqual([
      { markdown: `| n | v |\n|---|---|\n${rows[0]}\n${rows[1]}`, continuesTable: false },
      { markdown: `| n | v |\n|---|---|\n| ${'\\*c'.repeat(20)} | \\| 3 |`, continuesTable: true },
    ]);
  });

  it('reads a would-be delimiter row with a long run of spaces at once', () => {
    // The regular expression it replaces took seconds for 100,000 spaces, growing with their square.
    const segments = [...segmentMarkdown(`| a |\n|-${' '.repeat(1_000_000)}x`)];
    expect(segments.map((s) => s.markdown.trim())).toContain('| a |');
  });

  it('leaves a table inside fenced code alone', () => {
    const page = '```\n| a |\n|---|\n' + '| x |\n'.repeat(20) + '```';
    expect([...segmentMarkdown(page, { tableChunkRows: 5 })]).toHaveLength(1);
  });
});
