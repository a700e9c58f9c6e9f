import { Long, type Document } from 'bson';
import { isDocument } from './bson-order';
import { MongoCommandError } from './mongo-error';

/** A command's optional document option (`filter`, `sort`, `projection`…), with MongoDB's type error. */
export function documentOption(command: Document, option: string): Document | undefined {
  const value = command[option];
  if (value === undefined || value === null) return undefined;
  if (!isDocument(value)) throw new MongoCommandError('TypeMismatch', `BSON field '${option}' is the wrong type, expected type 'object'`);
  return value;
}

/** A document a statement must carry (an update's `q`, a stage's argument). */
export function requiredDocument(value: unknown, field: string): Document {
  if (!isDocument(value)) throw new MongoCommandError('TypeMismatch', `BSON field '${field}' is the wrong type, expected type 'object'`);
  return value;
}

/** A numeric option, 0 when absent. */
export function numberOption(command: Document, option: string): number {
  const value = command[option];
  if (value === undefined || value === null) return 0;
  const n = Number(value instanceof Long ? value.toString() : value);
  if (!Number.isFinite(n)) throw new MongoCommandError('TypeMismatch', `BSON field '${option}' is the wrong type, expected a number`);
  return Math.trunc(n);
}

/** `skip`, `limit`, `batchSize`: MongoDB refuses negative ones. */
export function nonNegative(command: Document, option: string): number {
  const n = numberOption(command, option);
  if (n < 0) throw new MongoCommandError('BadValue', `${option.charAt(0).toUpperCase()}${option.slice(1)} value must be non-negative, but received: ${n}`);
  return n;
}
