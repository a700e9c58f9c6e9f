import * as fs from 'node:fs';
import * as path from 'node:path';
import { setImmediate } from 'node:timers/promises';
import { DatabaseSync } from 'node:sqlite';
import { Inject, Injectable, Logger, type OnApplicationShutdown, Optional } from '@nestjs/common';
import type { QuireConfig } from '@quire/config';
import { QUIRE_CONFIG, SqliteDatabase } from '@quire/platform';
import { API_GENERATED_END, type SearchDocument, type SearchVersion } from '@quire/proto';
import { parseKeyword, type SearchQuery } from './search-query';
import type { Stemmer } from './snippet';
import { DEFAULT_SEGMENTER, textStreams, type WordSegmenter } from './tokenizer';

/** The index's own database file under DATA_DIR: derived data, rebuilt from the pages whenever it is in doubt. */
export const SEARCH_DATABASE_FILE = 'search.db';

/**
 * The layout of search.db and of what the tokenizer puts in it. A file of another version is
 * rebuilt: raise it whenever the tables or the tokens change.
 */
export const SEARCH_FORMAT_VERSION = 4;

/** Provider token of the `WordSegmenter` an index cuts CJK text with; none: `DEFAULT_SEGMENTER`. */
export const WORD_SEGMENTER = Symbol('WORD_SEGMENTER');

/** bm25 weights of the FTS columns: title, content, catalog path, title bigrams, content and catalog bigrams. */
const BM25_WEIGHTS = '10.0, 1.0, 3.0, 5.0, 0.5';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS docs (
  page_id INTEGER PRIMARY KEY,
  item_id INTEGER NOT NULL,
  author_username TEXT NOT NULL,
  addtime INTEGER NOT NULL,
  cat_id INTEGER NOT NULL,
  cat_ids TEXT NOT NULL,
  cat_path TEXT NOT NULL,
  author_uid INTEGER NOT NULL,
  page_title TEXT NOT NULL,
  -- Last: filtering and ranking read the columns before it, never its overflow pages.
  page_content TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS docs_by_item ON docs (item_id);
-- What every hit is filtered and ordered by, in rows of a few dozen bytes: a search with tens of
-- thousands of hits reads a few pages of these, not each hit's row of text in docs (half the time).
CREATE TABLE IF NOT EXISTS ranking (
  page_id INTEGER PRIMARY KEY,
  item_id INTEGER NOT NULL,
  author_username TEXT NOT NULL,
  addtime INTEGER NOT NULL
);
CREATE VIRTUAL TABLE IF NOT EXISTS fts USING fts5(
  title, content, cat_path, title_grams, body_grams,
  content = '', contentless_delete = 1,
  tokenize = 'porter unicode61 remove_diacritics 2'
);
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
`;

/** A page as the index keeps it (text raw; the snippet is made from it). */
export interface IndexedPage {
  page_id: number;
  item_id: number;
  cat_id: number;
  cat_path: string[];
  page_title: string;
  page_content: string;
  author_username: string;
  addtime: number;
  score: number;
}

/** What a page's entry was indexed from besides its text (compared with `page.search.versions`). */
export type IndexedEntry = SearchVersion;

/** Which pages a search may answer with. */
export interface SearchScope {
  /** The items the caller may read (the item named, when one is). */
  itemIds: number[];
  /** Pages last saved by this username; '' for any. */
  author: string;
  /** Saved at or after (unix seconds); 0 for any. */
  since: number;
}

interface DocRow {
  page_id: number;
  item_id: number;
  cat_id: number;
  cat_path: string;
  page_title: string;
  page_content: string;
  author_username: string;
  addtime: number;
}

/** Hits ranked by bm25 at most, besides title and exact-phrase hits: the most recently created (see `search`). */
const RANKED_AT_MOST = 5_000;

/** Pages tokenized in one turn of the event loop by `replace`. */
const TOKENIZED_BETWEEN_TURNS = 8;

const SCOPE_SQL = `d.item_id IN (SELECT value FROM json_each(:items)) AND (:author = '' OR d.author_username = :author) AND d.addtime >= :since`;

/**
 * The full-text index of live pages, in SQLite FTS5 (`DATA_DIR/search.db`). The tokenizer runs
 * here before FTS5 (see tokenizer.ts); `docs` keeps each page's text for snippets, `ranking`
 * what hits are filtered and ordered by.
 * Ranking: every term in the title first, then the keyword as an exact phrase, then bm25 with
 * the title weighing most, then the newer page.
 */
@Injectable()
export class SearchIndex implements OnApplicationShutdown {
  private readonly logger = new Logger(SearchIndex.name);
  /** search.db's path (snapshots copy it). */
  readonly file: string;
  private db: SqliteDatabase | undefined;
  /** Porter stems by word, for marking matches in snippets. */
  private readonly stems = new Map<string, string>();
  /** The items that have pages in the index, until the next write changes them (undefined: read them again). */
  private indexedItems: Set<number> | undefined;

  constructor(
    @Inject(QUIRE_CONFIG) config: QuireConfig,
    @Optional() @Inject(WORD_SEGMENTER) private readonly segmenter: WordSegmenter = DEFAULT_SEGMENTER,
  ) {
    this.file = path.join(config.dataDir, SEARCH_DATABASE_FILE);
  }

  /**
   * Opens search.db; starts a new one when it is missing, unreadable, corrupt or of another format.
   * Resolves with whether it holds a complete index (false: rebuild it).
   */
  async open(): Promise<boolean> {
    if (this.db) return this.builtMark();
    this.indexedItems = undefined;
    const problem = await this.tryOpen();
    if (problem) {
      if (fs.existsSync(this.file)) this.logger.warn(`${this.file}: ${problem}; starting a new index`);
      this.discardFile();
      this.db = new SqliteDatabase(this.fileOptions());
    }
    const db = this.database();
    db.exec(SCHEMA);
    db.exec(`PRAGMA user_version = ${SEARCH_FORMAT_VERSION}`);
    db.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS temp.stem_input USING fts5(word, tokenize = 'porter unicode61 remove_diacritics 2');
      CREATE VIRTUAL TABLE IF NOT EXISTS temp.stem_terms USING fts5vocab(temp, stem_input, instance);`);
    return this.builtMark();
  }

  /**
   * Puts the database `file` (a downloaded snapshot) in place of search.db and opens it, as `open`
   * does. Resolves with whether it holds a complete index; one that does not is discarded.
   */
  async adopt(file: string): Promise<boolean> {
    await this.db?.close();
    this.db = undefined;
    this.discardFile();
    fs.renameSync(file, this.file);
    return this.open();
  }

  /** Whether the index is open and complete (not being built or replaced). */
  isBuilt(): boolean {
    return this.db !== undefined && this.builtMark();
  }

  /** Closed last, after the feed's subscription (SearchLifecycle, on module destroy) has stopped writing. */
  async onApplicationShutdown(): Promise<void> {
    await this.db?.close();
    this.db = undefined;
  }

  /** The query for a keyword, its CJK text cut as the index cuts it; null when it has nothing to search by. */
  parse(keyword: string): SearchQuery | null {
    return parseKeyword(keyword, this.segmenter);
  }

  /** Adds or replaces pages. */
  async upsert(documents: SearchDocument[]): Promise<void> {
    if (documents.length > 0) await this.replace(documents, [], 0);
  }

  /**
   * Adds or replaces `documents`, removes the pages `gone` and, unless 0, notes the feed's place and
   * the `watermark` (see `watermark()`): one write.
   */
  async replace(documents: SearchDocument[], gone: number[], sequence: number, watermark = 0): Promise<void> {
    const db = this.database();
    const rows: { doc: SearchDocument; streams: ReturnType<typeof streamsOf> }[] = [];
    for (const page of documents) {
      // Requests go on between pages: cutting a page's words takes a fraction of a millisecond, a batch many.
      if (rows.length > 0 && rows.length % TOKENIZED_BETWEEN_TURNS === 0) await setImmediate();
      const doc = { ...page, page_content: indexedContent(page.page_content) };
      rows.push({ doc, streams: streamsOf(doc, this.segmenter) });
    }
    await db.write(() => {
      this.indexedItems = undefined;
      for (const pageId of gone) {
        db.statement('DELETE FROM fts WHERE rowid = ?').run(pageId);
        db.statement('DELETE FROM docs WHERE page_id = ?').run(pageId);
        db.statement('DELETE FROM ranking WHERE page_id = ?').run(pageId);
      }
      if (sequence > 0) db.statement(`INSERT OR REPLACE INTO meta (key, value) VALUES ('sequence', ?)`).run(String(sequence));
      if (watermark > 0) db.statement(`INSERT OR REPLACE INTO meta (key, value) VALUES ('watermark', ?)`).run(String(watermark));
      for (const { doc, streams } of rows) {
        db.statement('DELETE FROM fts WHERE rowid = ?').run(doc.page_id);
        db.statement('INSERT INTO fts (rowid, title, content, cat_path, title_grams, body_grams) VALUES (?, ?, ?, ?, ?, ?)').run(doc.page_id, ...streams);
        db.statement('INSERT OR REPLACE INTO ranking (page_id, item_id, author_username, addtime) VALUES (?, ?, ?, ?)').run(doc.page_id, doc.item_id, doc.author_username, doc.addtime);
        db.statement(
          `INSERT OR REPLACE INTO docs (page_id, item_id, author_username, addtime, cat_id, cat_ids, cat_path, author_uid, page_title, page_content)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        ).run(
          doc.page_id,
          doc.item_id,
          doc.author_username,
          doc.addtime,
          doc.cat_id,
          JSON.stringify(doc.cat_path.map((c) => c.cat_id)),
          JSON.stringify(doc.cat_path.map((c) => c.cat_name)),
          doc.author_uid,
          doc.page_title,
          doc.page_content,
        );
      }
    });
  }

  async remove(pageIds: number[]): Promise<void> {
    if (pageIds.length > 0) await this.replace([], pageIds, 0);
  }

  /** Ids of the indexed pages of an item, after `afterPageId` in id order, at most `limit`. */
  pageIdsOfItem(itemId: number, afterPageId = 0, limit = -1): number[] {
    return this.database()
      .all<{ page_id: number }>('SELECT page_id FROM docs WHERE item_id = ? AND page_id > ? ORDER BY page_id LIMIT ?', itemId, afterPageId, limit)
      .map((row) => row.page_id);
  }

  /** Ids of the indexed pages of an item that sit in a catalog or below it. */
  pageIdsUnderCatalog(itemId: number, catId: number): number[] {
    return this.database()
      .all<{ page_id: number }>('SELECT page_id FROM docs WHERE item_id = ? AND EXISTS (SELECT 1 FROM json_each(docs.cat_ids) WHERE value = ?)', itemId, catId)
      .map((row) => row.page_id);
  }

  /** What the entries of the pages after `afterPageId` and up to `upTo` were indexed from besides their text, in id order (see `page.search.versions`). */
  entries(afterPageId: number, upTo: number): IndexedEntry[] {
    return this.database()
      .all<{ page_id: number; item_id: number; addtime: number; cat_ids: string; cat_path: string }>(
        'SELECT page_id, item_id, addtime, cat_ids, cat_path FROM docs WHERE page_id > ? AND page_id <= ? ORDER BY page_id',
        afterPageId,
        upTo,
      )
      .map((row) => {
        const ids = JSON.parse(row.cat_ids) as number[];
        const names = JSON.parse(row.cat_path) as string[];
        return { page_id: row.page_id, item_id: row.item_id, addtime: row.addtime, cat_path: ids.map((cat_id, i) => ({ cat_id, cat_name: names[i] ?? '' })) };
      });
  }

  /** Ids of indexed pages after `afterPageId`, in id order, at most `limit` (to find pages gone while the index was away). */
  pageIds(afterPageId: number, limit: number): number[] {
    return this.database()
      .all<{ page_id: number }>('SELECT page_id FROM docs WHERE page_id > ? ORDER BY page_id LIMIT ?', afterPageId, limit)
      .map((row) => row.page_id);
  }

  /** One page of hits for the query within the scope, best first, and how many there are in all. */
  search(query: SearchQuery, scope: SearchScope, offset: number, limit: number): { total: number; pages: IndexedPage[] } {
    const db = this.database();
    const params = { items: JSON.stringify(scope.itemIds), author: scope.author, since: scope.since };
    // Ranked by id first: the texts are read for the page of hits only, not sorted along with every
    // hit. No count rides along (a window over every hit would keep them all, where the sort keeps
    // the best `offset + limit`): a page that is not full tells the total, a full one counts apart.
    // Title and exact-phrase hits rank first; each set is matched once.
    const phrased = query.phraseMatch !== null;
    const sets = `titled AS MATERIALIZED (SELECT rowid FROM fts WHERE fts MATCH :title)${phrased ? ', phrased AS MATERIALIZED (SELECT rowid FROM fts WHERE fts MATCH :phrase)' : ''}`;
    // A keyword found on more pages than RANKED_AT_MOST ranks only the most recently created of them
    // and its newest title and exact-phrase hits: bm25 of every hit takes most of a search's time, and
    // a word found on so many pages tells few of them apart. 0: every hit is ranked.
    const floor = offset + limit <= RANKED_AT_MOST ? this.newestRanked(query, params) : 0;
    const hits =
      floor === 0
        ? `hits AS (SELECT rowid AS page_id, bm25(fts, ${BM25_WEIGHTS}) AS rank FROM fts WHERE fts MATCH :match)`
        : `favoured AS MATERIALIZED (SELECT rowid FROM titled${phrased ? ' UNION SELECT rowid FROM phrased' : ''} ORDER BY 1 DESC LIMIT ${RANKED_AT_MOST}),
           hits AS (SELECT rowid AS page_id, bm25(fts, ${BM25_WEIGHTS}) AS rank FROM fts WHERE fts MATCH :match AND rowid >= :floor
                    UNION ALL
                    SELECT rowid, bm25(fts, ${BM25_WEIGHTS}) FROM fts WHERE fts MATCH :match AND rowid < :floor AND +rowid IN favoured)`;
    const values: Record<string, string | number> = { ...params, match: query.match, title: query.titleMatch, limit, offset };
    if (query.phraseMatch !== null) values.phrase = query.phraseMatch;
    if (floor > 0) values.floor = floor;
    const ranked = db
      .statement(
        `WITH ${sets}, ${hits}
         SELECT d.page_id, -hits.rank AS score
         FROM hits JOIN ranking d ON d.page_id = hits.page_id
         WHERE ${SCOPE_SQL}
         ORDER BY d.page_id IN titled DESC, ${phrased ? 'd.page_id IN phrased DESC, ' : ''}hits.rank, d.addtime DESC, d.page_id DESC
         LIMIT :limit OFFSET :offset`,
      )
      .all(values) as unknown as {
      page_id: number;
      score: number;
    }[];
    const total = ranked.length < limit && (ranked.length > 0 || offset === 0) ? offset + ranked.length : this.count(query, scope, params);
    const rows = new Map(
      db
        .all<DocRow>(
          `SELECT page_id, item_id, cat_id, cat_path, page_title, page_content, author_username, addtime FROM docs WHERE page_id IN (SELECT value FROM json_each(?))`,
          JSON.stringify(ranked.map((hit) => hit.page_id)),
        )
        .map((row) => [row.page_id, row]),
    );
    const pages = ranked.flatMap(({ page_id, score }) => {
      const row = rows.get(page_id);
      return row ? [{ ...row, cat_path: JSON.parse(row.cat_path) as string[], score }] : [];
    });
    return { total, pages };
  }

  /** The id of the RANKED_AT_MOST-th newest hit in scope, above which every hit is ranked; 0 when there are fewer hits. */
  private newestRanked(query: SearchQuery, params: { items: string; author: string; since: number }): number {
    const sql = `SELECT fts.rowid AS page_id FROM fts JOIN ranking d ON d.page_id = fts.rowid WHERE fts MATCH :match AND ${SCOPE_SQL} ORDER BY fts.rowid DESC LIMIT 1 OFFSET ${RANKED_AT_MOST - 1}`;
    return Number(
      this.database()
        .statement(sql)
        .get({ ...params, match: query.match })?.page_id ?? 0,
    );
  }

  private count(query: SearchQuery, scope: SearchScope, params: { items: string; author: string; since: number }): number {
    const db = this.database();
    // When every indexed page is in scope, FTS5 counts its hits alone, without looking each one up (a fifth of the time).
    const row = this.coversEveryPage(scope)
      ? db.statement('SELECT count(*) AS n FROM fts WHERE fts MATCH :match').get({ match: query.match })
      : db.statement(`SELECT count(*) AS n FROM fts JOIN ranking d ON d.page_id = fts.rowid WHERE fts MATCH :match AND ${SCOPE_SQL}`).get({ ...params, match: query.match });
    return Number(row?.n ?? 0);
  }

  /** Whether the scope lets every indexed page through: the caller may read every item that has one, and no author or date is asked. */
  private coversEveryPage(scope: SearchScope): boolean {
    if (scope.author !== '' || scope.since > 0) return false;
    this.indexedItems ??= new Set(
      this.database()
        .all<{ item_id: number }>('SELECT DISTINCT item_id FROM docs')
        .map((row) => row.item_id),
    );
    const readable = new Set(scope.itemIds);
    for (const itemId of this.indexedItems) if (!readable.has(itemId)) return false;
    return true;
  }

  /** Empties the index and marks it incomplete until `markBuilt` (a rebuild that stops half-way starts over). */
  async clear(): Promise<void> {
    const db = this.database();
    await db.write(() => {
      this.indexedItems = undefined;
      db.exec(`DELETE FROM meta WHERE key IN ('built', 'sequence', 'watermark'); DELETE FROM docs; DELETE FROM ranking; INSERT INTO fts (fts) VALUES ('delete-all');`);
    });
  }

  /** Remembers the place in the change feed the index is current up to. */
  async noteSequence(sequence: number): Promise<void> {
    const db = this.database();
    await db.write(() => db.statement(`INSERT OR REPLACE INTO meta (key, value) VALUES ('sequence', ?)`).run(String(sequence)));
  }

  /** The place in the change feed the index is current up to (0: unknown). */
  sequence(): number {
    return Number(this.database().get<{ value: string }>(`SELECT value FROM meta WHERE key = 'sequence'`)?.value ?? 0);
  }

  /**
   * Unix seconds from which a page change noticed may not be in the index yet; every change noticed
   * before it is (0: unknown, an index written before it was kept). Noted with each batch of pages, as
   * the time the batch began, and at a clean stop; a restart after a crash re-reads the pages saved
   * since (see SearchFeeder.reconcile).
   */
  watermark(): number {
    return Number(this.database().get<{ value: string }>(`SELECT value FROM meta WHERE key = 'watermark'`)?.value ?? 0);
  }

  /** Notes the watermark (see `watermark()`). */
  async noteWatermark(seconds: number): Promise<void> {
    const db = this.database();
    await db.write(() => db.statement(`INSERT OR REPLACE INTO meta (key, value) VALUES ('watermark', ?)`).run(String(seconds)));
  }

  /**
   * Marks the index complete and current up to `coveredUpTo` in the feed, unless a later change noted
   * its own place, and the `watermark` of its build (when it began), unless a batch of pages noted a later one.
   */
  async markBuilt(coveredUpTo = 0, watermark = 0): Promise<void> {
    const db = this.database();
    await db.write(() => {
      db.statement(`INSERT OR REPLACE INTO meta (key, value) VALUES ('built', ?)`).run(String(Date.now()));
      if (coveredUpTo > 0) db.statement(`INSERT OR IGNORE INTO meta (key, value) VALUES ('sequence', ?)`).run(String(coveredUpTo));
      if (watermark > 0) db.statement(`INSERT OR IGNORE INTO meta (key, value) VALUES ('watermark', ?)`).run(String(watermark));
    });
  }

  /** How many pages the index holds. */
  size(): number {
    return Number(this.database().get<{ n: number }>('SELECT count(*) AS n FROM docs')?.n ?? 0);
  }

  /** The stemmer FTS5 uses, asked through a scratch table in memory; remembered per word. */
  readonly stem: Stemmer = (words) => {
    const unknown = words.filter((word) => !this.stems.has(word));
    if (unknown.length > 0) this.learnStems(unknown);
    return new Map(words.map((word) => [word, this.stems.get(word) ?? word]));
  };

  private learnStems(words: string[]): void {
    const db = this.database();
    if (this.stems.size > 200_000) this.stems.clear();
    const insert = db.statement('INSERT INTO temp.stem_input (rowid, word) VALUES (?, ?)');
    words.forEach((word, i) => insert.run(i + 1, word));
    for (const row of db.all<{ doc: number; term: string }>('SELECT doc, term FROM temp.stem_terms')) this.stems.set(words[row.doc - 1], row.term);
    db.exec('DELETE FROM temp.stem_input');
    for (const word of words) if (!this.stems.has(word)) this.stems.set(word, word);
  }

  private builtMark(): boolean {
    return this.database().get<{ value: string }>(`SELECT value FROM meta WHERE key = 'built'`) !== undefined;
  }

  /** Why the file cannot be used as it is, or null when it can (it is then open). */
  private async tryOpen(): Promise<string | null> {
    if (!fs.existsSync(this.file)) return 'missing';
    let db: SqliteDatabase | undefined;
    let problem: string | null;
    try {
      db = new SqliteDatabase(this.fileOptions());
      const version = db.get<{ user_version: number }>('PRAGMA user_version')?.user_version ?? 0;
      const check = version === SEARCH_FORMAT_VERSION ? db.get<{ quick_check: string }>('PRAGMA quick_check')?.quick_check : 'ok';
      problem = version !== SEARCH_FORMAT_VERSION ? `format version ${version}, expected ${SEARCH_FORMAT_VERSION}` : check !== 'ok' ? `damaged (${check})` : null;
    } catch (error) {
      problem = `unreadable (${(error as Error).message})`;
    }
    if (problem === null) this.db = db;
    else await db?.close().catch(() => undefined);
    return problem;
  }

  /**
   * search.db is not synced at each commit: a commit notes the feed's place and the watermark with its
   * pages, so one lost in a power cut is indexed again from the feed or by the start's check (reconcile).
   */
  private fileOptions(): { file: string; durable: boolean } {
    return { file: this.file, durable: false };
  }

  private discardFile(): void {
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${this.file}${suffix}`, { force: true });
  }

  private database(): SqliteDatabase {
    if (!this.db) throw new Error('The search index is not open');
    return this.db;
  }
}

/** What a copy of search.db holds, read without opening it as an index. */
export interface IndexFileSummary {
  format: number;
  built: boolean;
  /** The place in the change feed it is current up to (0: unknown). */
  sequence: number;
  pages: number;
}

/** Reads a copy of search.db (a snapshot): its format, whether it is complete, its place in the feed and its size. */
export function summarizeIndexFile(file: string): IndexFileSummary {
  const db = new DatabaseSync(file);
  try {
    const format = (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;
    const meta = new Map((db.prepare('SELECT key, value FROM meta').all() as { key: string; value: string }[]).map((row) => [row.key, row.value]));
    const pages = Number((db.prepare('SELECT count(*) AS n FROM docs').get() as { n: number }).n);
    return { format, built: meta.has('built'), sequence: Number(meta.get('sequence') ?? 0), pages };
  } finally {
    db.close();
  }
}

/**
 * The text of a page the index keeps (words and snippets): without the generated-part marker of API pages, an HTML
 * comment the reader never shows (a search for `quire` or `generated` must not find every generated page).
 */
export function indexedContent(content: string): string {
  return content.includes(API_GENERATED_END) ? content.split(API_GENERATED_END).join('') : content;
}

/** The FTS columns of a page: title, content, catalog path, title bigrams, content and catalog bigrams. */
function streamsOf(doc: SearchDocument, segmenter: WordSegmenter): [string, string, string, string, string] {
  const title = textStreams(doc.page_title, segmenter);
  const content = textStreams(doc.page_content, segmenter);
  const catalogs = textStreams(doc.cat_path.map((c) => c.cat_name).join('\n'), segmenter);
  return [title.words.join(' '), content.words.join(' '), catalogs.words.join(' '), title.grams.join(' '), [...content.grams, ...catalogs.grams].join(' ')];
}
