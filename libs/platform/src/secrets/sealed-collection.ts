import { Collection, type Filter, type FindOptions, type IndexSpec, type Update } from '../document-store/document-store';
import type { SecretCipher } from './secret-cipher';

export interface SealedFields<T> {
  /** A unique field that names a document (re-sealing updates each document by it). */
  key: keyof T & string;
  /** String fields kept sealed in the store; an empty string stays empty (it holds no secret). */
  fields: (keyof T & string)[];
}

/**
 * A collection whose secret fields are encrypted at rest: sealed (SecretCipher) on every write,
 * opened on every read, so a repository works with them in clear and the store never sees them.
 * A value stored in clear before (by an earlier version) reads as it is until `reseal` seals it.
 * Sealed fields cannot be filtered on, or changed other than by `$set`/`$unset`.
 */
export class SealedCollection<T extends object> extends Collection<T> {
  constructor(
    private readonly inner: Collection<T>,
    private readonly cipher: SecretCipher,
    private readonly spec: SealedFields<T>,
  ) {
    super();
  }

  /**
   * Seals under the current key every value stored in clear or under a previous key, then compacts
   * the collection so that the old form is gone from the disk too. Returns how many values changed;
   * a value changed meanwhile by someone else is left to them.
   */
  async reseal(): Promise<number> {
    const { key, fields } = this.spec;
    const docs = await this.inner.find({}, { fields: [key, ...fields] });
    let changed = 0;
    for (const doc of docs) {
      for (const field of fields) {
        const stored = doc[field];
        if (typeof stored !== 'string' || stored === '' || this.cipher.isCurrent(stored)) continue;
        const clear = this.cipher.isSealed(stored) ? this.cipher.open(stored) : stored;
        const filter = { [key]: doc[key], [field]: stored } as Filter<T>;
        changed += await this.inner.updateOne(filter, { $set: { [field]: this.cipher.seal(clear) } as Partial<T> });
      }
    }
    if (changed > 0) await this.inner.compact();
    return changed;
  }

  override ensureIndex(spec: IndexSpec<T>): Promise<void> {
    if (this.isSealed(spec.field)) throw new TypeError(`${spec.field} is sealed: it cannot be indexed`);
    return this.inner.ensureIndex(spec);
  }

  override async insertOne(doc: T): Promise<T> {
    return this.open(await this.inner.insertOne(this.seal(doc)));
  }

  override async insertMany(docs: T[]): Promise<T[]> {
    return (await this.inner.insertMany(docs.map((doc) => this.seal(doc)))).map((doc) => this.open(doc));
  }

  override async findOne(filter: Filter<T>, options?: Pick<FindOptions<T>, 'sort' | 'fields'>): Promise<T | null> {
    const doc = await this.inner.findOne(this.checked(filter), options);
    return doc && this.open(doc);
  }

  override async find(filter: Filter<T>, options?: FindOptions<T>): Promise<T[]> {
    return (await this.inner.find(this.checked(filter), options)).map((doc) => this.open(doc));
  }

  override count(filter: Filter<T>): Promise<number> {
    return this.inner.count(this.checked(filter));
  }

  override updateOne(filter: Filter<T>, update: Update<T>): Promise<number> {
    return this.inner.updateOne(this.checked(filter), this.sealUpdate(update));
  }

  override updateMany(filter: Filter<T>, update: Update<T>): Promise<number> {
    return this.inner.updateMany(this.checked(filter), this.sealUpdate(update));
  }

  override async findOneAndUpdate(filter: Filter<T>, update: Update<T>): Promise<T | null> {
    const doc = await this.inner.findOneAndUpdate(this.checked(filter), this.sealUpdate(update));
    return doc && this.open(doc);
  }

  override deleteOne(filter: Filter<T>): Promise<number> {
    return this.inner.deleteOne(this.checked(filter));
  }

  override deleteMany(filter: Filter<T>): Promise<number> {
    return this.inner.deleteMany(this.checked(filter));
  }

  override compact(): Promise<void> {
    return this.inner.compact();
  }

  private isSealed(field: string): boolean {
    return (this.spec.fields as string[]).includes(field);
  }

  private seal<D extends Partial<T>>(doc: D): D {
    return this.mapFields(doc, (value) => this.cipher.seal(value));
  }

  private open(doc: T): T {
    return this.mapFields(doc, (value) => (this.cipher.isSealed(value) ? this.cipher.open(value) : value));
  }

  /** A copy with each non-empty sealed string field mapped. */
  private mapFields<D extends Partial<T>>(doc: D, map: (value: string) => string): D {
    const copy: Record<string, unknown> = { ...doc };
    for (const field of this.spec.fields) {
      const value = copy[field];
      if (typeof value === 'string' && value !== '') copy[field] = map(value);
    }
    return copy as D;
  }

  private checked(filter: Filter<T>): Filter<T> {
    const branches: Filter<T>[] = [filter];
    for (let branch = branches.pop(); branch; branch = branches.pop()) {
      for (const field of Object.keys(branch)) {
        if (this.isSealed(field)) throw new TypeError(`${field} is sealed: a filter cannot name it`);
      }
      branches.push(...(branch.$or ?? []));
    }
    return filter;
  }

  private sealUpdate(update: Update<T>): Update<T> {
    for (const operator of ['$inc', '$push', '$pull'] as const) {
      const touched = Object.keys(update[operator] ?? {}).find((field) => this.isSealed(field));
      if (touched) throw new TypeError(`${touched} is sealed: only $set and $unset change it`);
    }
    return update.$set ? { ...update, $set: this.seal(update.$set) } : update;
  }
}
