import * as path from 'node:path';

/**
 * A real ShowDoc 3.9.2 site (its SQLite database `showdoc.db` and its `Public/Uploads` folder as `Uploads/`),
 * made through ShowDoc's own API: users, items, catalogs, history, members, teams, a share key, an api key and
 * an attachment. Its README lists the users' passwords and what each table holds. Kept in the repository so
 * that a clean checkout tests the import with it.
 */
export const SHOWDOC_FIXTURE_DIR = path.resolve(__dirname, '..', 'fixtures', 'showdoc-3.9.2');
/** The fixture's database file (ShowDoc's `Sqlite/showdoc.db.php`: plain SQLite despite the name). */
export const SHOWDOC_FIXTURE_DB = path.join(SHOWDOC_FIXTURE_DIR, 'showdoc.db');
