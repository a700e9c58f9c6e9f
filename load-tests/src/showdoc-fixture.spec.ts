import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { SHOWDOC_FIXTURE_DB, writeShowdocDatabase } from './showdoc-fixture';

describe(writeShowdocDatabase.name, () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-showdoc-fixture-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const schemaOf = (file: string) => {
    const db = new DatabaseSync(file, { readOnly: true });
    try {
      return db.prepare('SELECT type, name, sql FROM sqlite_master ORDER BY rowid').all();
    } finally {
      db.close();
    }
  };

  it("writes ShowDoc's schema and the rows asked for: users, items, catalogs 3 levels deep, pages on every level, history", () => {
    const file = path.join(dir, 'showdoc.db.php');
    const summary = writeShowdocDatabase({ file, pages: 1000, items: 4, users: 10 });

    expect(schemaOf(file)).toEqual(schemaOf(SHOWDOC_FIXTURE_DB));
    const db = new DatabaseSync(file, { readOnly: true });
    try {
      const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
      expect(summary).toMatchObject({ users: 10, items: 4, catalogs: 4 * (4 + 12 + 24), pages: 1000, history: 2 * 333 });
      expect(count('SELECT count(*) n FROM page')).toBe(1000);
      expect(count('SELECT count(*) n FROM page_history')).toBe(666);
      expect(
        db
          .prepare('SELECT level, count(*) n FROM catalog GROUP BY level ORDER BY level')
          .all()
          .map((row) => ({ ...row })),
      ).toEqual([
        { level: 2, n: 16 },
        { level: 3, n: 48 },
        { level: 4, n: 96 },
      ]);
      // Pages sit at the top and in catalogs of every level, and each catalog's parent is in the same item.
      expect(count('SELECT count(*) n FROM page WHERE cat_id = 0')).toBeGreaterThan(0);
      expect(count('SELECT count(DISTINCT c.level) n FROM page p JOIN catalog c ON c.cat_id = p.cat_id')).toBe(3);
      expect(count('SELECT count(*) n FROM catalog c LEFT JOIN catalog p ON p.cat_id = c.parent_cat_id WHERE c.level > 2 AND (p.item_id IS NULL OR p.item_id != c.item_id)')).toBe(0);
      expect(db.prepare('SELECT username, groupid, password FROM user WHERE uid = 1').get()).toEqual({ username: 'showdoc', groupid: 1, password: expect.stringMatching(/^\$2y\$10\$/) });
      expect(count("SELECT count(*) n FROM page WHERE page_content LIKE '%&quot;%'")).toBe(1000);
      expect(count('SELECT count(*) n FROM item_token')).toBe(4);
    } finally {
      db.close();
    }
  });

  it('gives the same rows for the same options', () => {
    const a = path.join(dir, 'a.db');
    const b = path.join(dir, 'b.db');
    writeShowdocDatabase({ file: a, pages: 50, items: 2, users: 5 });
    writeShowdocDatabase({ file: b, pages: 50, items: 2, users: 5 });
    const rows = (file: string) => {
      const db = new DatabaseSync(file, { readOnly: true });
      try {
        return db.prepare('SELECT * FROM page ORDER BY page_id').all();
      } finally {
        db.close();
      }
    };
    expect(rows(a)).toEqual(rows(b));
  });
});
