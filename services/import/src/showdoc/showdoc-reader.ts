import * as fs from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { inflateSync } from 'node:zlib';
import { AppError, unescapeHtml } from '@quire/proto';

/**
 * A ShowDoc site's database (`Sqlite/showdoc.db.php`, plain SQLite), read only. Opening checks that the file is
 * SQLite, whole (`quick_check`) and ShowDoc's (the tables and columns the import reads); anything else is a clear
 * error before a single record is written. Rows come back as ShowDoc stored them, except text: ShowDoc stores what
 * users type HTML-escaped (contract §1.5), Quire stores it raw, so text fields are decoded here once.
 */

/** What each table the import reads must have; tables of later ShowDoc versions missing from older ones are optional. */
const REQUIRED: Record<string, string[]> = {
  user: ['uid', 'username', 'groupid', 'password'],
  item: ['item_id', 'item_name', 'item_description', 'uid', 'username', 'password', 'addtime'],
  item_member: ['item_id', 'uid', 'username', 'member_group_id'],
  catalog: ['cat_id', 'cat_name', 'item_id', 's_number'],
  page: ['page_id', 'author_uid', 'author_username', 'item_id', 'cat_id', 'page_title', 'page_content', 's_number', 'addtime'],
  page_history: ['page_history_id', 'page_id', 'author_uid', 'item_id', 'page_title', 'page_content', 'addtime'],
};
const OPTIONAL = ['template', 'item_token', 'team', 'team_member', 'team_item', 'team_item_member', 'upload_file', 'file_page', 'single_page', 'item_sort', 'item_top', 'options'];

export interface ShowdocUser {
  uid: number;
  username: string;
  groupid: number;
  name: string;
  email: string;
  password: string;
  salt: string;
  reg_time: number;
  last_login_time: number;
}

export interface ShowdocItem {
  item_id: number;
  item_name: string;
  item_description: string;
  uid: number;
  username: string;
  password: string;
  addtime: number;
  last_update_time: number;
  item_domain: string;
  item_type: number;
  is_archived: number;
  is_del: number;
}

export interface ShowdocMember {
  item_member_id: number;
  item_id: number;
  uid: number;
  username: string;
  member_group_id: number;
  addtime: number;
  cat_id: number;
  cat_ids: string;
}

export interface ShowdocCatalog {
  cat_id: number;
  cat_name: string;
  item_id: number;
  s_number: number;
  addtime: number;
  parent_cat_id: number;
  level: number;
}

export interface ShowdocPage {
  page_id: number;
  author_uid: number;
  author_username: string;
  item_id: number;
  cat_id: number;
  page_title: string;
  page_content: string;
  s_number: number;
  addtime: number;
  page_comments: string;
  is_del: number;
  is_draft: number;
}

export interface ShowdocHistory {
  page_history_id: number;
  page_id: number;
  author_uid: number;
  author_username: string;
  item_id: number;
  cat_id: number;
  page_title: string;
  page_content: string;
  s_number: number;
  addtime: number;
  page_comments: string;
}

export interface ShowdocTemplate {
  id: number;
  uid: number;
  username: string;
  template_title: string;
  template_content: string;
  addtime: number;
}

export interface ShowdocToken {
  item_id: number;
  api_key: string;
  api_token: string;
  addtime: number;
}

export interface ShowdocTeam {
  id: number;
  team_name: string;
  uid: number;
  username: string;
  addtime: number;
  last_update_time: number;
}

export interface ShowdocTeamMember {
  team_id: number;
  member_uid: number;
  member_username: string;
  addtime: number;
}

export interface ShowdocTeamItem {
  team_id: number;
  item_id: number;
  addtime: number;
}

export interface ShowdocTeamItemMember {
  team_id: number;
  item_id: number;
  member_group_id: number;
  member_uid: number;
  member_username: string;
  addtime: number;
  cat_id: number;
  cat_ids: string;
}

export interface ShowdocFile {
  file_id: number;
  sign: string;
  display_name: string;
  file_type: string;
  uid: number;
  page_id: number;
  item_id: number;
  addtime: number;
  real_url: string;
}

export interface ShowdocFilePage {
  file_id: number;
  page_id: number;
}

export interface ShowdocItemSort {
  uid: number;
  /** `{"<item_id>": position}`. */
  positions: Map<number, number>;
  addtime: number;
}

export interface ShowdocShare {
  unique_key: string;
  page_id: number;
  expire_time: number;
}

type Row = Record<string, unknown>;

/** SQLite gives text, numbers, bigints, blobs or null. */
const str = (value: unknown): string => {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (value instanceof Uint8Array) return Buffer.from(value).toString('utf8');
  return '';
};
const num = (value: unknown): number => {
  const n = typeof value === 'number' ? value : typeof value === 'bigint' ? Number(value) : Number.parseInt(str(value), 10);
  return Number.isFinite(n) ? n : 0;
};
/** Text as ShowDoc's input filter stored it (HTML-escaped), raw. */
const txt = (value: unknown): string => unescapeHtml(str(value));

/**
 * History bodies: ShowDoc before 2.x stored `base64(gzcompress(content))`; later versions the text itself. A body is
 * taken as compressed only when it decodes as base64 to a zlib stream that inflates.
 */
export function historyContent(stored: string): string {
  if (stored.length >= 12 && stored.length % 4 === 0 && /^[A-Za-z0-9+/]+={0,2}$/.test(stored)) {
    const bytes = Buffer.from(stored, 'base64');
    if (bytes[0] === 0x78) {
      try {
        return inflateSync(bytes).toString('utf8');
      } catch {
        // not compressed after all
      }
    }
  }
  return stored;
}

export class ShowdocReader {
  private constructor(
    private readonly db: DatabaseSync,
    private readonly tables: Map<string, Set<string>>,
    /** The file's size, for the report. */
    readonly bytes: number,
  ) {}

  /** Opens and checks the file; throws AppError (import_not_sqlite, import_db_damaged, import_not_showdoc) and nothing is read. */
  static open(file: string): ShowdocReader {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(file);
    } catch (error) {
      throw AppError.failed('import_not_sqlite', { reason: (error as NodeJS.ErrnoException).code === 'ENOENT' ? `no file ${file}` : (error as Error).message });
    }
    if (!stat.isFile()) throw AppError.failed('import_not_sqlite', { reason: `${file} is not a file` });
    const head = Buffer.alloc(16);
    const fd = fs.openSync(file, 'r');
    try {
      fs.readSync(fd, head, 0, 16, 0);
    } finally {
      fs.closeSync(fd);
    }
    if (head.toString('latin1') !== 'SQLite format 3\u0000') throw AppError.failed('import_not_sqlite', { reason: 'no SQLite header' });
    let db: DatabaseSync;
    try {
      db = new DatabaseSync(file, { readOnly: true });
    } catch (error) {
      throw AppError.failed('import_not_sqlite', { reason: (error as Error).message });
    }
    try {
      const pageSize = num((db.prepare('PRAGMA page_size').get() as Row).page_size);
      const pageCount = num((db.prepare('PRAGMA page_count').get() as Row).page_count);
      if (pageSize * pageCount > stat.size) throw AppError.failed('import_db_damaged', { reason: `the file has ${stat.size} bytes, its header says ${pageSize * pageCount}` });
      const check = (db.prepare('PRAGMA quick_check').all() as Row[]).map((row) => str(Object.values(row)[0]));
      if (check.length !== 1 || check[0] !== 'ok') throw AppError.failed('import_db_damaged', { reason: check.slice(0, 3).join('; ') });
      const tables = new Map<string, Set<string>>();
      for (const row of db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as Row[]) {
        const name = str(row.name);
        if (!(name in REQUIRED) && !OPTIONAL.includes(name)) continue;
        const columns = (db.prepare(`PRAGMA table_info("${name.replace(/"/g, '""')}")`).all() as Row[]).map((column) => str(column.name));
        tables.set(name, new Set(columns));
      }
      for (const [table, columns] of Object.entries(REQUIRED)) {
        const present = tables.get(table);
        if (!present) throw AppError.failed('import_not_showdoc', { reason: `it has no table ${table}` });
        const missing = columns.filter((column) => !present.has(column));
        if (missing.length > 0) throw AppError.failed('import_not_showdoc', { reason: `table ${table} has no column ${missing.join(', ')}` });
      }
      return new ShowdocReader(db, tables, stat.size);
    } catch (error) {
      db.close();
      if (error instanceof AppError) throw error;
      const message = (error as Error).message;
      if (/not a database|file is encrypted/i.test(message)) throw AppError.failed('import_not_sqlite', { reason: message });
      throw AppError.failed('import_db_damaged', { reason: message });
    }
  }

  close(): void {
    if (this.db.isOpen) this.db.close();
  }

  has(table: string): boolean {
    return this.tables.has(table);
  }

  /**
   * Who the site is: its first user's name and registration time (ShowDoc creates its administrator at install, and
   * neither changes afterwards), so a later copy of the same site, with more pages, is known as the same source.
   */
  sourceIdentity(): string {
    const first = this.db.prepare('SELECT uid, username, reg_time FROM user ORDER BY uid LIMIT 1').get() as Row | undefined;
    return first ? `showdoc:${num(first.uid)}:${str(first.username)}:${this.column('user', 'reg_time') ? num(first.reg_time) : 0}` : 'showdoc:empty';
  }

  users(): ShowdocUser[] {
    return this.rows('user', 'uid').map((row) => ({
      uid: num(row.uid),
      username: str(row.username),
      groupid: num(row.groupid),
      name: txt(row.name),
      email: str(row.email),
      password: str(row.password),
      salt: str(row.salt),
      reg_time: num(row.reg_time),
      last_login_time: num(row.last_login_time),
    }));
  }

  items(): ShowdocItem[] {
    return this.rows('item', 'item_id').map((row) => ({
      item_id: num(row.item_id),
      item_name: txt(row.item_name),
      item_description: txt(row.item_description),
      uid: num(row.uid),
      username: str(row.username),
      password: str(row.password),
      addtime: num(row.addtime),
      last_update_time: num(row.last_update_time),
      item_domain: str(row.item_domain),
      item_type: this.column('item', 'item_type') ? num(row.item_type) : 1,
      is_archived: num(row.is_archived),
      is_del: num(row.is_del),
    }));
  }

  members(itemId: number): ShowdocMember[] {
    return this.rows('item_member', 'item_member_id', itemId).map((row) => ({
      item_member_id: num(row.item_member_id),
      item_id: num(row.item_id),
      uid: num(row.uid),
      username: str(row.username),
      member_group_id: num(row.member_group_id),
      addtime: num(row.addtime),
      cat_id: num(row.cat_id),
      cat_ids: str(row.cat_ids),
    }));
  }

  catalogs(itemId: number): ShowdocCatalog[] {
    return this.rows('catalog', 'cat_id', itemId).map((row) => ({
      cat_id: num(row.cat_id),
      cat_name: txt(row.cat_name),
      item_id: num(row.item_id),
      s_number: num(row.s_number),
      addtime: num(row.addtime),
      parent_cat_id: num(row.parent_cat_id),
      level: this.column('catalog', 'level') ? num(row.level) : 2,
    }));
  }

  /** One item's pages in page id order, `limit` at a time (the text of a large site never sits in memory whole). */
  *pageChunks(itemId: number, limit = 500): Generator<ShowdocPage[]> {
    for (let after = -1; ;) {
      const rows = this.db.prepare('SELECT * FROM page WHERE page_id > ? AND item_id = ? ORDER BY page_id LIMIT ?').all(after, itemId, limit) as Row[];
      if (rows.length === 0) return;
      yield rows.map((row) => this.page(row));
      after = num(rows[rows.length - 1].page_id);
    }
  }

  /** One item's pages without their text: what decides which are imported. */
  pageHeads(itemId: number): Pick<ShowdocPage, 'page_id' | 'page_title' | 'is_del' | 'is_draft'>[] {
    const has = (column: string) => this.column('page', column);
    const sql = `SELECT page_id, page_title, ${has('is_del') ? 'is_del' : '0 AS is_del'}, ${has('is_draft') ? 'is_draft' : '0 AS is_draft'} FROM page WHERE item_id = ? ORDER BY page_id`;
    return (this.db.prepare(sql).all(itemId) as Row[]).map((row) => ({ page_id: num(row.page_id), page_title: txt(row.page_title), is_del: num(row.is_del), is_draft: num(row.is_draft) }));
  }

  pages(itemId: number): ShowdocPage[] {
    return this.rows('page', 'page_id', itemId).map((row) => this.page(row));
  }

  private page(row: Row): ShowdocPage {
    return {
      page_id: num(row.page_id),
      author_uid: num(row.author_uid),
      author_username: str(row.author_username),
      item_id: num(row.item_id),
      cat_id: num(row.cat_id),
      page_title: txt(row.page_title),
      page_content: txt(row.page_content),
      s_number: num(row.s_number),
      addtime: num(row.addtime),
      page_comments: txt(row.page_comments),
      is_del: num(row.is_del),
      is_draft: num(row.is_draft),
    };
  }

  /** One item's history, oldest first, `limit` versions at a time; bodies decompressed (older ShowDoc) and decoded. */
  *historyChunks(itemId: number, limit = 500): Generator<ShowdocHistory[]> {
    for (let after = -1; ;) {
      const rows = this.db.prepare('SELECT * FROM page_history WHERE page_history_id > ? AND item_id = ? ORDER BY page_history_id LIMIT ?').all(after, itemId, limit) as Row[];
      if (rows.length === 0) return;
      yield rows.map((row) => this.version(row));
      after = num(rows[rows.length - 1].page_history_id);
    }
  }

  /** One item's history, oldest first; bodies decompressed (older ShowDoc) and decoded. */
  history(itemId: number): ShowdocHistory[] {
    return this.rows('page_history', 'page_history_id', itemId).map((row) => this.version(row));
  }

  private version(row: Row): ShowdocHistory {
    return {
      page_history_id: num(row.page_history_id),
      page_id: num(row.page_id),
      author_uid: num(row.author_uid),
      author_username: str(row.author_username),
      item_id: num(row.item_id),
      cat_id: num(row.cat_id),
      page_title: txt(row.page_title),
      page_content: txt(historyContent(str(row.page_content))),
      s_number: num(row.s_number),
      addtime: num(row.addtime),
      page_comments: txt(row.page_comments),
    };
  }

  templates(): ShowdocTemplate[] {
    if (!this.has('template')) return [];
    return this.rows('template', 'id').map((row) => ({
      id: num(row.id),
      uid: num(row.uid),
      username: str(row.username),
      template_title: txt(row.template_title),
      template_content: txt(row.template_content),
      addtime: num(row.addtime),
    }));
  }

  token(itemId: number): ShowdocToken | null {
    if (!this.has('item_token')) return null;
    const row = this.rows('item_token', 'id', itemId)[0];
    return row ? { item_id: num(row.item_id), api_key: str(row.api_key), api_token: str(row.api_token), addtime: num(row.addtime) } : null;
  }

  teams(): ShowdocTeam[] {
    if (!this.has('team')) return [];
    return this.rows('team', 'id').map((row) => ({
      id: num(row.id),
      team_name: txt(row.team_name),
      uid: num(row.uid),
      username: str(row.username),
      addtime: num(row.addtime),
      last_update_time: num(row.last_update_time),
    }));
  }

  teamMembers(): ShowdocTeamMember[] {
    if (!this.has('team_member')) return [];
    return this.rows('team_member', 'id').map((row) => ({
      team_id: num(row.team_id),
      member_uid: num(row.member_uid),
      member_username: str(row.member_username),
      addtime: num(row.addtime),
    }));
  }

  teamItems(): ShowdocTeamItem[] {
    if (!this.has('team_item')) return [];
    return this.rows('team_item', 'id').map((row) => ({ team_id: num(row.team_id), item_id: num(row.item_id), addtime: num(row.addtime) }));
  }

  teamItemMembers(): ShowdocTeamItemMember[] {
    if (!this.has('team_item_member')) return [];
    return this.rows('team_item_member', 'id').map((row) => ({
      team_id: num(row.team_id),
      item_id: num(row.item_id),
      member_group_id: num(row.member_group_id),
      member_uid: num(row.member_uid),
      member_username: str(row.member_username),
      addtime: num(row.addtime),
      cat_id: num(row.cat_id),
      cat_ids: str(row.cat_ids),
    }));
  }

  /** Files uploaded to the item or bound to one of its pages. */
  files(itemId: number): ShowdocFile[] {
    if (!this.has('upload_file')) return [];
    return this.rows('upload_file', 'file_id', itemId).map((row) => ({
      file_id: num(row.file_id),
      sign: str(row.sign),
      display_name: txt(row.display_name),
      file_type: str(row.file_type),
      uid: num(row.uid),
      page_id: num(row.page_id),
      item_id: num(row.item_id),
      addtime: num(row.addtime),
      real_url: str(row.real_url),
    }));
  }

  filePages(itemId: number): ShowdocFilePage[] {
    if (!this.has('file_page')) return [];
    return this.rows('file_page', 'id', itemId).map((row) => ({ file_id: num(row.file_id), page_id: num(row.page_id) }));
  }

  /** Each user's saved order of the item list (the newest row of the ungrouped list; later ShowDoc keeps one per item group). */
  itemSorts(): ShowdocItemSort[] {
    if (!this.has('item_sort')) return [];
    const byUser = new Map<number, ShowdocItemSort>();
    for (const row of this.rows('item_sort', 'id')) {
      if (num(row.item_group_id) !== 0) continue;
      let data: unknown;
      try {
        data = JSON.parse(txt(row.item_sort_data));
      } catch {
        continue;
      }
      if (typeof data !== 'object' || data === null) continue;
      const positions = new Map<number, number>();
      for (const [itemId, position] of Object.entries(data as Record<string, unknown>)) {
        if (Number.isSafeInteger(Number(itemId)) && Number.isSafeInteger(Number(position))) positions.set(Number(itemId), Number(position));
      }
      byUser.set(num(row.uid), { uid: num(row.uid), positions, addtime: num(row.addtime) });
    }
    return [...byUser.values()];
  }

  /** Share keys of the pages of one item. */
  shares(pageIds: number[]): ShowdocShare[] {
    if (!this.has('single_page') || pageIds.length === 0) return [];
    const wanted = new Set(pageIds);
    return (this.db.prepare('SELECT * FROM single_page ORDER BY id').all() as Row[])
      .map((row) => ({ unique_key: str(row.unique_key), page_id: num(row.page_id), expire_time: num(row.expire_time) }))
      .filter((share) => wanted.has(share.page_id));
  }

  /** How many rows a table has (0 when the table is absent), for the plan. */
  count(table: string): number {
    if (!this.has(table)) return 0;
    return num((this.db.prepare(`SELECT COUNT(*) AS n FROM "${table}"`).get() as Row).n);
  }

  private column(table: string, column: string): boolean {
    return this.tables.get(table)?.has(column) ?? false;
  }

  /** A table's rows in id order, all or those of one item. */
  private rows(table: string, order: string, itemId?: number): Row[] {
    const columns = this.tables.get(table);
    if (!columns) return [];
    const by = columns.has(order) ? ` ORDER BY "${order}"` : '';
    if (itemId === undefined) return this.db.prepare(`SELECT * FROM "${table}"${by}`).all();
    return this.db.prepare(`SELECT * FROM "${table}" WHERE item_id = ?${by}`).all(itemId);
  }
}
