import { isCondition, isPlainObject, type PlainObject } from '../document-store/plain-document';
import type { SqlValue } from './sqlite-database';

/**
 * Values of a top-level field that `json_extract` cannot tell apart from others: an array or an
 * object comes out as its JSON text (equal to some string), `true`/`false` as 1/0 (equal to a
 * number). The document store records, per collection, the fields that have ever held one.
 */
export type FieldKind = 'array' | 'object' | 'boolean';

/** The kinds a field has held so far (an empty set for a field that held only strings, numbers and null). */
export type FieldKinds = (field: string) => ReadonlySet<FieldKind>;

/** A piece of SQL and the values of its `?` parameters, in order. */
export interface SqlPart {
  sql: string;
  params: SqlValue[];
}

/** The kind of a stored value, when it is one that `FieldKind` names. */
export function fieldKindOf(value: unknown): FieldKind | undefined {
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'boolean') return 'boolean';
  if (value !== null && typeof value === 'object') return 'object';
  return undefined;
}

const FIELD_SEGMENT = /^[A-Za-z0-9_-]+$/;

/**
 * The SQL literal of a field's JSON path (`'$."owner_id"'`; a dotted field goes into embedded
 * documents). Paths are written into the SQL text, not bound, so that a query's
 * `json_extract(body, '$."f"')` is the very expression of the index on `f` and SQLite uses it.
 */
function jsonPath(field: string): string {
  const segments = field.split('.');
  if (!segments.every((segment) => FIELD_SEGMENT.test(segment))) {
    throw new TypeError(`Unsupported field name ${JSON.stringify(field)}: use letters, digits, "_" and "-" (and "." between embedded fields)`);
  }
  return `'$${segments.map((segment) => `."${segment}"`).join('')}'`;
}

/** The field's value as SQL sees it: what ensureIndex indexes and equality compares. */
export function fieldValue(field: string): string {
  return `json_extract(body, ${jsonPath(field)})`;
}

/**
 * How one predicate sees a field: the whole value, or (for a field that has held arrays) one
 * element at a time. `exact` says that `value` alone tells strings and numbers from other JSON
 * values, so that equality is the bare comparison, with no `json_type` to evaluate per row.
 */
interface Operand {
  value: string;
  type: string;
  exact: boolean;
}

const ELEMENT: Operand = { value: 'element.value', type: 'element.type', exact: false };
const SCALAR_TYPES = "('integer', 'real', 'text')";

/**
 * The WHERE condition of a port filter, with MongoDB's meaning (see `Filter`); undefined when
 * the filter has no condition. Equality, `$in` and ranges on a field that only ever held
 * strings and numbers are plain comparisons of `json_extract(body, path)`, which an index on the
 * field answers; a field that has held arrays is matched element by element with `json_each`.
 */
export function whereClause(filter: PlainObject, kinds: FieldKinds, collection: string): SqlPart | undefined {
  const params: SqlValue[] = [];
  const sql = new FilterTranslator(kinds, collection, params).conjunction(filter);
  return sql === undefined ? undefined : { sql, params };
}

class FilterTranslator {
  constructor(
    private readonly kinds: FieldKinds,
    private readonly collection: string,
    private readonly params: SqlValue[],
  ) {}

  /** The filter's conditions joined by AND; undefined for an empty filter. */
  conjunction(filter: PlainObject): string | undefined {
    const terms: string[] = [];
    for (const [field, value] of Object.entries(filter)) {
      if (field === '$or') terms.push(this.or(value as PlainObject[]));
      else if (field.startsWith('$')) throw new TypeError(`Unsupported filter operator ${field} on ${this.collection}`);
      else terms.push(...this.field(field, value));
    }
    if (terms.length === 0) return undefined;
    return terms.length === 1 ? terms[0] : `(${terms.join(' AND ')})`;
  }

  private or(branches: PlainObject[]): string {
    if (branches.length === 0) return '0';
    const terms = branches.map((branch) => this.conjunction(branch) ?? '1');
    return terms.length === 1 ? terms[0] : `(${terms.join(' OR ')})`;
  }

  /** One term per condition on the field. */
  private field(field: string, value: unknown): string[] {
    const view = new FieldView(field, this.kinds);
    if (!isCondition(value)) return [this.equals(view, value, field)];
    return Object.entries(value).map(([operator, operand]) => {
      switch (operator) {
        case '$in':
          return this.in(view, this.list(operator, operand, field));
        case '$nin':
          return not(this.in(view, this.list(operator, operand, field)));
        case '$ne':
          return not(this.equals(view, operand, field));
        case '$gt':
          return this.compare(view, '>', operand, field);
        case '$gte':
          return this.compare(view, '>=', operand, field);
        case '$lt':
          return this.compare(view, '<', operand, field);
        case '$lte':
          return this.compare(view, '<=', operand, field);
        case '$regex':
          return this.regex(view, operand, field);
        case '$exists':
          return `${view.whole.type} IS ${operand ? 'NOT NULL' : 'NULL'}`;
        default:
          throw new TypeError(`Unsupported filter operator ${operator} on ${this.collection}.${field}`);
      }
    });
  }

  private equals(view: FieldView, value: unknown, field: string): string {
    if (value === null) return view.isNull();
    if (Array.isArray(value) || isPlainObject(value)) {
      // A whole embedded document or array, compared as JSON text (json_extract gives objects and arrays minified).
      this.params.push(JSON.stringify(value));
      return `(${view.whole.type} IN ('object', 'array') AND ${view.whole.value} = ?)`;
    }
    const scalar = this.scalar(value, field);
    return view.any((operand) => this.equalsScalar(operand, scalar));
  }

  private equalsScalar(operand: Operand, value: string | number | boolean): string {
    if (typeof value === 'boolean') return `(${operand.value} = ${Number(value)} AND ${operand.type} = '${value}')`;
    this.params.push(value);
    return operand.exact ? `${operand.value} = ?` : `(${operand.value} = ? AND ${operand.type} IN ${SCALAR_TYPES})`;
  }

  /** `$in`: strings and numbers as one bound JSON list (one SQL text whatever its length), booleans and null beside it. */
  private in(view: FieldView, values: (string | number | boolean | null)[]): string {
    if (values.length === 0) return '0';
    const listed = values.filter((value): value is string | number => typeof value === 'string' || typeof value === 'number');
    const booleans = [...new Set(values.filter((value): value is boolean => typeof value === 'boolean'))];
    const matchesElement = (operand: Operand) => {
      const terms = booleans.map((value) => this.equalsScalar(operand, value));
      if (listed.length > 0) {
        this.params.push(JSON.stringify(listed));
        const member = `${operand.value} IN (SELECT value FROM json_each(?))`;
        terms.push(operand.exact ? member : `(${member} AND ${operand.type} IN ${SCALAR_TYPES})`);
      }
      return terms.length === 1 ? terms[0] : `(${terms.join(' OR ')})`;
    };
    const terms = listed.length + booleans.length > 0 ? [view.any(matchesElement)] : [];
    if (values.includes(null)) terms.push(view.isNull());
    return terms.length === 1 ? terms[0] : `(${terms.join(' OR ')})`;
  }

  /** A number bound matches numbers only, a string bound strings only (SQLite would order every number before every string). */
  private compare(view: FieldView, operator: string, bound: unknown, field: string): string {
    if (typeof bound !== 'number' && typeof bound !== 'string') {
      throw new TypeError(`A range on ${this.collection}.${field} needs a number or a string bound`);
    }
    const types = typeof bound === 'number' ? "('integer', 'real')" : "('text')";
    return view.any((operand) => {
      this.params.push(bound);
      return `(${operand.value} ${operator} ? AND ${operand.type} IN ${types})`;
    });
  }

  private regex(view: FieldView, pattern: unknown, field: string): string {
    if (!(pattern instanceof RegExp)) throw new TypeError(`$regex on ${this.collection}.${field} needs a RegExp`);
    return view.any((operand) => {
      this.params.push(pattern.source, pattern.flags);
      const test = `regexp(?, ?, ${operand.value})`;
      return operand.exact ? test : `(${operand.type} = 'text' AND ${test})`;
    });
  }

  private list(operator: string, operand: unknown, field: string): (string | number | boolean | null)[] {
    if (!Array.isArray(operand)) throw new TypeError(`${operator} on ${this.collection}.${field} needs an array`);
    return operand.map((value: unknown) => (value === null ? null : this.scalar(value, field)));
  }

  private scalar(value: unknown, field: string): string | number | boolean {
    if (typeof value === 'string' || typeof value === 'boolean') return value;
    if (typeof value === 'number' && Number.isFinite(value)) return value;
    throw new TypeError(`Cannot compare ${this.collection}.${field} with ${String(value)}: use a string, a finite number, a boolean or null`);
  }
}

/** True where the condition is false or NULL (a comparison with a missing field is NULL, and `$ne` matches it). */
function not(condition: string): string {
  return `(${condition}) IS NOT TRUE`;
}

/** One field of the documents, as the predicates on it see it. */
class FieldView {
  readonly whole: Operand;
  private readonly path: string;
  private readonly holdsArrays: boolean;

  constructor(field: string, kinds: FieldKinds) {
    this.path = jsonPath(field);
    // Kinds are recorded for top-level fields; an embedded one is matched as if it could hold arrays.
    const held = field.includes('.') ? new Set<FieldKind>(['array', 'object', 'boolean']) : kinds(field);
    this.holdsArrays = held.has('array');
    this.whole = { value: `json_extract(body, ${this.path})`, type: `json_type(body, ${this.path})`, exact: held.size === 0 };
  }

  /**
   * The predicate on the value or, for a field that has held arrays, on any element of an array
   * value (json_each walks an array's elements, or a scalar itself; an object's members, whose
   * keys are text, are not elements).
   */
  any(predicate: (operand: Operand) => string): string {
    if (!this.holdsArrays) return predicate(this.whole);
    return `EXISTS (SELECT 1 FROM json_each(body, ${this.path}) AS element WHERE typeof(element.key) <> 'text' AND ${predicate(ELEMENT)})`;
  }

  /** MongoDB's `null`: null, missing, or an array holding null. */
  isNull(): string {
    if (!this.holdsArrays) return `${this.whole.value} IS NULL`;
    return `(${this.whole.type} IS NULL OR ${this.any((operand) => `${operand.type} = 'null'`)})`;
  }
}

/**
 * ORDER BY of a sort (null and missing first ascending, as MongoDB), then the row id, so that
 * equal keys keep one order from page to page of a skip/limit listing.
 */
export function orderBy(sort: PlainObject | undefined): string {
  const keys = Object.entries(sort ?? {});
  if (keys.length === 0) return '';
  const direction = (order: unknown) => {
    if (order !== 1 && order !== -1) throw new TypeError(`Sort order must be 1 or -1, not ${String(order)}`);
    return order === 1 ? 'ASC' : 'DESC';
  };
  const terms = keys.map(([field, order]) => `${fieldValue(field)} ${direction(order)}`);
  // The same direction as the last key, so that a sort on one indexed field is still read off the index.
  terms.push(`id ${direction(keys[keys.length - 1][1])}`);
  return ` ORDER BY ${terms.join(', ')}`;
}

/**
 * The SELECT list of a projection and the reader of its rows: one column per field, its value as
 * JSON text (`->`), which SQL leaves NULL only when the field is missing (a stored null reads as
 * the text `null`), so a missing field stays missing where a null one is null. Only these fields
 * cross into JavaScript, each parsed on its own (small texts: cheaper than building one array in SQL).
 */
export function projection(fields: readonly string[]): { select: string; read(row: ProjectedRow): PlainObject } {
  const select = fields.map((field, i) => `body -> ${jsonPath(field)} AS f${i}`).join(', ');
  const columns = fields.map((_, i) => `f${i}`);
  return {
    select,
    read(row) {
      const doc: PlainObject = {};
      for (let i = 0; i < fields.length; i++) {
        const value = row[columns[i]];
        if (value !== null && value !== undefined) doc[fields[i]] = JSON.parse(value);
      }
      return doc;
    },
  };
}

/** A projected row: `f0`, `f1` … hold the fields' JSON texts, NULL for a missing one. */
export type ProjectedRow = Record<string, string | null>;

const compiled = new Map<string, RegExp>();
const COMPILED_MAX = 256;

/**
 * The SQL function `regexp(source, flags, value)`: 1 when the string matches. Compiled
 * expressions are kept (a query calls it once per candidate row); `g` and `y` are dropped, as
 * they would make `test` depend on the previous call.
 */
export function sqlRegexp(source: SqlValue, flags: SqlValue, value: SqlValue): number {
  if (typeof value !== 'string') return 0;
  const key = `${String(flags)}/${String(source)}`;
  let pattern = compiled.get(key);
  if (!pattern) {
    if (compiled.size >= COMPILED_MAX) compiled.clear();
    pattern = new RegExp(String(source), String(flags).replace(/[gy]/g, ''));
    compiled.set(key, pattern);
  }
  return pattern.test(value) ? 1 : 0;
}
