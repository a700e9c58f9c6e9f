import { BSONRegExp, Decimal128, Long, type Document } from 'bson';
import { canonicalType, CanonicalType, compareStrings, compareValues, formatValue, isDocument, valuesEqual } from './bson-order';
import { MongoCommandError, refuseUnsupported } from './mongo-error';
import { compileFilter, toJsRegExp } from './query-filter';

/** An update (operators or a replacement) compiled once, applied to each matched document. */
export interface CompiledUpdate {
  readonly isReplacement: boolean;
  /** The document after the update, as a new object; `inserting` applies `$setOnInsert` (an upsert). */
  apply(doc: Document, inserting: boolean): Document;
}

interface Modification {
  operator: string;
  path: string;
  parts: string[];
  operand: unknown;
}

type Apply = (target: Document, modification: Modification, id: unknown) => void;

const OPERATORS: Record<string, Apply> = {
  $set: (target, { parts, operand }) => setPath(target, parts, cloneValue(operand)),
  $setOnInsert: (target, { parts, operand }) => setPath(target, parts, cloneValue(operand)),
  $unset: (target, { parts }) => unsetPath(target, parts),
  $inc: (target, modification, id) => arithmetic(target, modification, id, 'increment', add),
  $mul: (target, modification, id) => arithmetic(target, modification, id, 'multiply', multiply),
  $min: (target, { parts, operand }) => keepExtreme(target, parts, operand, -1),
  $max: (target, { parts, operand }) => keepExtreme(target, parts, operand, 1),
  $rename: rename,
  $push: push,
  $addToSet: addToSet,
  $pull: pull,
  $pullAll: pullAll,
  $pop: pop,
  $currentDate: currentDate,
};

/**
 * Compiles an update as MongoDB parses it: every top-level key an operator (or none, for a
 * replacement document), operands documents, no path updated twice. Operators are applied in the
 * order of their paths (MongoDB 5.0+: lexicographic, numeric components numerically), so new
 * fields are appended in that order.
 */
export function compileUpdate(update: unknown): CompiledUpdate {
  if (Array.isArray(update)) throw refuseUnsupported('a pipeline-style update');
  if (!isDocument(update)) throw new MongoCommandError('FailedToParse', 'Update argument must be either an object or an array');
  const keys = Object.keys(update);
  const operatorKeys = keys.filter((key) => key.startsWith('$'));
  if (operatorKeys.length === 0) return replacement(update);
  if (operatorKeys.length !== keys.length) {
    const field = keys.find((key) => !key.startsWith('$'));
    throw new MongoCommandError('FailedToParse', `Unknown modifier: ${field}. Expected a valid update modifier or pipeline-style update specified as an array`);
  }
  const modifications: Modification[] = [];
  for (const [operator, fields] of Object.entries(update)) {
    if (operator === '$bit') throw refuseUnsupported('the $bit update operator');
    if (!(operator in OPERATORS)) {
      throw new MongoCommandError('FailedToParse', `Unknown modifier: ${operator}. Expected a valid update modifier or pipeline-style update specified as an array`);
    }
    if (!isDocument(fields)) {
      const type = typeName(fields);
      throw new MongoCommandError(
        'FailedToParse',
        `Modifiers operate on fields but we found type ${type} instead. For example: {$mod: {<field>: ...}} not {${operator}: ${formatValue(fields)}}`,
      );
    }
    for (const [path, operand] of Object.entries(fields)) {
      modifications.push({ operator, path, parts: parsePath(path), operand });
      if (operator === '$rename') {
        if (typeof operand !== 'string') throw new MongoCommandError('BadValue', `The 'to' field for $rename must be a string: ${path}: ${formatValue(operand)}`);
        modifications.push({ operator: '$rename:to', path: operand, parts: parsePath(operand), operand: path });
      }
    }
  }
  assertNoConflicts(modifications);
  const ordered = modifications.filter(({ operator }) => operator !== '$rename:to').sort((a, b) => comparePaths(a.parts, b.parts));
  return {
    isReplacement: false,
    apply(doc, inserting) {
      const target = cloneValue(doc) as Document;
      for (const modification of ordered) {
        if (modification.operator === '$setOnInsert' && !inserting) continue;
        OPERATORS[modification.operator](target, modification, doc._id);
      }
      if (!inserting && !sameId(doc, target)) {
        throw new MongoCommandError('ImmutableField', "Performing an update on the path '_id' would modify the immutable field '_id'");
      }
      return target;
    },
  };
}

function replacement(update: Document): CompiledUpdate {
  return {
    isReplacement: true,
    apply(doc) {
      const { _id, ...fields } = cloneValue(update) as Document;
      if (_id !== undefined && '_id' in doc && !valuesEqual(_id, doc._id)) {
        throw new MongoCommandError('ImmutableField', `After applying the update, the (immutable) field '_id' was found to have been altered to _id: ${formatValue(_id)}`);
      }
      const id = '_id' in doc ? doc._id : _id;
      return id === undefined ? fields : { _id: id, ...fields };
    },
  };
}

function sameId(before: Document, after: Document): boolean {
  return '_id' in after && valuesEqual(before._id, after._id);
}

function parsePath(path: string): string[] {
  if (path === '') throw new MongoCommandError('FailedToParse', 'An empty update path is not valid.');
  const parts = path.split('.');
  for (const part of parts) {
    if (part === '') throw new MongoCommandError('FailedToParse', `The update path '${path}' contains an empty field name, which is not allowed.`);
    if (part.startsWith('$')) throw refuseUnsupported(`the positional update path ${path}`);
  }
  return parts;
}

function assertNoConflicts(modifications: Modification[]): void {
  for (const [i, a] of modifications.entries()) {
    for (const b of modifications.slice(i + 1)) {
      const shorter = a.parts.length <= b.parts.length ? a : b;
      const longer = shorter === a ? b : a;
      if (shorter.parts.every((part, j) => longer.parts[j] === part)) {
        throw new MongoCommandError('ConflictingUpdateOperators', `Updating the path '${longer.path}' would create a conflict at '${shorter.path}'`);
      }
    }
  }
}

function comparePaths(a: string[], b: string[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] === b[i]) continue;
    const numeric = /^\d+$/.test(a[i]) && /^\d+$/.test(b[i]);
    return numeric ? Number(a[i]) - Number(b[i]) : compareStrings(a[i], b[i]);
  }
  return a.length - b.length;
}

/** A deep copy of documents and arrays (dates copied too); other BSON values are immutable. */
export function cloneValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(cloneValue);
  if (value instanceof Date) return new Date(value.getTime());
  if (!isDocument(value)) return value;
  const copy: Document = {};
  for (const [name, field] of Object.entries(value)) copy[name] = cloneValue(field);
  return copy;
}

type Container = Document | unknown[];

/** The container holding the path's last component, created on the way when `create` is set. */
function parentOf(target: Document, parts: string[], create: boolean): Container | undefined {
  let container: Container = target;
  for (const [i, part] of parts.slice(0, -1).entries()) {
    let next: unknown;
    if (Array.isArray(container)) {
      if (!/^\d+$/.test(part)) {
        if (!create) return undefined;
        throw new MongoCommandError('PathNotViable', `Cannot create field '${part}' in element {${parts[i - 1]}: ${formatValue(container)}}`);
      }
      next = container[Number(part)];
    } else {
      next = Object.hasOwn(container, part) ? container[part] : undefined;
    }
    if (next === undefined) {
      if (!create) return undefined;
      next = {};
      assign(container, part, next);
    } else if (!isDocument(next) && !Array.isArray(next)) {
      if (!create) return undefined;
      throw new MongoCommandError('PathNotViable', `Cannot create field '${parts[i + 1]}' in element {${part}: ${formatValue(next)}}`);
    }
    container = next as Container;
  }
  return container;
}

function assign(container: Container, key: string, value: unknown): void {
  if (Array.isArray(container)) {
    const index = Number(key);
    while (container.length < index) container.push(null);
    container[index] = value;
  } else {
    container[key] = value;
  }
}

function valueIn(container: Container | undefined, key: string): unknown {
  if (container === undefined) return undefined;
  if (Array.isArray(container)) return /^\d+$/.test(key) ? container[Number(key)] : undefined;
  return Object.hasOwn(container, key) ? container[key] : undefined;
}

function currentValue(target: Document, parts: string[]): unknown {
  return valueIn(parentOf(target, parts, false), parts[parts.length - 1]);
}

function setPath(target: Document, parts: string[], value: unknown): void {
  const parent = parentOf(target, parts, true) as Container;
  const key = parts[parts.length - 1];
  if (Array.isArray(parent) && !/^\d+$/.test(key)) {
    throw new MongoCommandError('PathNotViable', `Cannot create field '${key}' in element {${parts[parts.length - 2]}: ${formatValue(parent)}}`);
  }
  assign(parent, key, value);
}

function unsetPath(target: Document, parts: string[]): void {
  const parent = parentOf(target, parts, false);
  const key = parts[parts.length - 1];
  if (parent === undefined || valueIn(parent, key) === undefined) return;
  // $unset of an array element leaves null in its place, as MongoDB does.
  if (Array.isArray(parent)) parent[Number(key)] = null;
  else delete parent[key];
}

/** MongoDB's name of a value's BSON type, as its messages print it. */
function typeName(value: unknown): string {
  if (typeof value === 'number') return Number.isInteger(value) && Math.abs(value) < 2 ** 31 ? 'int' : 'double';
  if (value instanceof Long) return 'long';
  if (value instanceof Decimal128) return 'decimal';
  const names: Partial<Record<CanonicalType, string>> = {
    [CanonicalType.Undefined]: 'undefined',
    [CanonicalType.Null]: 'null',
    [CanonicalType.String]: 'string',
    [CanonicalType.Object]: 'object',
    [CanonicalType.Array]: 'array',
    [CanonicalType.BinData]: 'binData',
    [CanonicalType.ObjectId]: 'objectId',
    [CanonicalType.Boolean]: 'bool',
    [CanonicalType.Date]: 'date',
    [CanonicalType.Timestamp]: 'timestamp',
    [CanonicalType.RegExp]: 'regex',
    [CanonicalType.MinKey]: 'minKey',
    [CanonicalType.MaxKey]: 'maxKey',
  };
  return names[canonicalType(value)] ?? 'javascript';
}

function isNumeric(value: unknown): value is number | Long {
  return typeof value === 'number' || value instanceof Long;
}

function add(a: number | Long, b: number | Long): number | Long {
  if (typeof a === 'number' && typeof b === 'number') return a + b;
  return combineLongs(
    a,
    b,
    (x, y) => x.add(y),
    (x, y) => x + y,
  );
}

function multiply(a: number | Long, b: number | Long): number | Long {
  if (typeof a === 'number' && typeof b === 'number') return a * b;
  return combineLongs(
    a,
    b,
    (x, y) => x.multiply(y),
    (x, y) => x * y,
  );
}

/** A long combined with an integer stays a long; with a fractional double it becomes a double. */
function combineLongs(a: number | Long, b: number | Long, longs: (x: Long, y: Long) => Long, doubles: (x: number, y: number) => number): number | Long {
  const fractional = [a, b].some((n) => typeof n === 'number' && !Number.isInteger(n));
  if (fractional) return doubles(Number(a.toString()), Number(b.toString()));
  return longs(Long.fromValue(a), Long.fromValue(b));
}

function arithmetic(target: Document, { operator, path, parts, operand }: Modification, id: unknown, verb: string, combine: (a: number | Long, b: number | Long) => number | Long): void {
  if (operand instanceof Decimal128) throw refuseUnsupported(`${operator} with a decimal`);
  if (!isNumeric(operand)) {
    throw new MongoCommandError('TypeMismatch', `Cannot ${verb} with non-numeric argument: {${path}: ${formatValue(operand)}}`);
  }
  const current = currentValue(target, parts);
  if (current === undefined) {
    setPath(target, parts, operator === '$mul' ? combine(0, operand) : operand);
    return;
  }
  if (!isNumeric(current)) {
    throw new MongoCommandError(
      'TypeMismatch',
      `Cannot apply ${operator} to a value of non-numeric type. {_id: ${formatValue(id)}} has the field '${parts[parts.length - 1]}' of non-numeric type ${typeName(current)}`,
    );
  }
  setPath(target, parts, combine(current, operand));
}

function keepExtreme(target: Document, parts: string[], operand: unknown, direction: 1 | -1): void {
  const current = currentValue(target, parts);
  if (current === undefined || compareValues(operand, current) * direction > 0) setPath(target, parts, cloneValue(operand));
}

function rename(target: Document, { parts, operand }: Modification): void {
  const value = currentValue(target, parts);
  if (value === undefined) return;
  unsetPath(target, parts);
  setPath(target, parsePath(String(operand)), value);
}

/** `{ $each: [...] }` or one value; the array modifiers beside $each are refused. */
function eachOf(operator: string, operand: unknown): unknown[] {
  if (!isDocument(operand) || !('$each' in operand)) return [operand];
  for (const modifier of Object.keys(operand)) {
    if (modifier !== '$each') throw refuseUnsupported(`the ${modifier} modifier of ${operator}`);
  }
  if (!Array.isArray(operand.$each)) throw new MongoCommandError('BadValue', `The argument to $each in ${operator} must be an array but it was of type: ${typeName(operand.$each)}`);
  return operand.$each;
}

function push(target: Document, { path, parts, operand }: Modification, id: unknown): void {
  const values = eachOf('$push', operand).map(cloneValue);
  const current = currentValue(target, parts);
  if (current === undefined) {
    setPath(target, parts, values);
  } else if (!Array.isArray(current)) {
    throw new MongoCommandError('BadValue', `The field '${path}' must be an array but is of type ${typeName(current)} in document {_id: ${formatValue(id)}}`);
  } else {
    current.push(...values);
  }
}

function addToSet(target: Document, { parts, operand }: Modification): void {
  const values = eachOf('$addToSet', operand);
  const current = currentValue(target, parts);
  if (current !== undefined && !Array.isArray(current)) {
    throw new MongoCommandError('BadValue', `Cannot apply $addToSet to non-array field. Field named '${parts[parts.length - 1]}' has non-array type ${typeName(current)}`);
  }
  const array = current ?? [];
  for (const value of values) {
    if (!array.some((element) => valuesEqual(element, value))) array.push(cloneValue(value));
  }
  if (current === undefined) setPath(target, parts, array);
}

/** Elements `$pull` removes: equal to a value, matching a regex, a condition, or a query on a document element. */
function pullCondition(operand: unknown): (element: unknown) => boolean {
  if (operand instanceof BSONRegExp || operand instanceof RegExp) {
    const regex = toJsRegExp(operand);
    return (element) => typeof element === 'string' && regex.test(element);
  }
  if (isDocument(operand) && Object.keys(operand).length > 0) {
    if (Object.keys(operand)[0].startsWith('$')) {
      // As MongoDB does: the condition applied to a document holding the element under one name.
      const matches = compileFilter({ element: operand });
      return (element) => matches({ element });
    }
    const matches = compileFilter(operand);
    return (element) => isDocument(element) && matches(element);
  }
  return (element) => valuesEqual(element, operand);
}

function removeFrom(target: Document, parts: string[], operator: string, remove: (element: unknown) => boolean): void {
  const current = currentValue(target, parts);
  if (current === undefined) return;
  if (!Array.isArray(current)) throw new MongoCommandError('BadValue', `Cannot apply ${operator} to a non-array value`);
  const kept = current.filter((element) => !remove(element));
  current.splice(0, current.length, ...kept);
}

function pull(target: Document, { parts, operand }: Modification): void {
  removeFrom(target, parts, '$pull', pullCondition(operand));
}

function pullAll(target: Document, { path, parts, operand }: Modification): void {
  if (!Array.isArray(operand)) throw new MongoCommandError('BadValue', `$pullAll requires an array argument but was given a ${typeName(operand)} for ${path}`);
  removeFrom(target, parts, '$pullAll', (element) => operand.some((value) => valuesEqual(element, value)));
}

function pop(target: Document, { path, parts, operand }: Modification): void {
  const end = Number(operand);
  if (end !== 1 && end !== -1) throw new MongoCommandError('FailedToParse', `$pop expects 1 or -1, found: ${formatValue(operand)}`);
  const current = currentValue(target, parts);
  if (current === undefined) return;
  if (!Array.isArray(current)) throw new MongoCommandError('TypeMismatch', `Path '${path}' contains an element of non-array type '${typeName(current)}'`);
  if (end === 1) current.pop();
  else current.shift();
}

function currentDate(target: Document, { parts, operand }: Modification): void {
  if (isDocument(operand) && operand.$type === 'timestamp') throw refuseUnsupported('$currentDate with $type timestamp');
  setPath(target, parts, new Date());
}

/**
 * The document an upsert starts from: the filter's equality conditions (`field: value`, `$eq`,
 * inside `$and` or a one-branch `$or`), as MongoDB derives it, before the update is applied.
 */
export function upsertSeed(filter: Document): Document {
  const seed: Document = {};
  const paths: string[] = [];
  const collect = (conditions: Document): void => {
    for (const [key, condition] of Object.entries(conditions)) {
      if (key === '$and' && Array.isArray(condition)) condition.filter(isDocument).forEach(collect);
      else if (key === '$or' && Array.isArray(condition) && condition.length === 1 && isDocument(condition[0])) collect(condition[0]);
      else if (!key.startsWith('$')) {
        const value = equalityValue(condition);
        if (value === NO_VALUE) continue;
        for (const other of paths) {
          if (other === key) throw new MongoCommandError('NotSingleValueField', `cannot infer query fields to set, path '${key}' is matched twice`);
          if (other.startsWith(`${key}.`) || key.startsWith(`${other}.`)) {
            throw new MongoCommandError('NotSingleValueField', `cannot infer query fields to set, both paths '${other}' and '${key}' are matched`);
          }
        }
        paths.push(key);
        setPath(seed, parsePath(key), cloneValue(value));
      }
    }
  };
  collect(filter);
  return seed;
}

const NO_VALUE = Symbol('no value');

function equalityValue(condition: unknown): unknown {
  if (condition instanceof BSONRegExp || condition instanceof RegExp) return NO_VALUE;
  if (!isDocument(condition)) return condition;
  const keys = Object.keys(condition);
  if (keys.length === 0 || !keys[0].startsWith('$')) return condition;
  if (keys.length === 1 && keys[0] === '$eq') return condition.$eq;
  if (keys.length === 1 && keys[0] === '$in' && Array.isArray(condition.$in) && condition.$in.length === 1) return equalityValue(condition.$in[0]);
  return NO_VALUE;
}
