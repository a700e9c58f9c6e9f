import { Collection, DocumentStore, DuplicateKeyError, type Filter, type FindOptions, type IndexSpec, type Update } from '../document-store/document-store';
import { assertCollectionName, assertDefinedFilter, normalizeUpdate, withoutUndefined, type PlainObject } from '../document-store/plain-document';
import type { SqlValue, SqliteDatabase } from './sqlite-database';
import { fieldKindOf, fieldValue, orderBy, projection, sqlRegexp, whereClause, type FieldKind, type ProjectedRow } from './sqlite-query';
import { applyUpdate } from './sqlite-update';

/** SQLITE_CONSTRAINT_UNIQUE and SQLITE_CONSTRAINT_PRIMARYKEY (extended result codes). */
const UNIQUE_VIOLATIONS = new Set([2067, 1555]);

const NEXT_ID = 'INSERT INTO sequences (name, value) VALUES (?, 1) ON CONFLICT (name) DO UPDATE SET value = value + 1 RETURNING value';
const SET_SEQUENCE = 'INSERT INTO sequences (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value';
const RECORD_KIND = 'INSERT OR IGNORE INTO document_field_kinds (collection, field, kind) VALUES (?, ?, ?)';

/**
 * The embedded DocumentStore: one table per collection, `doc_<name>` (`id INTEGER PRIMARY KEY,
 * body BLOB` holding the document as SQLite's binary JSON, JSONB: a field is found by skipping
 * the others, without parsing a page's whole text; read back as JSON text with `json(body)`), in
 * the shared SQLite database. Filters become SQL
 * over `json_extract(body, '$."field"')`, which `ensureIndex` indexes; updates are applied in
 * JavaScript to the rows they match, inside the write. Every change is one `db.write`, resolved
 * once durable; `transaction` is the database's unit. `nextId` sequences live in the table
 * `sequences`; `document_field_kinds` records the top-level fields that have held an array, an
 * object or a boolean (see FieldKind), so that a filter on any other field stays a plain,
 * indexed comparison. One store per database: it keeps those records in memory too. The owner
 * of the database closes it: `close` only stops this store.
 */
export class SqliteDocumentStore extends DocumentStore {
  private readonly collections = new Map<string, SqliteCollection<PlainObject>>();
  private closed = false;

  constructor(private readonly db: SqliteDatabase) {
    super();
    db.exec('CREATE TABLE IF NOT EXISTS sequences (name TEXT PRIMARY KEY, value INTEGER NOT NULL)');
    db.exec('CREATE TABLE IF NOT EXISTS document_field_kinds (collection TEXT NOT NULL, field TEXT NOT NULL, kind TEXT NOT NULL, ' + 'PRIMARY KEY (collection, field, kind)) WITHOUT ROWID');
    db.function('regexp', sqlRegexp);
  }

  override collection<T extends object>(name: string): Collection<T> {
    return this.named(name) as unknown as Collection<T>;
  }

  override async transaction<R>(work: () => Promise<R>): Promise<R> {
    this.assertOpen();
    return this.db.transaction(work);
  }

  override async nextId(sequence: string): Promise<number> {
    this.assertOpen();
    return this.db.write(() => (this.db.get<{ value: number }>(NEXT_ID, sequence) as { value: number }).value);
  }

  /** Sets a sequence so that `nextId` continues after `value` (the NeDB→SQLite conversion), inside the caller's write. */
  setSequence(name: string, value: number): void {
    this.assertOpen();
    this.db.statement(SET_SEQUENCE).run(name, value);
  }

  /**
   * Stores documents as they are (the NeDB→SQLite conversion), inside the caller's write; a
   * unique index they break throws DuplicateKeyError.
   */
  importDocuments(collection: string, docs: PlainObject[]): void {
    this.named(collection).import(docs);
  }

  /** SQLite's plan for `find(filter, options)`, one line per step (`SEARCH doc_pages USING INDEX …`): for tests and diagnosis. */
  explain(collection: string, filter: Filter<PlainObject>, options: FindOptions<PlainObject> = {}): string[] {
    return this.named(collection).explain(filter, options);
  }

  override async ping(): Promise<void> {
    this.assertOpen();
    this.db.get('SELECT 1');
  }

  /** Later calls reject; the database stays open for its other users (its owner closes it). */
  override async close(): Promise<void> {
    this.closed = true;
  }

  private named(name: string): SqliteCollection<PlainObject> {
    assertCollectionName(name);
    let collection = this.collections.get(name);
    if (!collection) {
      collection = new SqliteCollection<PlainObject>(name, this.db, () => this.assertOpen());
      this.collections.set(name, collection);
    }
    return collection;
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('SqliteDocumentStore is closed');
  }
}

interface Row {
  id: number;
  body: string;
}

const NO_KINDS: ReadonlySet<FieldKind> = new Set();

class SqliteCollection<T extends object> extends Collection<T> {
  private readonly table: string;
  /** Top-level fields that have held an array, an object or a boolean (see FieldKind); loaded on first use. */
  private kinds: Map<string, Set<FieldKind>> | undefined;

  constructor(
    private readonly name: string,
    private readonly db: SqliteDatabase,
    private readonly assertOpen: () => void,
  ) {
    super();
    this.table = `doc_${name}`;
  }

  /**
   * An expression index on the field's `json_extract` (partial for a sparse one). A unique one
   * that is not sparse also allows a single document without a value, as MongoDB's does (SQLite
   * would let every NULL in). An index that exists is kept as it is.
   */
  override async ensureIndex(spec: IndexSpec<T>): Promise<void> {
    const value = fieldValue(spec.field);
    const index = `${this.table}:${spec.field}`;
    await this.write(() => {
      if (this.db.get('SELECT 1 FROM sqlite_schema WHERE type = ? AND name = ?', 'index', index)) return;
      const partial = spec.sparse ? ` WHERE ${value} IS NOT NULL` : '';
      this.db.exec(`CREATE ${spec.unique ? 'UNIQUE ' : ''}INDEX "${index}" ON "${this.table}" (${value})${partial}`);
      if (spec.unique && !spec.sparse) this.db.exec(`CREATE UNIQUE INDEX "${index}:null" ON "${this.table}" ((1)) WHERE ${value} IS NULL`);
    });
  }

  override async insertOne(doc: T): Promise<T> {
    const [inserted] = await this.insertMany([doc]);
    return inserted;
  }

  override async insertMany(docs: T[]): Promise<T[]> {
    if (docs.length === 0) return [];
    const copies = docs.map((doc) => withoutUndefined(doc) as PlainObject);
    await this.write(() => this.insertRows(copies));
    return copies as T[];
  }

  /** `LIMIT 1` in the SQL text: a bound limit makes a lookup by a unique key measurably slower. */
  override async findOne(filter: Filter<T>, options: Pick<FindOptions<T>, 'sort' | 'fields'> = {}): Promise<T | null> {
    const query = this.select(filter, options, ' LIMIT 1');
    return this.read(() => {
      const row = this.db.get<ProjectedRow & Row>(query.sql, ...query.params);
      return row ? query.read(row) : null;
    }, null);
  }

  override async find(filter: Filter<T>, options: FindOptions<T> = {}): Promise<T[]> {
    const query = this.select(filter, options);
    return this.read(() => this.db.all<ProjectedRow & Row>(query.sql, ...query.params).map(query.read), []);
  }

  override async count(filter: Filter<T>): Promise<number> {
    const where = this.where(filter);
    return this.read(() => (this.db.get<{ n: number }>(`SELECT count(*) AS n FROM "${this.table}"${where.sql}`, ...where.params) as { n: number }).n, 0);
  }

  override async updateOne(filter: Filter<T>, update: Update<T>): Promise<number> {
    return (await this.update(filter, update, false)).matched;
  }

  override async updateMany(filter: Filter<T>, update: Update<T>): Promise<number> {
    return (await this.update(filter, update, true)).matched;
  }

  override async findOneAndUpdate(filter: Filter<T>, update: Update<T>): Promise<T | null> {
    return (await this.update(filter, update, false)).first as T | null;
  }

  override async deleteOne(filter: Filter<T>): Promise<number> {
    const where = this.where(filter);
    const sql = `DELETE FROM "${this.table}" WHERE id IN (SELECT id FROM "${this.table}"${where.sql} LIMIT 1)`;
    return this.write(() => Number(this.db.statement(sql).run(...where.params).changes));
  }

  override async deleteMany(filter: Filter<T>): Promise<number> {
    const where = this.where(filter);
    return this.write(() => Number(this.db.statement(`DELETE FROM "${this.table}"${where.sql}`).run(...where.params).changes));
  }

  /**
   * Overwritten and deleted values are zeroed in the database file as they go (secure_delete);
   * the checkpoint moves their earlier page images out of the WAL too.
   */
  override async compact(): Promise<void> {
    this.assertOpen();
    await this.db.checkpoint();
  }

  import(docs: PlainObject[]): void {
    this.assertOpen();
    try {
      this.createTable();
      this.insertRows(docs);
    } catch (error) {
      throw this.duplicateKey(error);
    }
  }

  explain(filter: Filter<T>, options: FindOptions<T>): string[] {
    const query = this.select(filter, options);
    return this.db.all<{ detail: string }>(`EXPLAIN QUERY PLAN ${query.sql}`, ...query.params).map((step) => step.detail);
  }

  /** The SELECT of a find; skip and limit are bound (one SQL text for every page) unless `limit` is given as SQL. */
  private select(filter: Filter<T>, options: FindOptions<T>, limit?: string): { sql: string; params: SqlValue[]; read: (row: ProjectedRow & Row) => T } {
    const where = this.where(filter);
    const fields = (options.fields ?? []).map(String);
    const shape = fields.length > 0 ? projection(fields) : undefined;
    let sql = `SELECT ${shape ? shape.select : 'json(body) AS body'} FROM "${this.table}"${where.sql}${orderBy(options.sort)}`;
    const params = where.params;
    if (limit !== undefined) {
      sql += limit;
    } else if ((options.skip ?? 0) > 0 || (options.limit ?? 0) > 0) {
      sql += ' LIMIT ? OFFSET ?';
      params.push(options.limit || -1, options.skip ?? 0);
    }
    const read = shape ? (row: ProjectedRow) => shape.read(row) as T : (row: Row) => JSON.parse(row.body) as T;
    return { sql, params, read };
  }

  private where(filter: Filter<T>): { sql: string; params: SqlValue[] } {
    this.assertOpen();
    assertDefinedFilter(filter, this.name);
    const where = whereClause(filter, (field) => this.heldKinds().get(field) ?? NO_KINDS, this.name);
    return where ? { sql: ` WHERE ${where.sql}`, params: where.params } : { sql: '', params: [] };
  }

  /** Applies the update to the matching rows in JavaScript; a row it leaves as it was is not written. */
  private async update(filter: Filter<T>, update: Update<T>, many: boolean): Promise<{ matched: number; first: PlainObject | null }> {
    const where = this.where(filter);
    const modifier = normalizeUpdate(update as PlainObject, this.name);
    return this.write(() => {
      const rows = this.db.all<Row>(`SELECT id, json(body) AS body FROM "${this.table}"${where.sql}${many ? '' : ' LIMIT 1'}`, ...where.params);
      const replace = this.db.statement(`UPDATE "${this.table}" SET body = jsonb(?) WHERE id = ?`);
      const changed: PlainObject[] = [];
      let first: PlainObject | null = null;
      for (const row of rows) {
        const doc = JSON.parse(row.body) as PlainObject;
        applyUpdate(doc, modifier);
        first ??= doc;
        const body = JSON.stringify(doc);
        if (body === row.body) continue;
        replace.run(body, row.id);
        changed.push(doc);
      }
      this.recordKinds(changed);
      return { matched: rows.length, first };
    });
  }

  private insertRows(docs: PlainObject[]): void {
    this.recordKinds(docs);
    const insert = this.db.statement(`INSERT INTO "${this.table}" (body) VALUES (jsonb(?))`);
    for (const doc of docs) insert.run(JSON.stringify(doc));
  }

  /**
   * Records the fields that now hold an array, an object or a boolean, in the same write as the
   * documents (so a rolled-back write takes its records with it, and the table never misses a
   * kind that a stored document holds). The set in memory may hold more: that costs a type check.
   */
  private recordKinds(docs: PlainObject[]): void {
    const found = new Map<string, Set<FieldKind>>();
    for (const doc of docs) {
      for (const [field, value] of Object.entries(doc)) {
        const kind = fieldKindOf(value);
        if (kind) found.set(field, (found.get(field) ?? new Set()).add(kind));
      }
    }
    if (found.size === 0) return;
    const held = this.heldKinds();
    const record = this.db.statement(RECORD_KIND);
    for (const [field, kinds] of found) {
      for (const kind of kinds) {
        record.run(this.name, field, kind);
        held.set(field, (held.get(field) ?? new Set()).add(kind));
      }
    }
  }

  private heldKinds(): Map<string, Set<FieldKind>> {
    if (!this.kinds) {
      this.kinds = new Map();
      const rows = this.db.all<{ field: string; kind: FieldKind }>('SELECT field, kind FROM document_field_kinds WHERE collection = ?', this.name);
      for (const { field, kind } of rows) this.kinds.set(field, (this.kinds.get(field) ?? new Set()).add(kind));
    }
    return this.kinds;
  }

  /**
   * Every write (re)creates the table if needed: cheap when it exists, and right even after a
   * rolled-back unit took the table it had created away.
   */
  private createTable(): void {
    this.db.statement(`CREATE TABLE IF NOT EXISTS "${this.table}" (id INTEGER PRIMARY KEY, body BLOB NOT NULL)`).run();
  }

  /** A write, turning a unique index violation into DuplicateKeyError (the write then changed nothing). */
  private async write<R>(change: () => R): Promise<R> {
    this.assertOpen();
    try {
      return await this.db.write(() => {
        this.createTable();
        return change();
      });
    } catch (error) {
      throw this.duplicateKey(error);
    }
  }

  /** A read of a collection that has no table yet (never written, or created by a unit that was rolled back) finds nothing. */
  private read<R>(query: () => R, none: R): R {
    try {
      return query();
    } catch (error) {
      if ((error as Error).message === `no such table: ${this.table}`) return none;
      throw error;
    }
  }

  private duplicateKey(error: unknown): unknown {
    const code = (error as { errcode?: unknown } | null)?.errcode;
    return typeof code === 'number' && UNIQUE_VIOLATIONS.has(code) ? new DuplicateKeyError(this.name, (error as Error).message) : error;
  }
}
