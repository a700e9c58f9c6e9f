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

  it('leaves a table inside fenced code alone', () => {
    const page = '```\n| a |\n|---|\n' + '| x |\n'.repeat(20) + '```';
    expect([...segmentMarkdown(page, { tableChunkRows: 5 })]).toHaveLength(1);
  });
});
