import { isCondition, isPlainObject, type PlainObject } from '../document-store/plain-document';

/**
 * Applies a normalized update (see `normalizeUpdate`) to a document parsed from its row, in
 * place, with MongoDB's meaning: dotted fields reach into embedded documents (`$set` creates
 * them), `$inc` and `$push` start a missing field from 0 and [], `$pull` leaves a missing field
 * alone. An operator that meets a value of the wrong type throws, and the write changes nothing.
 */
export function applyUpdate(doc: PlainObject, update: PlainObject): void {
  for (const [operator, fields] of Object.entries(update)) {
    for (const [field, operand] of Object.entries(fields as PlainObject)) {
      OPERATORS[operator](doc, field, operand);
    }
  }
}

type Operator = (doc: PlainObject, field: string, operand: unknown) => void;

const OPERATORS: Record<string, Operator> = {
  $set(doc, field, operand) {
    const { parent, key } = slot(doc, field);
    parent[key] = operand;
  },
  $unset(doc, field) {
    const found = existingSlot(doc, field);
    if (found) delete found.parent[found.key];
  },
  $inc(doc, field, operand) {
    const { parent, key } = slot(doc, field);
    const current = parent[key] === undefined ? 0 : parent[key];
    if (typeof operand !== 'number' || typeof current !== 'number') {
      throw new TypeError(`Cannot $inc ${field}: ${JSON.stringify(current)} by ${JSON.stringify(operand)} (both must be numbers)`);
    }
    parent[key] = current + operand;
  },
  $push(doc, field, operand) {
    const { parent, key } = slot(doc, field);
    const current = parent[key] === undefined ? [] : parent[key];
    if (!Array.isArray(current)) throw new TypeError(`Cannot $push to ${field}: it holds ${JSON.stringify(current)}, not an array`);
    parent[key] = [...(current as unknown[]), operand];
  },
  $pull(doc, field, operand) {
    const found = existingSlot(doc, field);
    const current = found && found.parent[found.key];
    if (!found || current === undefined) return;
    if (!Array.isArray(current)) throw new TypeError(`Cannot $pull from ${field}: it holds ${JSON.stringify(current)}, not an array`);
    found.parent[found.key] = current.filter((element: unknown) => !matchesElement(element, operand));
  },
};

interface Slot {
  parent: PlainObject;
  key: string;
}

/** Where a dotted field lives, creating the embedded documents on the way. */
function slot(doc: PlainObject, field: string): Slot {
  const segments = segmentsOf(field);
  let parent = doc;
  for (const segment of segments.slice(0, -1)) {
    parent[segment] ??= {};
    const next = parent[segment];
    if (!isPlainObject(next)) throw new TypeError(`Cannot set ${field}: ${segment} holds ${JSON.stringify(next)}, not a document`);
    parent = next;
  }
  return { parent, key: segments[segments.length - 1] };
}

/** Where a dotted field lives, if every embedded document on the way exists. */
function existingSlot(doc: PlainObject, field: string): Slot | undefined {
  const segments = segmentsOf(field);
  let parent = doc;
  for (const segment of segments.slice(0, -1)) {
    const next = parent[segment];
    if (!isPlainObject(next)) return undefined;
    parent = next;
  }
  return { parent, key: segments[segments.length - 1] };
}

/** The names along a dotted field; `__proto__` would reach Object.prototype instead of a field. */
function segmentsOf(field: string): string[] {
  const segments = field.split('.');
  if (segments.includes('__proto__')) throw new TypeError(`Cannot update ${field}: __proto__ is not a field name`);
  return segments;
}

/** What `$pull` removes: elements equal to the value, or matching every operator of a condition. */
function matchesElement(element: unknown, operand: unknown): boolean {
  if (!isCondition(operand)) return sameValue(element, operand);
  return Object.entries(operand).every(([operator, value]) => {
    switch (operator) {
      case '$in':
        return (value as unknown[]).some((listed) => sameValue(element, listed));
      case '$nin':
        return !(value as unknown[]).some((listed) => sameValue(element, listed));
      case '$ne':
        return !sameValue(element, value);
      case '$gt':
        return comparable(element, value) && (element as number) > (value as number);
      case '$gte':
        return comparable(element, value) && (element as number) >= (value as number);
      case '$lt':
        return comparable(element, value) && (element as number) < (value as number);
      case '$lte':
        return comparable(element, value) && (element as number) <= (value as number);
      case '$regex':
        return typeof element === 'string' && new RegExp((value as RegExp).source, (value as RegExp).flags.replace(/[gy]/g, '')).test(element);
      default:
        throw new TypeError(`Unsupported $pull condition ${operator}`);
    }
  });
}

/** Equal as JSON values (embedded documents field by field, in order, as MongoDB compares them). */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A number bound compares with numbers only, a string bound with strings only (as in filters). */
function comparable(element: unknown, bound: unknown): boolean {
  return (typeof bound === 'number' || typeof bound === 'string') && typeof element === typeof bound;
}
