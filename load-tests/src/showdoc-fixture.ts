import * as fs from 'node:fs';
import * as path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { SHOWDOC_FIXTURE_DB } from '@quire/testing';

/** The real ShowDoc 3.9.2 database (issue 16's fixture): its `sqlite_master` gives the generated database its schema. */
export { SHOWDOC_FIXTURE_DB };

/** The fixture's bcrypt hash of `123456` (user `showdoc`): every generated user logs in with that password. */
export const GENERATED_PASSWORD = '123456';
const PASSWORD_HASH = '$2y$10$gV5Srd1IWFZJVvQPpPLpLeTUXfWfrvExlwTYnz6yRkZRVshlesMnq';

export interface ShowdocFixtureOptions {
  /** Where the database goes (replaced when it exists). */
  file: string;
  /** Live pages in all (10,000 for the import bench). */
  pages?: number;
  items?: number;
  users?: number;
  /** Every this-many-th page has two older versions in `page_history`. */
  historyEvery?: number;
  /** The database whose schema is copied (the 3.9.2 fixture). */
  schemaFrom?: string;
}

/** What was written, for the bench to check an import against. */
export interface ShowdocFixtureSummary {
  file: string;
  bytes: number;
  users: number;
  items: number;
  catalogs: number;
  pages: number;
  history: number;
  members: number;
}

/** Per item: 4 top catalogs, 3 under each, 2 under each of those (ShowDoc's levels 2, 3 and 4). */
const SHAPE = [4, 3, 2];
const BASE_TIME = 1_767_225_600; // 2026-01-01

/**
 * Writes a ShowDoc database of the given size with ShowDoc's own schema (every `CREATE` of the
 * fixture's `sqlite_master`, in its order) and rows as ShowDoc writes them: bcrypt users (the first
 * an administrator), regular items (one private with a visit password in clear, one archived, each
 * with an `item_token`), catalogs three levels deep, pages spread over the top and every level
 * (content HTML-escaped as ShowDoc stores it, English and Chinese), older versions in
 * `page_history`, item members. Deterministic: the same options give the same rows.
 */
export function writeShowdocDatabase(options: ShowdocFixtureOptions): ShowdocFixtureSummary {
  const pageCount = options.pages ?? 10_000;
  const itemCount = options.items ?? 20;
  const userCount = options.users ?? 50;
  const historyEvery = options.historyEvery ?? 3;
  fs.rmSync(options.file, { force: true });
  fs.mkdirSync(path.dirname(options.file), { recursive: true });

  const source = new DatabaseSync(options.schemaFrom ?? SHOWDOC_FIXTURE_DB, { readOnly: true });
  const schema = source.prepare("SELECT sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' ORDER BY rowid").all() as { sql: string }[];
  const dbVersion = (source.prepare("SELECT option_value FROM options WHERE option_name = 'db_version_num'").get() as { option_value: string } | undefined)?.option_value ?? '33';
  source.close();

  const db = new DatabaseSync(options.file);
  const summary: ShowdocFixtureSummary = { file: options.file, bytes: 0, users: 0, items: 0, catalogs: 0, pages: 0, history: 0, members: 0 };
  try {
    for (const { sql } of schema) db.exec(sql);
    db.exec('BEGIN');
    db.prepare('INSERT INTO options (option_name, option_value) VALUES (?, ?)').run('db_version_num', dbVersion);

    const user = db.prepare('INSERT INTO user (uid, username, groupid, name, email, password, reg_time, last_login_time) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
    const usernames: string[] = [];
    for (let uid = 1; uid <= userCount; uid++) {
      const username = uid === 1 ? 'showdoc' : `user${String(uid).padStart(3, '0')}`;
      usernames.push(username);
      user.run(uid, username, uid === 1 ? 1 : 2, uid % 5 === 0 ? `用户${uid}` : '', uid % 2 === 0 ? `${username}@example.com` : '', PASSWORD_HASH, BASE_TIME + uid, BASE_TIME + 86_400 + uid);
      summary.users += 1;
    }

    const item = db.prepare(
      'INSERT INTO item (item_id, item_name, item_description, uid, username, password, addtime, last_update_time, item_domain, item_type, is_archived, is_del) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, 0)',
    );
    const token = db.prepare('INSERT INTO item_token (item_id, api_key, api_token, addtime) VALUES (?, ?, ?, ?)');
    const member = db.prepare('INSERT INTO item_member (item_id, uid, username, addtime, member_group_id) VALUES (?, ?, ?, ?, ?)');
    const catalog = db.prepare('INSERT INTO catalog (cat_id, cat_name, item_id, s_number, addtime, parent_cat_id, level) VALUES (?, ?, ?, ?, ?, ?, ?)');
    const page = db.prepare(
      'INSERT INTO page (page_id, author_uid, author_username, item_id, cat_id, page_title, page_content, s_number, addtime, page_comments) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    const history = db.prepare(
      'INSERT INTO page_history (page_id, author_uid, author_username, item_id, cat_id, page_title, page_content, s_number, addtime, page_comments) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );

    let catId = 1000;
    let pageId = 100_000;
    let written = 0;
    for (let n = 0; n < itemCount; n++) {
      const itemId = 10_000 + n;
      const ownerUid = 2 + (n % Math.max(1, userCount - 1));
      const owner = usernames[ownerUid - 1] ?? 'showdoc';
      const time = BASE_TIME + 1000 * n;
      item.run(
        itemId,
        n % 2 === 0 ? `API 文档 ${n + 1}` : `Handbook ${n + 1}`,
        `Generated item ${n + 1}`,
        ownerUid,
        owner,
        n === 1 ? 'visit-pass-1' : '',
        time,
        time + 500,
        '',
        n === 2 ? 1 : 0,
      );
      token.run(itemId, `key${String(itemId).padStart(38, '0')}`, `token${String(itemId).padStart(36, '0')}`, time);
      summary.items += 1;
      for (let m = 1; m <= 2; m++) {
        const memberUid = ((ownerUid + m * 7) % userCount) + 1;
        if (memberUid === ownerUid) continue;
        member.run(itemId, memberUid, usernames[memberUid - 1], time, m === 1 ? 1 : 0);
        summary.members += 1;
      }

      // The item's catalogs, parents first: every one a place for pages, with the top (0) as well.
      const places: number[] = [0];
      const addCatalogs = (parent: number, level: number, prefix: string) => {
        const count = SHAPE[level - 2];
        if (count === undefined) return;
        for (let c = 1; c <= count; c++) {
          const id = ++catId;
          const name = level === 2 ? (c % 2 === 0 ? `第${c}章` : `Chapter ${c}`) : `${prefix}.${c}`;
          catalog.run(id, name, itemId, c, time, parent, level);
          summary.catalogs += 1;
          places.push(id);
          addCatalogs(id, level + 1, level === 2 ? String(c) : `${prefix}.${c}`);
        }
      };
      addCatalogs(0, 2, '');

      const share = Math.floor(pageCount / itemCount) + (n < pageCount % itemCount ? 1 : 0);
      for (let p = 0; p < share; p++) {
        const id = ++pageId;
        written += 1;
        const cat = places[p % places.length];
        const authorUid = p % 4 === 0 ? ownerUid : ((ownerUid + p) % userCount) + 1;
        const author = usernames[authorUid - 1];
        const title = p % 3 === 0 ? `接口 ${written}：查询订单` : `Endpoint ${written}`;
        const saved = time + 10 * p;
        page.run(id, authorUid, author, itemId, cat, title, pageContent(written, 3), Math.floor(p / places.length) + 1, saved, '');
        summary.pages += 1;
        if (written % historyEvery === 0) {
          for (let version = 1; version <= 2; version++) {
            history.run(
              id,
              authorUid,
              author,
              itemId,
              cat,
              title,
              pageContent(written, version),
              Math.floor(p / places.length) + 1,
              saved - 100 * (3 - version),
              version === 2 ? '补充参数' : '',
            );
            summary.history += 1;
          }
        }
      }
    }
    db.exec('COMMIT');
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK');
    throw error;
  } finally {
    db.close();
  }
  summary.bytes = fs.statSync(options.file).size;
  return summary;
}

/** A page of an API manual, about 1 KB, HTML-escaped as ShowDoc stores content (`"` → `&quot;`). */
function pageContent(n: number, version: number): string {
  return [
    `# Endpoint ${n}`,
    '',
    `Version ${version}. Returns the **order** with id \`${n}\`. 返回订单 ${n} 的详情。`,
    '',
    '|param|type|required|desc|',
    '|-|-|-|-|',
    `|order_id|int|yes|order number ${n}|`,
    '|expand|string|no|related objects 关联对象|',
    '',
    '```json',
    `{&quot;error_code&quot;:0,&quot;data&quot;:{&quot;order_id&quot;:${n},&quot;amount&quot;:${(n * 37) % 1000}}}`,
    '```',
    '',
    `> Note: amounts are in cents &amp; rounded. ${'Lorem ipsum dolor sit amet. '.repeat(8)}`,
    '',
  ].join('\n');
}
