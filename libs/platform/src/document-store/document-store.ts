/**
 * The document store port: a small typed collection API with a Mongo-style subset
 * (ARCHITECTURE rule 5). MongoDB and NeDB both speak it natively, so repositories are
 * written once against this class and only the two adapters differ.
 */

type Scalar = string | number | boolean | null;

export interface FieldCondition<V> {
  $in?: V[];
  $nin?: V[];
  $ne?: V | null;
  $gt?: V;
  $gte?: V;
  $lt?: V;
  $lte?: V;
  $regex?: RegExp;
  $exists?: boolean;
}

/** Equality on a field (an array field matches when it contains the value), or a condition. */
export type Filter<T> = {
  [K in keyof T]?: T[K] | FieldCondition<T[K] extends (infer E)[] ? E : T[K]>;
} & { $or?: Filter<T>[] };

export interface Update<T> {
  $set?: Partial<T>;
  $unset?: { [K in keyof T]?: true };
  $inc?: { [K in keyof T]?: number };
  $push?: { [K in keyof T]?: T[K] extends (infer E)[] ? E : never };
  $pull?: { [K in keyof T]?: T[K] extends (infer E)[] ? E | FieldCondition<E> : never };
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
}

/** Thrown by inserts and updates that would break a unique index. */
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
  abstract ensureIndex(spec: IndexSpec<T>): Promise<void>;
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
}

export abstract class DocumentStore {
  abstract collection<T extends object>(name: string): Collection<T>;
  /** The next number of a named sequence (1, 2, 3 …), unique across processes. */
  abstract nextId(sequence: string): Promise<number>;
  /** Resolves when the store answers; rejects otherwise (readiness). */
  abstract ping(): Promise<void>;
  abstract close(): Promise<void>;
}
