import { UUID, type Document } from 'bson';
import { formatValue, valueKey } from './bson-order';
import { keyValuesAt, valuesAt } from './document-path';
import { MongoCommandError } from './mongo-error';
import { indexableEqualities } from './query-filter';

/** A stored document; `seq` is its place in the natural (insertion) order, kept across updates. */
export interface StoredRecord {
  readonly seq: number;
  doc: Document;
}

interface IndexKey {
  key: string;
  values: unknown[];
}

/**
 * One index of a collection: its catalog entry as listIndexes shows it, and a hash of its keys to
 * the records holding them, which enforces `unique` and narrows equality queries. Keys follow
 * MongoDB: each element of an array field (multikey), null for a missing field (a sparse index
 * leaves the document out instead), undefined for an empty array.
 */
export class StoredIndex {
  readonly name: string;
  readonly fields: string[];
  readonly unique: boolean;
  readonly sparse: boolean;
  private readonly entries = new Map<string, Set<StoredRecord>>();

  constructor(readonly spec: Document) {
    this.name = String(spec.name);
    this.fields = Object.keys(spec.key as Document);
    this.unique = this.name === '_id_' || Boolean(spec.unique);
    this.sparse = Boolean(spec.sparse);
  }

  keysOf(doc: Document): IndexKey[] {
    const perField = this.fields.map((field) => keyValuesAt(doc, field));
    if (this.sparse && perField.every(({ present }) => !present)) return [];
    const arrays = this.fields.filter((field) => valuesAt(doc, field).some(Array.isArray));
    if (arrays.length > 1) {
      throw new MongoCommandError('CannotIndexParallelArrays', `cannot index parallel arrays [${arrays[1]}] [${arrays[0]}]`);
    }
    let tuples: unknown[][] = [[]];
    for (const { values } of perField) tuples = tuples.flatMap((tuple) => values.map((value) => [...tuple, value]));
    const keys = new Map<string, unknown[]>();
    for (const tuple of tuples) keys.set(tuple.map(valueKey).join('|'), tuple);
    return [...keys].map(([key, values]) => ({ key, values }));
  }

  add(record: StoredRecord, keys = this.keysOf(record.doc)): void {
    for (const { key } of keys) {
      let holders = this.entries.get(key);
      if (!holders) this.entries.set(key, (holders = new Set()));
      holders.add(record);
    }
  }

  remove(record: StoredRecord, keys = this.keysOf(record.doc)): void {
    for (const { key } of keys) {
      const holders = this.entries.get(key);
      holders?.delete(record);
      if (holders?.size === 0) this.entries.delete(key);
    }
  }

  holders(key: string): ReadonlySet<StoredRecord> {
    return this.entries.get(key) ?? new Set();
  }

  /** Throws MongoDB's E11000 when a unique key is already held by another record. */
  assertUnique(ns: string, keys: IndexKey[], self?: StoredRecord): void {
    if (!this.unique) return;
    for (const { key, values } of keys) {
      for (const holder of this.holders(key)) {
        if (holder !== self) throw this.duplicateKey(ns, values);
      }
    }
  }

  duplicateKey(ns: string, values: unknown[], prefix = ''): MongoCommandError {
    const keyValue: Document = {};
    for (const [i, field] of this.fields.entries()) keyValue[field] = values[i];
    return new MongoCommandError('DuplicateKey', `${prefix}E11000 duplicate key error collection: ${ns} index: ${this.name} dup key: ${formatValue(keyValue)}`, {
      keyPattern: this.spec.key as Document,
      keyValue,
    });
  }
}

/** A collection held in memory: records in natural order and their indexes (`_id_` first). */
export class StoredCollection {
  readonly uuid = new UUID();
  readonly indexes: StoredIndex[] = [new StoredIndex({ v: 2, key: { _id: 1 }, name: '_id_' })];
  private records = new Map<number, StoredRecord>();
  private nextSeq = 0;

  constructor(readonly ns: string) {}

  get size(): number {
    return this.records.size;
  }

  /** The records a filter may match, in natural order: narrowed by a single-field index when it can be. */
  candidates(filter: Document): StoredRecord[] {
    const equalities = indexableEqualities(filter);
    for (const index of this.indexes) {
      if (index.fields.length !== 1 || !equalities.has(index.fields[0])) continue;
      return [...index.holders(valueKey(equalities.get(index.fields[0])))].sort((a, b) => a.seq - b.seq);
    }
    return [...this.records.values()];
  }

  insert(doc: Document): StoredRecord {
    const keys = this.indexes.map((index) => index.keysOf(doc));
    this.indexes.forEach((index, i) => index.assertUnique(this.ns, keys[i]));
    const record: StoredRecord = { seq: this.nextSeq++, doc };
    this.records.set(record.seq, record);
    this.indexes.forEach((index, i) => index.add(record, keys[i]));
    return record;
  }

  replace(record: StoredRecord, doc: Document): void {
    const before = this.indexes.map((index) => index.keysOf(record.doc));
    const after = this.indexes.map((index) => index.keysOf(doc));
    this.indexes.forEach((index, i) => index.assertUnique(this.ns, after[i], record));
    this.indexes.forEach((index, i) => index.remove(record, before[i]));
    record.doc = doc;
    this.indexes.forEach((index, i) => index.add(record, after[i]));
  }

  remove(record: StoredRecord): void {
    this.indexes.forEach((index) => index.remove(record));
    this.records.delete(record.seq);
  }

  /** Puts a removed record back in its place in the natural order (an aborted transaction's delete). */
  restore(record: StoredRecord): void {
    const last = [...this.records.keys()].at(-1) ?? -1;
    this.records.set(record.seq, record);
    if (record.seq < last) this.records = new Map([...this.records].sort(([a], [b]) => a - b));
    this.indexes.forEach((index) => index.add(record));
  }

  index(name: string): StoredIndex | undefined {
    return this.indexes.find((index) => index.name === name);
  }

  /** Builds an index over the documents already stored; a unique one fails on a duplicate and is not kept. */
  addIndex(spec: Document): void {
    const index = new StoredIndex(spec);
    const seen = new Map<string, StoredRecord>();
    for (const record of this.records.values()) {
      const keys = index.keysOf(record.doc);
      if (index.unique) {
        for (const { key, values } of keys) {
          const holder = seen.get(key);
          if (holder && holder !== record)
            throw index.duplicateKey(this.ns, values, `Index build failed: ${this.uuid.toHexString()}: Collection ${this.ns} ( ${this.uuid.toHexString()} ) :: caused by :: `);
          seen.set(key, record);
        }
      }
      index.add(record, keys);
    }
    this.indexes.push(index);
  }

  dropIndex(index: StoredIndex): void {
    this.indexes.splice(this.indexes.indexOf(index), 1);
  }
}
