/** Helpers both document store adapters share to give the port one meaning. Not exported from the package. */

export type PlainObject = Record<string, unknown>;

/** A plain `{...}` object: not an array, Date, RegExp, Buffer or class instance. */
export function isPlainObject(value: unknown): value is PlainObject {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** `{ $gt: 1, $ne: 5 }` rather than an embedded document to compare with. */
export function isCondition(value: unknown): value is PlainObject {
  if (!isPlainObject(value)) return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((key) => key.startsWith('$'));
}

/** A deep copy of plain objects and arrays with every `undefined` field left out (what JSON and BSON keep). */
export function withoutUndefined<V>(value: V): V {
  if (Array.isArray(value)) return value.map((item: unknown) => withoutUndefined(item)) as V;
  if (!isPlainObject(value)) return value;
  const copy: PlainObject = {};
  for (const [key, field] of Object.entries(value)) {
    if (field !== undefined) copy[key] = withoutUndefined(field);
  }
  return copy as V;
}

/** Throws when a filter (or one of its conditions) compares with `undefined`, which is always a caller's bug. */
export function assertDefinedFilter(filter: PlainObject, collection: string): void {
  for (const [field, value] of Object.entries(filter)) {
    if (value === undefined) {
      throw new TypeError(`Filter on ${collection}.${field} is undefined`);
    }
    if (field === '$or') {
      if (!Array.isArray(value)) throw new TypeError(`$or on ${collection} needs an array of filters`);
      for (const branch of value) assertDefinedFilter(branch as PlainObject, collection);
    } else if (isCondition(value)) {
      for (const [operator, operand] of Object.entries(value)) {
        if (operand === undefined) throw new TypeError(`Filter on ${collection}.${field} has ${operator}: undefined`);
      }
    }
  }
}

const UPDATE_OPERATORS = new Set(['$set', '$unset', '$inc', '$push', '$pull']);

/**
 * The update with `undefined` fields left out of `$set`/`$push` and empty operators dropped;
 * `{ $set: {} }` when nothing is left, so it never turns into a whole-document replacement.
 */
export function normalizeUpdate(update: PlainObject, collection: string): PlainObject {
  const normalized: PlainObject = {};
  for (const [operator, fields] of Object.entries(update)) {
    if (!UPDATE_OPERATORS.has(operator)) {
      throw new TypeError(`Unsupported update operator ${operator} on ${collection} (use ${[...UPDATE_OPERATORS].join(', ')})`);
    }
    if (fields === undefined) continue;
    const cleaned = withoutUndefined(fields) as PlainObject;
    if (Object.keys(cleaned).length > 0) normalized[operator] = cleaned;
  }
  return Object.keys(normalized).length > 0 ? normalized : { $set: {} };
}

/** Where both adapters keep the `nextId` sequences, one document `{ _id: sequence, seq }` each. */
export const COUNTERS_COLLECTION = 'counters';

/** Collection names become table names (SQLite) and collection names (MongoDB): keep them simple. */
export function assertCollectionName(name: string): void {
  if (name === COUNTERS_COLLECTION) {
    throw new TypeError(`Collection name "${name}" is reserved for nextId sequences`);
  }
  if (!/^[A-Za-z][A-Za-z0-9_-]{0,63}$/.test(name)) {
    throw new TypeError(`Invalid collection name "${name}": use letters, digits, "_" and "-", starting with a letter`);
  }
}
