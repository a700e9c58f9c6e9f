/**
 * The document store port: a small typed collection API with a Mongo-style subset
 * (ARCHITECTURE rule 5). MongoDB speaks it natively and the SQLite adapter translates it, so
 * repositories are written once against this class and only the two adapters differ.
 */

export interface FieldCondition<V> {
  $in?: (V | null)[];
  $nin?: (V | null)[];
  $ne?: V | null;
  $gt?: V;
  $gte?: V;
  $lt?: V;
  $lte?: V;
  $regex?: RegExp;
  $exists?: boolean;
}

/**
 * Equality on a field (an array field matches when it contains the value), or a condition.
 * Semantics are MongoDB's: `null` matches a missing field too, `$ne`/`$nin` on an array field
 * match when no element is equal/listed, `$exists: true` holds for an empty array, an empty
 * `$or` matches nothing. A filter value of `undefined` is a programming error: both adapters
 * throw a TypeError instead of silently matching everything or nothing.
 */
export type Filter<T> = {
  [K in keyof T]?: T[K] | Element<T[K]> | null | FieldCondition<Element<T[K]>>;
} & { $or?: Filter<T>[] };

/** The element type of an array field, or the field's own type. */
type Element<V> = NonNullable<V> extends readonly (infer E)[] ? E : NonNullable<V>;

/**
 * Update operators. `$push` creates a missing array; `$pull` needs the field to exist as an
 * array (the embedded store once rejected `$pull` on a missing field where MongoDB ignores it). `undefined` values
 * in `$set` are left out; an update with nothing left changes nothing.
 */
export interface Update<T> {
  $set?: Partial<T>;
  $unset?: { [K in keyof T]?: true };
  $inc?: { [K in keyof T]?: number };
  $push?: { [K in keyof T]?: NonNullable<T[K]> extends readonly (infer E)[] ? E : never };
  $pull?: { [K in keyof T]?: NonNullable<T[K]> extends readonly (infer E)[] ? E | FieldCondition<E> : never };
}

export type SortSpec<T> = { [K in keyof T]?: 1 | -1 };

export interface FindOptions<T> {
  sort?: SortSpec<T>;
  skip?: number;
  limit?: number;
  /** Fields to return (inclusion only); all fields when absent. */
  fields?: (keyof T)[];
}

export interface IndexSpec<T> {
  field: keyof T & string;
  unique?: boolean;
  /** Leave documents without the field out of the index (so a unique index ignores them). */
  sparse?: boolean;
}

/**
 * Thrown by inserts and updates that would break a unique index. `insertOne` and `updateOne`
 * then write nothing; after a failed `insertMany`/`updateMany` the documents before the
 * offending one may or may not have been written (MongoDB writes them, SQLite does not).
 */
export class DuplicateKeyError extends Error {
  constructor(
    readonly collection: string,
    readonly detail: string,
  ) {
    super(`Duplicate key in ${collection}: ${detail}`);
    this.name = 'DuplicateKeyError';
  }
}

/** A collection of plain documents. Documents never carry the store's internal `_id`. */
export abstract class Collection<T extends object> {
  /**
   * Creates the index if it does not exist yet (idempotent). A unique index over documents that
   * already break it is refused with DuplicateKeyError and not created. Changing an existing index
   * (`unique` or `sparse`) is not supported: MongoDB refuses it (IndexKeySpecsConflict) and keeps
   * the old one, SQLite keeps the old one silently.
   */
  abstract ensureIndex(spec: IndexSpec<T>): Promise<void>;
  /** Stores a copy of the document (fields whose value is `undefined` are left out) and returns it. */
  abstract insertOne(doc: T): Promise<T>;
  abstract insertMany(docs: T[]): Promise<T[]>;
  abstract findOne(filter: Filter<T>, options?: Pick<FindOptions<T>, 'sort' | 'fields'>): Promise<T | null>;
  abstract find(filter: Filter<T>, options?: FindOptions<T>): Promise<T[]>;
  abstract count(filter: Filter<T>): Promise<number>;
  /** Updates the first match; returns how many documents matched (0 or 1). */
  abstract updateOne(filter: Filter<T>, update: Update<T>): Promise<number>;
  abstract updateMany(filter: Filter<T>, update: Update<T>): Promise<number>;
  /** Updates the first match and returns it as it is after the update, or null. */
  abstract findOneAndUpdate(filter: Filter<T>, update: Update<T>): Promise<T | null>;
  abstract deleteOne(filter: Filter<T>): Promise<number>;
  abstract deleteMany(filter: Filter<T>): Promise<number>;
  /**
   * Rewrites the collection's storage without earlier versions of its documents, so a value that
   * was overwritten or deleted is gone from the files too (the embedded store appends every write;
   * MongoDB updates in place: nothing to do). Resolves after the writes made before it.
   */
  abstract compact(): Promise<void>;
}

export abstract class DocumentStore {
  abstract collection<T extends object>(name: string): Collection<T>;
  /**
   * Runs `work` as one all-or-nothing unit: every write made through this store while `work` runs
   * (in any collection, however deep in awaited calls) commits together when `work` resolves, and
   * none is kept when it rejects (the rejection is passed on). Reads inside `work` see its own
   * writes. Keep units short and local: no transport call or other store's work inside one (in
   * distributed mode a unit spans only the calling service's own collections). Nested calls join
   * the outer unit. MongoDB runs units as multi-document transactions, which need a replica set
   * (a single-node one will do); a unit that meets a transient conflict is run again, so `work`
   * must be safe to repeat. A failed operation ends the unit: MongoDB aborts the transaction at
   * its first error, so `work` must not catch a store error and go on (let it reject instead).
   */
  abstract transaction<R>(work: () => Promise<R>): Promise<R>;
  /** The next number of a named sequence (1, 2, 3 …), unique across processes. */
  abstract nextId(sequence: string): Promise<number>;
  /** Resolves when the store answers; rejects otherwise (readiness). */
  abstract ping(): Promise<void>;
  abstract close(): Promise<void>;
}
