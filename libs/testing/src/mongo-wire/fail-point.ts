import type { Document } from 'bson';
import { isDocument } from './bson-order';
import { MongoCommandError, refuseUnsupported } from './mongo-error';

/** What the `failCommand` fail point does to one command. */
export interface FailAction {
  /** Wait this long before answering (blockConnection). */
  blockTimeMS: number;
  /** Close the connection instead of answering (the driver sees a network error). */
  closeConnection: boolean;
  /** Answer this error instead of running the command. */
  error?: Document;
}

type Mode = { kind: 'off' } | { kind: 'alwaysOn' } | { kind: 'times'; left: number } | { kind: 'skip'; left: number };

/**
 * MongoDB's `failCommand` fail point, as its test builds answer `configureFailPoint` (the drivers'
 * own tests use it): the next matching commands fail with an error code, lose their connection or
 * wait, so a test can force a path a healthy server never takes, such as the retry after a
 * duplicate key or an outage in the middle of a request.
 *
 *   { configureFailPoint: 'failCommand', mode: { times: 1 } | 'alwaysOn' | 'off' | { skip: n },
 *     data: { failCommands: ['insert'], errorCode?, errorLabels?, closeConnection?,
 *             blockConnection?, blockTimeMS?, appName? } }
 */
export class FailCommandPoint {
  private mode: Mode = { kind: 'off' };
  private data: Document = {};

  configure(command: Document): Document {
    if (command.configureFailPoint !== 'failCommand') throw refuseUnsupported(`the fail point ${String(command.configureFailPoint)}`);
    this.mode = parseMode(command.mode);
    const data = (command.data ?? {}) as Document;
    if (this.mode.kind !== 'off') {
      if (!Array.isArray(data.failCommands)) throw new MongoCommandError('BadValue', "'failCommands' must be an array of command names");
      if (data.writeConcernError !== undefined) throw refuseUnsupported('failCommand with writeConcernError');
    }
    this.data = data;
    return { count: 0 };
  }

  /** The action for this command, consuming one activation; undefined when the command runs normally. */
  take(commandName: string, appName: string | undefined): FailAction | undefined {
    if (this.mode.kind === 'off' || commandName === 'configureFailPoint') return undefined;
    if (!(this.data.failCommands as string[]).includes(commandName)) return undefined;
    if (this.data.appName !== undefined && this.data.appName !== appName) return undefined;
    if (this.mode.kind === 'skip') {
      if (this.mode.left > 0) {
        this.mode.left--;
        return undefined;
      }
      this.mode = { kind: 'alwaysOn' };
    }
    if (this.mode.kind === 'times') {
      if (--this.mode.left <= 0) this.mode = { kind: 'off' };
    }
    const code = this.data.errorCode;
    return {
      blockTimeMS: this.data.blockConnection ? Number(this.data.blockTimeMS ?? 0) : 0,
      closeConnection: Boolean(this.data.closeConnection),
      error:
        typeof code === 'number'
          ? {
              ok: 0,
              code,
              errmsg: "Failing command via 'failCommand' failpoint",
              ...(Array.isArray(this.data.errorLabels) ? { errorLabels: this.data.errorLabels } : {}),
            }
          : undefined,
    };
  }

  /** A restarted mongod forgets its fail points. */
  reset(): void {
    this.mode = { kind: 'off' };
    this.data = {};
  }
}

function parseMode(mode: unknown): Mode {
  if (mode === 'off' || mode === 'alwaysOn') return { kind: mode };
  if (isDocument(mode) && typeof mode.times === 'number') return mode.times > 0 ? { kind: 'times', left: mode.times } : { kind: 'off' };
  if (isDocument(mode) && typeof mode.skip === 'number') return { kind: 'skip', left: mode.skip };
  throw new MongoCommandError('BadValue', `invalid fail point mode: ${JSON.stringify(mode)}`);
}
