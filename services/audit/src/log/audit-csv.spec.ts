import type { AuditEntryEntity } from '../entry/audit-entry.entity';
import { AUDIT_CSV_HEADER, auditCsv, csvCell } from './audit-csv';

const entry = (overrides: Partial<AuditEntryEntity> = {}): AuditEntryEntity => ({
  entry_key: 'k1',
  seq: 1,
  action: 'page.update',
  actor_uid: 7,
  actor_username: 'ada',
  actor_key: 'ada',
  ip: '203.0.113.9',
  item_id: 3,
  target_type: 'page',
  target_id: '12',
  target_name: 'Intro',
  detail: {},
  time: Date.UTC(2026, 10, 26, 10, 0, 0),
  ...overrides,
});

describe('audit CSV', () => {
  it('prefixes every cell a spreadsheet would run as a formula, and only those', () => {
    expect(['=SUM(A1)', '+1', '-2', '@cmd', '\tx', '\rx'].map(csvCell)).toEqual(["'=SUM(A1)", "'+1", "'-2", "'@cmd", "'\tx", `"'\rx"`]);
    expect(['plain', 'a=b', '中文'].map(csvCell)).toEqual(['plain', 'a=b', '中文']);
    // Numbers are the log's own (ids, uids): never text a user typed.
    expect(csvCell(-1)).toBe('-1');
  });

  it('quotes commas, quotes and line breaks as RFC 4180 does', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=1,2')).toBe(`"'=1,2"`);
  });

  it('writes a BOM, the header and one row per entry with raw texts and the detail as JSON', () => {
    const text = auditCsv([entry({ target_name: '=HYPERLINK("http://x")', detail: { fields: 'item_name' } }), entry({ actor_username: 'bob & <co>' })]);
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(AUDIT_CSV_HEADER.join(','));
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2},page\.update,7,ada,203\.0\.113\.9,3,page,12,"'=HYPERLINK\(""http:\/\/x""\)","\{""fields"":""item_name""\}"$/);
    expect(lines[2]).toContain(',bob & <co>,');
  });
});
