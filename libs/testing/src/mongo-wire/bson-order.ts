import { Binary, BSONRegExp, Code, DBRef, Decimal128, Long, ObjectId, Timestamp, type Document } from 'bson';

/**
 * MongoDB's order of BSON values (its "simple" comparison, no collation), as the server applies it
 * to sort, range queries, equality and index keys:
 *
 *   MinKey < undefined < null < numbers < strings < objects < arrays < binData < ObjectId
 *          < booleans < dates < timestamps < regular expressions < code < MaxKey
 *
 * Numbers compare by value whatever their BSON type (int, long, double, decimal); strings by
 * their UTF-8 bytes, so a character outside the BMP sorts after U+FFFF (JavaScript's `<` compares
 * UTF-16 units and puts it before U+E000..U+FFFF); objects field by field (type, then name, then
 * value); binData by length, then subtype, then bytes.
 *
 * Values are what `bson` deserializes with `promoteValues` and `bsonRegExp: true`: JS numbers,
 * `Long` (beyond 2^53), strings, booleans, `Date`, `null`, arrays, plain objects and the bson classes.
 */
export enum CanonicalType {
  MinKey = -1,
  Undefined = 0,
  Null = 5,
  Number = 10,
  String = 15,
  Object = 20,
  Array = 25,
  BinData = 30,
  ObjectId = 35,
  Boolean = 40,
  Date = 45,
  Timestamp = 47,
  RegExp = 50,
  Code = 60,
  MaxKey = 127,
}

export function isDocument(value: unknown): value is Document {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

function bsonType(value: object): string | undefined {
  return (value as { _bsontype?: string })._bsontype;
}

export function canonicalType(value: unknown): CanonicalType {
  switch (typeof value) {
    case 'undefined':
      return CanonicalType.Undefined;
    case 'number':
    case 'bigint':
      return CanonicalType.Number;
    case 'string':
      return CanonicalType.String;
    case 'boolean':
      return CanonicalType.Boolean;
    case 'object':
      break;
    default:
      throw new TypeError(`not a BSON value: ${typeof value}`);
  }
  if (value === null) return CanonicalType.Null;
  if (Array.isArray(value)) return CanonicalType.Array;
  if (value instanceof Date) return CanonicalType.Date;
  if (value instanceof RegExp) return CanonicalType.RegExp;
  switch (bsonType(value)) {
    case 'MinKey':
      return CanonicalType.MinKey;
    case 'MaxKey':
      return CanonicalType.MaxKey;
    case 'Long':
    case 'Double':
    case 'Int32':
    case 'Decimal128':
      return CanonicalType.Number;
    case 'BSONSymbol':
      return CanonicalType.String;
    case 'Binary':
      return CanonicalType.BinData;
    case 'ObjectId':
      return CanonicalType.ObjectId;
    case 'Timestamp':
      return CanonicalType.Timestamp;
    case 'BSONRegExp':
      return CanonicalType.RegExp;
    case 'Code':
      return CanonicalType.Code;
    case 'DBRef':
      return CanonicalType.Object;
    default:
      return CanonicalType.Object;
  }
}

/** -1, 0 or 1: `a` before, equal to or after `b` in MongoDB's order. */
export function compareValues(a: unknown, b: unknown): number {
  const ta = canonicalType(a);
  const tb = canonicalType(b);
  if (ta !== tb) return ta < tb ? -1 : 1;
  switch (ta) {
    case CanonicalType.MinKey:
    case CanonicalType.MaxKey:
    case CanonicalType.Undefined:
    case CanonicalType.Null:
      return 0;
    case CanonicalType.Number:
      return compareNumbers(a, b);
    case CanonicalType.String:
      return compareStrings(String(a), String(b));
    case CanonicalType.Object:
      return compareDocuments(asDocument(a), asDocument(b));
    case CanonicalType.Array:
      return compareArrays(a as unknown[], b as unknown[]);
    case CanonicalType.BinData:
      return compareBinaries(a as Binary, b as Binary);
    case CanonicalType.ObjectId:
      return sign(Buffer.compare((a as ObjectId).id, (b as ObjectId).id));
    case CanonicalType.Boolean:
      return a === b ? 0 : a ? 1 : -1;
    case CanonicalType.Date:
      return compareNumbers((a as Date).getTime(), (b as Date).getTime());
    case CanonicalType.Timestamp:
      return compareTimestamps(a as Timestamp, b as Timestamp);
    case CanonicalType.RegExp:
      return compareRegExps(a as BSONRegExp | RegExp, b as BSONRegExp | RegExp);
    case CanonicalType.Code:
      return compareStrings((a as Code).code, (b as Code).code) || compareValues((a as Code).scope ?? null, (b as Code).scope ?? null);
  }
}

export function valuesEqual(a: unknown, b: unknown): boolean {
  return compareValues(a, b) === 0;
}

/**
 * Simple binary comparison of the strings' UTF-8 bytes, which is code point order: walks both
 * strings by code point, so a surrogate pair (U+10000 and above) counts as one character.
 */
export function compareStrings(a: string, b: string): number {
  if (a === b) return 0;
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const ca = a.charCodeAt(i);
    const cb = b.charCodeAt(i);
    if (ca === cb) continue;
    // Equal so far, so both strings are at the same position; compare whole code points.
    const pa = a.codePointAt(i) as number;
    const pb = b.codePointAt(i) as number;
    return pa < pb ? -1 : 1;
  }
  return sign(a.length - b.length);
}

type NumberValue = number | bigint;

/** A number's exact value: a double, or an integer as a bigint when it is a Long or Decimal128 integer. */
function numberValue(value: unknown): NumberValue {
  if (typeof value === 'number' || typeof value === 'bigint') return value;
  if (value instanceof Long) return BigInt(value.toString());
  if (value instanceof Decimal128) {
    const text = value.toString();
    return /^-?\d+$/.test(text) ? BigInt(text) : Number(text);
  }
  return Number((value as { valueOf(): number }).valueOf());
}

/** Numerically, across int, long, double and decimal; NaN sorts before every other number. */
export function compareNumbers(a: unknown, b: unknown): number {
  const x = numberValue(a);
  const y = numberValue(b);
  if (typeof x === 'number' && typeof y === 'number') {
    if (Number.isNaN(x) || Number.isNaN(y)) return Number.isNaN(x) ? (Number.isNaN(y) ? 0 : -1) : 1;
    return x < y ? -1 : x > y ? 1 : 0;
  }
  if (typeof x === 'bigint' && typeof y === 'bigint') return x < y ? -1 : x > y ? 1 : 0;
  return typeof x === 'number' ? compareDoubleToInteger(x, y as bigint) : -compareDoubleToInteger(y as number, x);
}

function compareDoubleToInteger(double: number, integer: bigint): number {
  if (Number.isNaN(double)) return -1;
  if (!Number.isFinite(double)) return double > 0 ? 1 : -1;
  const floor = BigInt(Math.floor(double));
  if (floor < integer) return -1;
  if (floor > integer) return 1;
  return Number.isInteger(double) ? 0 : 1;
}

function asDocument(value: unknown): Document {
  if (value instanceof DBRef) return value.toJSON();
  return value as Document;
}

function compareDocuments(a: Document, b: Document): number {
  const ea = Object.entries(a);
  const eb = Object.entries(b);
  const length = Math.min(ea.length, eb.length);
  for (let i = 0; i < length; i++) {
    const [na, va] = ea[i];
    const [nb, vb] = eb[i];
    const ta = canonicalType(va);
    const tb = canonicalType(vb);
    if (ta !== tb) return ta < tb ? -1 : 1;
    const byName = compareStrings(na, nb);
    if (byName !== 0) return byName;
    const byValue = compareValues(va, vb);
    if (byValue !== 0) return byValue;
  }
  return sign(ea.length - eb.length);
}

function compareArrays(a: unknown[], b: unknown[]): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const byValue = compareValues(a[i], b[i]);
    if (byValue !== 0) return byValue;
  }
  return sign(a.length - b.length);
}

function binaryBytes(value: Binary): Uint8Array {
  return value.buffer.subarray(0, value.position);
}

function compareBinaries(a: Binary, b: Binary): number {
  const [ba, bb] = [binaryBytes(a), binaryBytes(b)];
  if (ba.length !== bb.length) return ba.length < bb.length ? -1 : 1;
  if (a.sub_type !== b.sub_type) return a.sub_type < b.sub_type ? -1 : 1;
  return sign(Buffer.compare(ba, bb));
}

function compareTimestamps(a: Timestamp, b: Timestamp): number {
  return a.t !== b.t ? (a.t < b.t ? -1 : 1) : a.i !== b.i ? (a.i < b.i ? -1 : 1) : 0;
}

function regExpParts(value: BSONRegExp | RegExp): [string, string] {
  return value instanceof RegExp ? [value.source, value.flags] : [value.pattern, value.options];
}

function compareRegExps(a: BSONRegExp | RegExp, b: BSONRegExp | RegExp): number {
  const [pa, fa] = regExpParts(a);
  const [pb, fb] = regExpParts(b);
  return compareStrings(pa, pb) || compareStrings(fa, fb);
}

function sign(n: number): number {
  return n < 0 ? -1 : n > 0 ? 1 : 0;
}

/**
 * A string that is the same for two values exactly when `compareValues` finds them equal
 * (1, 1.0 and Long(1) share one): the key of a value in a hash index.
 */
export function valueKey(value: unknown): string {
  switch (canonicalType(value)) {
    case CanonicalType.MinKey:
      return '<';
    case CanonicalType.MaxKey:
      return '>';
    case CanonicalType.Undefined:
      return 'u';
    case CanonicalType.Null:
      return 'z';
    case CanonicalType.Number: {
      const n = numberValue(value);
      if (typeof n === 'bigint') return `n${n}`;
      return Number.isInteger(n) ? `n${BigInt(n)}` : `n${n}`;
    }
    case CanonicalType.String:
      return `s${JSON.stringify(String(value))}`;
    case CanonicalType.Object:
      return `o{${Object.entries(asDocument(value))
        .map(([name, field]) => `${JSON.stringify(name)}:${valueKey(field)}`)
        .join(',')}}`;
    case CanonicalType.Array:
      return `a[${(value as unknown[]).map(valueKey).join(',')}]`;
    case CanonicalType.BinData:
      return `b${(value as Binary).sub_type}:${Buffer.from(binaryBytes(value as Binary)).toString('base64')}`;
    case CanonicalType.ObjectId:
      return `i${(value as ObjectId).toHexString()}`;
    case CanonicalType.Boolean:
      return value ? 't' : 'f';
    case CanonicalType.Date:
      return `d${(value as Date).getTime()}`;
    case CanonicalType.Timestamp:
      return `T${(value as Timestamp).t}:${(value as Timestamp).i}`;
    case CanonicalType.RegExp:
      return `r${JSON.stringify(regExpParts(value as RegExp))}`;
    case CanonicalType.Code:
      return `c${JSON.stringify((value as Code).code)}${valueKey((value as Code).scope ?? null)}`;
  }
}

/** A value as MongoDB prints it in messages: `{ book_id: 3, title: "Alpha" }`. */
export function formatValue(value: unknown): string {
  switch (canonicalType(value)) {
    case CanonicalType.MinKey:
      return 'MinKey';
    case CanonicalType.MaxKey:
      return 'MaxKey';
    case CanonicalType.Undefined:
      return 'undefined';
    case CanonicalType.Null:
      return 'null';
    case CanonicalType.String:
      return JSON.stringify(String(value));
    case CanonicalType.Object: {
      const fields = Object.entries(asDocument(value)).map(([name, field]) => `${name}: ${formatValue(field)}`);
      return fields.length === 0 ? '{}' : `{ ${fields.join(', ')} }`;
    }
    case CanonicalType.Array:
      return (value as unknown[]).length === 0 ? '[]' : `[ ${(value as unknown[]).map(formatValue).join(', ')} ]`;
    case CanonicalType.ObjectId:
      return `ObjectId('${(value as ObjectId).toHexString()}')`;
    case CanonicalType.Date:
      return `new Date(${(value as Date).getTime()})`;
    case CanonicalType.RegExp: {
      const [pattern, flags] = regExpParts(value as RegExp);
      return `/${pattern}/${flags}`;
    }
    default:
      return String(value);
  }
}
