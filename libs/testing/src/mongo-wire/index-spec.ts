import { Long, type Document } from 'bson';
import { formatValue, isDocument, valueKey } from './bson-order';
import { MongoCommandError, refuseUnsupported } from './mongo-error';

const INDEX_OPTIONS = new Set(['key', 'name', 'unique', 'sparse', 'background', 'v']);

/** A createIndexes entry checked and normalised to what listIndexes shows: `{ v: 2, key, name, ... }`. */
export function indexSpec(raw: unknown): Document {
  if (!isDocument(raw)) throw new MongoCommandError('TypeMismatch', "The 'indexes' field must be an array of objects");
  const key = raw.key;
  if (!isDocument(key) || Object.keys(key).length === 0) {
    throw new MongoCommandError('CannotCreateIndex', `Error in specification ${formatValue(raw)} :: caused by :: Index keys cannot be an empty field.`);
  }
  for (const [field, direction] of Object.entries(key)) {
    if (typeof direction === 'string') throw refuseUnsupported(`${direction} indexes`);
    const n = Number(direction instanceof Long ? direction.toString() : direction);
    if (!Number.isFinite(n) || n === 0) {
      throw new MongoCommandError('CannotCreateIndex', `Error in specification ${formatValue(raw)} :: caused by :: Values in the index key pattern can't be 0: ${field}`);
    }
  }
  if (typeof raw.name !== 'string' || raw.name === '') {
    throw new MongoCommandError('FailedToParse', `Error in specification ${formatValue(raw)} :: caused by :: The 'name' field is a required property of an index specification`);
  }
  for (const option of Object.keys(raw)) {
    if (!INDEX_OPTIONS.has(option)) throw refuseUnsupported(`the index option ${option}`);
  }
  const isIdKey = Object.keys(key).length === 1 && key._id !== undefined;
  for (const option of ['unique', 'sparse']) {
    if (isIdKey && raw[option] !== undefined) {
      throw new MongoCommandError('InvalidIndexSpecificationOption', `The field '${option}' is not valid for an _id index specification. Specification: ${formatValue(raw)}`);
    }
  }
  const { v: _v, key: _key, name, ...options } = raw;
  return { v: 2, key, name, ...options };
}

/**
 * MongoDB's catalog rules for a requested index against the existing ones: the same name with
 * another key or another unique/sparse (its "signature") is IndexKeySpecsConflict (86); the same
 * signature under another name is IndexOptionsConflict (85); an identical index is no work. The
 * same key with another signature and another name is a new index.
 */
export function isIdenticalToExisting(spec: Document, existing: Document[]): boolean {
  const signature = (one: Document) => `${valueKey(one.key)}|${Boolean(one.unique) || one.name === '_id_'}|${Boolean(one.sparse)}`;
  const sameName = existing.find((one) => one.name === spec.name);
  if (sameName) {
    if (signature(sameName) !== signature(spec)) {
      throw new MongoCommandError(
        'IndexKeySpecsConflict',
        `An existing index has the same name as the requested index. When index names are not specified, they are auto generated and can cause conflicts. Please refer to our documentation. Requested index: ${formatValue(spec)}, existing index: ${formatValue(sameName)}`,
      );
    }
    return true;
  }
  const sameSignature = existing.find((one) => signature(one) === signature(spec));
  if (sameSignature) throw new MongoCommandError('IndexOptionsConflict', `Index already exists with a different name: ${String(sameSignature.name)}`);
  return false;
}
