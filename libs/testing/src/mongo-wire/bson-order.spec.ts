import { Binary, BSONRegExp, Code, Decimal128, Long, MaxKey, MinKey, ObjectId, Timestamp } from 'bson';
import { compareStrings, compareValues, valueKey } from './bson-order';
import { sortBy } from './find-options';

const ascending = (values: unknown[]): unknown[] => [...values].sort(compareValues);

describe(compareValues.name, () => {
  it("orders values of different types by MongoDB's BSON type order", () => {
    const inOrder = [
      new MinKey(),
      null,
      -5,
      'text',
      { a: 1 },
      [1],
      new Binary(Buffer.from('x')),
      new ObjectId('000000000000000000000001'),
      false,
      new Date(0),
      new Timestamp({ t: 1, i: 1 }),
      new BSONRegExp('a', 'i'),
      new Code('f()'),
      new MaxKey(),
    ];

    expect(ascending([...inOrder].reverse())).toEqual(inOrder);
    // undefined (an empty array's sort key) sits between MinKey and null.
    expect([compareValues(new MinKey(), undefined), compareValues(undefined, null)]).toEqual([-1, -1]);
  });

  it('compares numbers by value across int, long, double and decimal, with NaN first', () => {
    expect(compareValues(1, Long.fromNumber(1))).toBe(0);
    expect(compareValues(new Decimal128('1.5'), 1.5)).toBe(0);
    expect(compareValues(-0, 0)).toBe(0);
    // 2^53 + 1 is a long no double can hold: it is still larger than the double 2^53.
    expect(compareValues(Long.fromString('9007199254740993'), 9007199254740992)).toBe(1);
    expect(compareValues(2.5, Long.fromNumber(2))).toBe(1);
    expect(compareValues(Long.fromNumber(3), 2.5)).toBe(1);
    expect(ascending([Infinity, 3, NaN, Long.fromNumber(-7), -Infinity, 2.5])).toEqual([NaN, -Infinity, Long.fromNumber(-7), 2.5, 3, Infinity]);
  });

  it('compares strings by UTF-8 bytes: characters outside the BMP after U+E000..U+FFFF, unlike JavaScript', () => {
    const values = ['\u{10000}', '\uFFFF', '\uE000', 'é', 'a', 'B'];

    expect(ascending(values)).toEqual(['B', 'a', 'é', '\uE000', '\uFFFF', '\u{10000}']);
    expect([...values].sort()).toEqual(['B', 'a', 'é', '\u{10000}', '\uE000', '\uFFFF']);
    expect(compareStrings('\u{1F600}b', '\u{1F600}a')).toBe(1);
    expect(compareStrings('ab', 'abc')).toBe(-1);
  });

  it('compares documents field by field: type first, then name, then value; a prefix first', () => {
    expect(compareValues({ a: 1 }, { a: 1, b: 1 })).toBe(-1);
    expect(compareValues({ a: 1 }, { b: 0 })).toBe(-1);
    expect(compareValues({ z: 1 }, { a: 'x' })).toBe(-1);
    expect(compareValues({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(-1);
    expect(compareValues({ a: [1, 2] }, { a: [1, 2] })).toBe(0);
  });

  it('compares arrays element by element and binData by length, then subtype, then bytes', () => {
    expect(compareValues([1, 2], [1, 3])).toBe(-1);
    expect(compareValues([], [0])).toBe(-1);
    expect(compareValues([2], [1, 5])).toBe(1);
    expect(compareValues(new Binary(Buffer.from('zz'), 0), new Binary(Buffer.from('aaa'), 0))).toBe(-1);
    expect(compareValues(new Binary(Buffer.from('b'), 0), new Binary(Buffer.from('a'), 4))).toBe(-1);
    expect(compareValues(new Binary(Buffer.from('b'), 0), new Binary(Buffer.from('a'), 0))).toBe(1);
  });
});

describe(valueKey.name, () => {
  it('gives equal values one key and different values different keys', () => {
    expect(new Set([valueKey(1), valueKey(1.0), valueKey(Long.fromNumber(1)), valueKey(new Decimal128('1'))]).size).toBe(1);
    expect(valueKey(1.5)).not.toBe(valueKey(1));
    expect(valueKey('1')).not.toBe(valueKey(1));
    expect(valueKey(null)).not.toBe(valueKey(undefined));
    expect(valueKey({ a: 1, b: 2 })).not.toBe(valueKey({ b: 2, a: 1 }));
    expect(valueKey(['a', 'b'])).toBe(valueKey(['a', 'b']));
  });
});

describe(sortBy.name, () => {
  const ids = (docs: { id: number }[]) => docs.map((doc) => doc.id);
  const rows = [{ id: 1, v: [5, 1] }, { id: 2, v: 3 }, { id: 3 }, { id: 4, v: [] }, { id: 5, v: null }, { id: 6, v: [2, 9] }];

  it('sorts an array field by its smallest element ascending and its largest descending', () => {
    expect(ids(sortBy(rows, (row) => row, { v: 1 }))).toEqual([4, 3, 5, 1, 6, 2]);
    expect(ids(sortBy(rows, (row) => row, { v: -1 }))).toEqual([6, 1, 2, 3, 5, 4]);
  });

  it('sorts by a dotted path through an array of documents, ties in natural order', () => {
    const people = [
      { id: 1, pets: [{ age: 4 }, { age: 9 }] },
      { id: 2, pets: [{ age: 2 }] },
      { id: 3, pets: [{ age: 9 }] },
    ];
    expect(ids(sortBy(people, (p) => p, { 'pets.age': -1 }))).toEqual([1, 3, 2]);
    expect(ids(sortBy(people, (p) => p, { 'pets.age': 1 }))).toEqual([2, 1, 3]);
  });

  it('refuses a sort direction other than 1 or -1', () => {
    expect(() => sortBy(rows, (row) => row, { v: 2 })).toThrow('$sort key ordering must be 1 (for ascending) or -1 (for descending)');
  });
});
