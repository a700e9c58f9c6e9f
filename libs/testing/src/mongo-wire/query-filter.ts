import { BSONRegExp, type Document } from 'bson';
import { canonicalType, CanonicalType, compareValues, isDocument, valuesEqual } from './bson-order';
import { MISSING, valuesAt } from './document-path';
import { MongoCommandError, refuseUnsupported } from './mongo-error';

export type Predicate = (doc: Document) => boolean;
type ValuesTest = (reached: unknown[]) => boolean;

/** Real MongoDB query operators this server does not evaluate: refused, never guessed. */
const UNSUPPORTED_TOP_LEVEL = new Set(['$expr', '$where', '$text', '$jsonSchema', '$sampleRate', '$alwaysTrue', '$alwaysFalse']);
const UNSUPPORTED_OPERATORS = new Set([
  '$all',
  '$elemMatch',
  '$size',
  '$type',
  '$mod',
  '$bitsAllSet',
  '$bitsAnySet',
  '$bitsAllClear',
  '$bitsAnyClear',
  '$geoWithin',
  '$geoIntersects',
  '$near',
  '$nearSphere',
  '$within',
]);

/**
 * Compiles a query filter into a predicate with MongoDB's meaning: equality also matches an array
 * holding the value, `null` matches a missing field, ranges compare only values of the operand's
 * type (type bracketing) in MongoDB's BSON order, and so on. An operator the server does not know
 * fails the whole command, as it does on MongoDB (even when the collection is empty).
 */
export function compileFilter(filter: Document): Predicate {
  const predicates: Predicate[] = [];
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$and' || key === '$or' || key === '$nor') {
      const branches = logicalBranches(key, value).map(compileFilter);
      if (key === '$and') predicates.push((doc) => branches.every((branch) => branch(doc)));
      else if (key === '$or') predicates.push((doc) => branches.some((branch) => branch(doc)));
      else predicates.push((doc) => !branches.some((branch) => branch(doc)));
    } else if (key === '$comment') {
      continue;
    } else if (UNSUPPORTED_TOP_LEVEL.has(key)) {
      throw refuseUnsupported(`the ${key} query operator`);
    } else if (key.startsWith('$')) {
      throw new MongoCommandError('BadValue', `unknown top level operator: ${key}`);
    } else {
      const test = compileCondition(value);
      predicates.push((doc) => test(valuesAt(doc, key)));
    }
  }
  return (doc) => predicates.every((predicate) => predicate(doc));
}

function logicalBranches(operator: string, value: unknown): Document[] {
  if (!Array.isArray(value) || value.length === 0) {
    throw new MongoCommandError('BadValue', `${operator} must be a nonempty array`);
  }
  for (const branch of value) {
    if (!isDocument(branch)) throw new MongoCommandError('BadValue', `${operator} argument's entries must be objects`);
  }
  return value as Document[];
}

function isOperatorDocument(value: unknown): value is Document {
  if (!isDocument(value)) return false;
  const [first] = Object.keys(value);
  return first !== undefined && first.startsWith('$');
}

function isRegex(value: unknown): value is BSONRegExp | RegExp {
  return value instanceof BSONRegExp || value instanceof RegExp;
}

/** `{ field: <condition> }`: an operator document, a regular expression, or a value to equal. */
function compileCondition(condition: unknown): ValuesTest {
  if (isRegex(condition)) return regexTest(toJsRegExp(condition));
  if (isOperatorDocument(condition)) return compileOperators(condition);
  return equalityTest(condition);
}

function compileOperators(operators: Document): ValuesTest {
  const tests: ValuesTest[] = [];
  for (const [operator, operand] of Object.entries(operators)) {
    switch (operator) {
      case '$eq':
        tests.push(equalityTest(operand));
        break;
      case '$ne': {
        if (isRegex(operand)) throw new MongoCommandError('BadValue', "Can't have regex as arg to $ne.");
        const equal = equalityTest(operand);
        tests.push((reached) => !equal(reached));
        break;
      }
      case '$gt':
      case '$gte':
      case '$lt':
      case '$lte':
        tests.push(rangeTest(operator, operand));
        break;
      case '$in':
        tests.push(inTest(operator, operand));
        break;
      case '$nin': {
        const listed = inTest(operator, operand);
        tests.push((reached) => !listed(reached));
        break;
      }
      case '$exists': {
        const wanted = Boolean(operand);
        tests.push((reached) => reached.some((value) => value !== MISSING) === wanted);
        break;
      }
      case '$regex':
        tests.push(regexTest(regexOperand(operand, operators.$options)));
        break;
      case '$options':
        if (!('$regex' in operators)) throw new MongoCommandError('BadValue', '$options needs a $regex');
        break;
      case '$not': {
        const inner = notOperand(operand);
        tests.push((reached) => !inner(reached));
        break;
      }
      default:
        if (UNSUPPORTED_OPERATORS.has(operator)) throw refuseUnsupported(`the ${operator} query operator`);
        throw new MongoCommandError('BadValue', `unknown operator: ${operator}`);
    }
  }
  return (reached) => tests.every((test) => test(reached));
}

function notOperand(operand: unknown): ValuesTest {
  if (isRegex(operand)) return regexTest(toJsRegExp(operand));
  if (!isDocument(operand)) throw new MongoCommandError('BadValue', '$not needs a regex or a document');
  if (Object.keys(operand).length === 0) throw new MongoCommandError('BadValue', '$not cannot be empty');
  if (!isOperatorDocument(operand)) throw new MongoCommandError('BadValue', `unknown operator: ${Object.keys(operand)[0]}`);
  return compileOperators(operand);
}

/** A value, or an array at the path holding it (the array as a whole is compared too). */
function anyValue(reached: unknown[], test: (value: unknown) => boolean): boolean {
  return reached.some((value) => value !== MISSING && (test(value) || (Array.isArray(value) && value.some(test))));
}

function isNullish(value: unknown): boolean {
  return value === null || value === undefined;
}

function equalityTest(operand: unknown): ValuesTest {
  if (isNullish(operand)) {
    // null matches null, a missing field, and an array holding null.
    return (reached) => reached.some((value) => value === MISSING || isNullish(value) || (Array.isArray(value) && value.some(isNullish)));
  }
  return (reached) => anyValue(reached, (value) => valuesEqual(value, operand));
}

const RANGE_OUTCOMES: Record<string, (order: number) => boolean> = {
  $gt: (order) => order > 0,
  $gte: (order) => order >= 0,
  $lt: (order) => order < 0,
  $lte: (order) => order <= 0,
};

function rangeTest(operator: string, operand: unknown): ValuesTest {
  if (isRegex(operand)) throw new MongoCommandError('BadValue', `Can't have RegEx as arg to predicate over field`);
  const holds = RANGE_OUTCOMES[operator];
  if (isNullish(operand)) {
    // Only the bounds that include equality match null (and missing fields).
    return operator === '$gte' || operator === '$lte' ? equalityTest(null) : () => false;
  }
  const type = canonicalType(operand);
  if (type === CanonicalType.MinKey || type === CanonicalType.MaxKey) {
    return (reached) => reached.some((value) => holds(compareValues(value === MISSING ? null : value, operand)));
  }
  // Type bracketing: { $gt: 5 } compares numbers only, { $gt: "a" } strings only.
  return (reached) => anyValue(reached, (value) => canonicalType(value) === type && holds(compareValues(value, operand)));
}

function inTest(operator: string, operand: unknown): ValuesTest {
  if (!Array.isArray(operand)) throw new MongoCommandError('BadValue', `${operator} needs an array`);
  const tests = operand.map((listed): ValuesTest => {
    if (isOperatorDocument(listed)) throw new MongoCommandError('BadValue', `cannot nest $ under ${operator}`);
    return isRegex(listed) ? regexTest(toJsRegExp(listed)) : equalityTest(listed);
  });
  return (reached) => tests.some((test) => test(reached));
}

function regexTest(regex: RegExp): ValuesTest {
  return (reached) => anyValue(reached, (value) => typeof value === 'string' && regex.test(value));
}

function regexOperand(operand: unknown, options: unknown): RegExp {
  if (options !== undefined && typeof options !== 'string') throw new MongoCommandError('BadValue', '$options has to be a string');
  if (typeof operand === 'string') return toJsRegExp(new BSONRegExp(operand, options ?? ''));
  if (!isRegex(operand)) throw new MongoCommandError('BadValue', '$regex has to be a string');
  if (options === undefined) return toJsRegExp(operand);
  const { pattern, flags } = regexParts(operand);
  if (flags !== '') throw new MongoCommandError('BadValue', 'options set in both $regex and $options');
  return toJsRegExp(new BSONRegExp(pattern, options));
}

function regexParts(regex: BSONRegExp | RegExp): { pattern: string; flags: string } {
  return regex instanceof RegExp ? { pattern: regex.source, flags: regex.flags } : { pattern: regex.pattern, flags: regex.options };
}

/**
 * MongoDB's PCRE options as a JavaScript RegExp: i, m and s keep their meaning, u is implied (the
 * pattern is matched by code point, as PCRE does in UTF-8 mode). `x` (extended) is refused.
 */
export function toJsRegExp(regex: BSONRegExp | RegExp): RegExp {
  const { pattern, flags } = regexParts(regex);
  let jsFlags = '';
  for (const flag of flags) {
    if (flag === 'i' || flag === 'm' || flag === 's') jsFlags += jsFlags.includes(flag) ? '' : flag;
    else if (flag === 'x') throw refuseUnsupported('the regular expression option x');
    else if (flag !== 'u') throw new MongoCommandError('BadValue', `invalid flag in regex options: ${flag}`);
  }
  try {
    return new RegExp(pattern, `${jsFlags}u`);
  } catch {
    try {
      // Identity escapes such as \- are valid PCRE but not valid with the u flag.
      return new RegExp(pattern, jsFlags);
    } catch (error) {
      throw new MongoCommandError('Location51091', `Regular expression is invalid: ${(error as Error).message}`);
    }
  }
}

/**
 * The top-level `field: value` equalities of a filter whose value can be looked up in a hash index
 * (a number, string, boolean, ObjectId or date): the candidates a single-field index narrows to,
 * before the whole filter runs on each of them.
 */
export function indexableEqualities(filter: Document): Map<string, unknown> {
  const found = new Map<string, unknown>();
  for (const [field, condition] of Object.entries(filter)) {
    if (field.startsWith('$')) continue;
    const value = isDocument(condition) && Object.keys(condition).length === 1 && '$eq' in condition ? condition.$eq : condition;
    const type = canonicalType(value);
    if ([CanonicalType.Number, CanonicalType.String, CanonicalType.Boolean, CanonicalType.ObjectId, CanonicalType.Date].includes(type)) {
      found.set(field, value);
    }
  }
  return found;
}
