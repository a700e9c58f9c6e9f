import { Binary, Long, type Document } from 'bson';
import { valueKey } from './bson-order';
import { MongoCommandError } from './mongo-error';

/** How long a transaction may stay open before the server aborts it (MongoDB's transactionLifetimeLimitSeconds). */
const TRANSACTION_LIFETIME_MS = 60_000;
/** Commands that touch no data, answered at once even while a transaction holds the write lock. */
const LOCK_FREE_COMMANDS = new Set(['hello', 'isMaster', 'ismaster', 'ping', 'buildInfo', 'buildinfo', 'endSessions', 'configureFailPoint', 'getMore', 'killCursors']);
/** Errors after which MongoDB labels a transaction's command TransientTransactionError: run the whole transaction again. */
const TRANSIENT_CODES = new Set([24, 112, 251]);

/** The undo steps of a transaction's writes, replayed newest first when it aborts. */
export class UndoLog {
  private readonly steps: (() => void)[] = [];

  record(step: () => void): void {
    this.steps.push(step);
  }

  undo(): void {
    for (const step of this.steps.splice(0).reverse()) step();
  }
}

/** Runs a command's body against the data; `undo` is given when the command belongs to a transaction. */
export type Execute = (undo: UndoLog | undefined) => Document;

interface OpenTransaction {
  readonly txnNumber: number;
  state: 'inProgress' | 'committed' | 'aborted';
  readonly undo: UndoLog;
  timer?: NodeJS.Timeout;
}

/** A logical session (`lsid`): its highest transaction number, its transaction, its last retryable write. */
interface ServerSession {
  readonly name: string;
  txnNumber: number;
  transaction?: OpenTransaction;
  retriedWrite?: { txnNumber: number; reply: Document };
}

/**
 * MongoDB's logical sessions, multi-document transactions and retryable writes, for a server that
 * runs each command synchronously. Isolation is the simplest that is correct: a transaction holds
 * a server-wide lock from its first command to its commit or abort, its writes go straight to the
 * data with an undo log, and every other command that reads or writes data waits for the lock —
 * so no one else ever sees a write that may still be undone, and no write conflicts can happen.
 * (MongoDB lets others read the last committed state meanwhile and only makes writers of the same
 * documents wait; here they all wait, which a client notices only as latency.)
 */
export class SessionCatalog {
  private readonly sessions = new Map<string, ServerSession>();
  private readonly lock = new WriteLock();

  /** Answers one command: its reply (`ok: 1`) or its error reply (`ok: 0`). `injected` is a fail point's error. */
  async run(command: Document, execute: Execute, injected?: Document): Promise<Document> {
    const name = Object.keys(command)[0] ?? '';
    const ends = name === 'commitTransaction' || name === 'abortTransaction';
    const transactional = ends || command.autocommit !== undefined || command.startTransaction !== undefined;
    try {
      const session = this.sessionOf(command);
      const txnNumber = command.txnNumber === undefined ? undefined : toNumber(command.txnNumber);
      if (transactional) {
        const reply = injected ?? (await this.transactionCommand(name, command, session, txnNumber, execute));
        // MongoDB aborts a transaction at its first failed command, a write error included.
        if ((reply.ok !== 1 || reply.writeErrors) && session && !ends) this.abortOpen(session);
        return withTransientLabel(reply, name);
      }
      if (injected) return injected;
      if (name === 'endSessions') this.endSessions(command.endSessions);
      if (session && txnNumber !== undefined) return await this.retryableWrite(session, txnNumber, execute);
      if (LOCK_FREE_COMMANDS.has(name)) return execute(undefined);
      return await this.lock.whileHeld(() => execute(undefined));
    } catch (error) {
      if (!(error instanceof MongoCommandError)) throw error;
      return transactional ? withTransientLabel(error.toReply(), name) : error.toReply();
    }
  }

  /** As a restarted mongod: open transactions are rolled back, commands still waiting are not run. */
  reset(): void {
    for (const session of this.sessions.values()) this.abortOpen(session);
    this.sessions.clear();
    this.lock.interrupt();
  }

  private sessionOf(command: Document): ServerSession | undefined {
    const id = (command.lsid as Document | undefined)?.id;
    if (id === undefined) return undefined;
    const key = valueKey(id);
    let session = this.sessions.get(key);
    if (!session) this.sessions.set(key, (session = { name: sessionName(id), txnNumber: -1 }));
    return session;
  }

  private async transactionCommand(name: string, command: Document, session: ServerSession | undefined, txnNumber: number | undefined, execute: Execute): Promise<Document> {
    if (!session || txnNumber === undefined) {
      throw new MongoCommandError('InvalidOptions', `'${name === 'commitTransaction' || name === 'abortTransaction' ? name : 'autocommit'}' requires a session id and a transaction number`);
    }
    if (txnNumber < session.txnNumber) {
      throw new MongoCommandError(
        'TransactionTooOld',
        `Cannot start transaction ${txnNumber} on session ${session.name} because a newer transaction ${session.txnNumber} has already started.`,
      );
    }
    if (name === 'commitTransaction') return this.commit(session, txnNumber);
    if (name === 'abortTransaction') return this.abort(session, txnNumber);
    if (command.autocommit !== false) throw new MongoCommandError('InvalidOptions', "'autocommit' field can only be set to false");
    if (command.startTransaction !== undefined) await this.begin(session, txnNumber, command.startTransaction);
    const transaction = this.inProgress(session, txnNumber);
    return execute(transaction.undo);
  }

  private async begin(session: ServerSession, txnNumber: number, startTransaction: unknown): Promise<void> {
    if (startTransaction !== true) throw new MongoCommandError('BadValue', 'startTransaction must be true');
    if (txnNumber === session.txnNumber) {
      throw new MongoCommandError(
        'ConflictingOperationInProgress',
        `Cannot start a transaction at given transaction number ${txnNumber} a transaction with the same number is in state ${session.transaction?.state ?? 'retryable write'}`,
      );
    }
    this.abortOpen(session);
    session.txnNumber = txnNumber;
    session.transaction = undefined;
    await this.lock.acquire();
    if (session.txnNumber !== txnNumber) {
      // The session moved on to a newer number while this one waited.
      this.lock.release();
      throw noSuchTransaction(txnNumber, session.txnNumber);
    }
    const transaction: OpenTransaction = { txnNumber, state: 'inProgress', undo: new UndoLog() };
    transaction.timer = setTimeout(() => this.abortOpen(session), TRANSACTION_LIFETIME_MS);
    transaction.timer.unref();
    session.transaction = transaction;
  }

  private inProgress(session: ServerSession, txnNumber: number): OpenTransaction {
    const transaction = session.transaction;
    if (txnNumber === session.txnNumber && transaction?.state === 'inProgress') return transaction;
    if (txnNumber === session.txnNumber && transaction?.state === 'committed') {
      throw new MongoCommandError('TransactionCommitted', `Transaction with { txnNumber: ${txnNumber} } has been committed.`);
    }
    if (txnNumber === session.txnNumber && transaction?.state === 'aborted') {
      throw new MongoCommandError('NoSuchTransaction', `Transaction with { txnNumber: ${txnNumber} } has been aborted.`);
    }
    throw noSuchTransaction(txnNumber, session.txnNumber);
  }

  /** A commit that is asked again (the driver retries one whose answer it lost) succeeds again. */
  private commit(session: ServerSession, txnNumber: number): Document {
    if (txnNumber === session.txnNumber && session.transaction?.state === 'committed') return { ok: 1 };
    const transaction = this.inProgress(session, txnNumber);
    this.end(transaction, 'committed');
    return { ok: 1 };
  }

  private abort(session: ServerSession, txnNumber: number): Document {
    const transaction = this.inProgress(session, txnNumber);
    this.end(transaction, 'aborted');
    return { ok: 1 };
  }

  /** Aborts the session's transaction if it is still open (a failed command, a newer number, an ended session, its lifetime). */
  private abortOpen(session: ServerSession): void {
    if (session.transaction?.state === 'inProgress') this.end(session.transaction, 'aborted');
  }

  private end(transaction: OpenTransaction, state: 'committed' | 'aborted'): void {
    clearTimeout(transaction.timer);
    if (state === 'aborted') transaction.undo.undo();
    transaction.state = state;
    this.lock.release();
  }

  private endSessions(ids: unknown): void {
    for (const lsid of Array.isArray(ids) ? ids : []) {
      const session = this.sessionOf({ lsid });
      if (session) this.abortOpen(session);
    }
  }

  /**
   * A write the driver may send twice (it retries once after a lost connection): the second time,
   * the first reply is given again and nothing is written again, as MongoDB does.
   */
  private async retryableWrite(session: ServerSession, txnNumber: number, execute: Execute): Promise<Document> {
    if (txnNumber < session.txnNumber) {
      throw new MongoCommandError(
        'TransactionTooOld',
        `Retryable write with txnNumber ${txnNumber} is prohibited on session ${session.name} because a newer retryable write with txnNumber ${session.txnNumber} has already started on this session.`,
      );
    }
    if (txnNumber === session.txnNumber && session.retriedWrite?.txnNumber === txnNumber) return session.retriedWrite.reply;
    this.abortOpen(session);
    session.txnNumber = txnNumber;
    session.transaction = undefined;
    return this.lock.whileHeld(() => {
      const reply = execute(undefined);
      if (reply.ok === 1 && !reply.writeErrors) session.retriedWrite = { txnNumber, reply };
      return reply;
    });
  }
}

/** A first-come, first-served lock over all data, held by one transaction or one command at a time. */
class WriteLock {
  private held = false;
  private readonly waiting: ((granted: boolean) => void)[] = [];

  async acquire(): Promise<void> {
    if (!this.held) {
      this.held = true;
      return;
    }
    const granted = await new Promise<boolean>((resolve) => this.waiting.push(resolve));
    if (!granted) throw new MongoCommandError('InterruptedAtShutdown', 'interrupted at shutdown');
  }

  release(): void {
    const next = this.waiting.shift();
    if (next) next(true);
    else this.held = false;
  }

  /** Runs a synchronous command once no transaction holds the lock. */
  async whileHeld(run: () => Document): Promise<Document> {
    await this.acquire();
    try {
      return run();
    } finally {
      this.release();
    }
  }

  /** The server stops: whoever waits is told so, and the lock is free. */
  interrupt(): void {
    for (const waiter of this.waiting.splice(0)) waiter(false);
    this.held = false;
  }
}

/**
 * MongoDB adds TransientTransactionError to the error of a command in a transaction (and of a
 * commit or abort) when running the whole transaction again may succeed; a fail point's error keeps
 * the labels it was given.
 */
function withTransientLabel(reply: Document, name: string): Document {
  if (reply.ok === 1 || reply.errorLabels !== undefined || !TRANSIENT_CODES.has(Number(reply.code))) return reply;
  if (name === 'commitTransaction' && reply.writeConcernError !== undefined) return reply;
  return { ...reply, errorLabels: ['TransientTransactionError'] };
}

function noSuchTransaction(txnNumber: number, active: number): MongoCommandError {
  return new MongoCommandError('NoSuchTransaction', `Given transaction number ${txnNumber} does not match any in-progress transactions. The active transaction number is ${active}`);
}

function toNumber(value: unknown): number {
  return Number(value instanceof Long ? value.toString() : value);
}

function sessionName(id: unknown): string {
  return id instanceof Binary && id.sub_type === Binary.SUBTYPE_UUID ? id.toUUID().toHexString() : valueKey(id);
}
