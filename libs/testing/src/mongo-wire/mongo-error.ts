import type { Document } from 'bson';

/** The MongoDB error codes this server answers with, by their `codeName`. */
export const ErrorCodes = {
  BadValue: 2,
  FailedToParse: 9,
  TypeMismatch: 14,
  NamespaceNotFound: 26,
  IndexNotFound: 27,
  PathNotViable: 28,
  ConflictingUpdateOperators: 40,
  CursorNotFound: 43,
  NamespaceExists: 48,
  InvalidIdField: 53,
  NotSingleValueField: 54,
  CommandNotFound: 59,
  ImmutableField: 66,
  CannotCreateIndex: 67,
  InvalidOptions: 72,
  InvalidNamespace: 73,
  IndexOptionsConflict: 85,
  IndexKeySpecsConflict: 86,
  ConflictingOperationInProgress: 117,
  CannotIndexParallelArrays: 171,
  InvalidIndexSpecificationOption: 197,
  TransactionTooOld: 225,
  NotImplemented: 238,
  NoSuchTransaction: 251,
  TransactionCommitted: 256,
  OperationNotSupportedInTransaction: 263,
  BSONObjectTooLarge: 10334,
  DuplicateKey: 11000,
  InterruptedAtShutdown: 11600,
  Location17419: 17419,
  Location15975: 15975,
  Location31253: 31253,
  Location31254: 31254,
  Location40323: 40323,
  Location51091: 51091,
} as const;

export type ErrorCodeName = keyof typeof ErrorCodes;

/**
 * A command failure as MongoDB reports it: `{ ok: 0, code, codeName, errmsg, ... }`, or inside a
 * write command's `writeErrors`. `extra` carries fields such as a duplicate key's `keyPattern`
 * and `keyValue`, which the driver copies onto the error it throws.
 */
export class MongoCommandError extends Error {
  readonly code: number;

  constructor(
    readonly codeName: ErrorCodeName,
    message: string,
    readonly extra: Document = {},
  ) {
    super(message);
    this.code = ErrorCodes[codeName];
  }

  /** The body of a failed command reply. */
  toReply(): Document {
    return { ok: 0, errmsg: this.message, code: this.code, codeName: this.codeName, ...this.extra };
  }

  /** One entry of a write command's `writeErrors`. */
  toWriteError(index: number): Document {
    return { index, code: this.code, codeName: this.codeName, errmsg: this.message, ...this.extra };
  }
}

/**
 * A MongoDB feature outside what this test server answers: refused loudly with MongoDB's own code
 * 238 (codeName NotImplemented) rather than answered with a guess, so a new driver call fails in CI.
 */
export function refuseUnsupported(feature: string): MongoCommandError {
  return new MongoCommandError('NotImplemented', `${feature}: libs/testing's MongoDB-protocol server refuses this (a real MongoDB runs it)`);
}
