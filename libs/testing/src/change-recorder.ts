import type { INestApplication } from '@nestjs/common';
import { ChangeFeed } from '@quire/platform';

/**
 * Records what a context app publishes on one topic of its change feed, so a medium test can say
 * what a write announced. The embedded feed hands a change to its subscribers before `publish`
 * resolves, and services publish before they reply: what a call announced is all here when its
 * reply is.
 */
export class ChangeRecorder<T> {
  private readonly seen: T[] = [];

  private constructor(private readonly feed: ChangeFeed) {}

  static async start<T>(app: INestApplication, topic: string): Promise<ChangeRecorder<T>> {
    const recorder = new ChangeRecorder<T>(app.get(ChangeFeed));
    await recorder.feed.subscribe(topic, 'change-recorder', (change) => void recorder.seen.push(change.payload as T));
    return recorder;
  }

  /** The payloads published while `call` ran, in order (the call's own error, if any, is thrown). */
  async during(call: () => Promise<unknown>): Promise<T[]> {
    const mark = this.seen.length;
    await call();
    await this.feed.caughtUp();
    return this.seen.slice(mark);
  }

  /** As `during`, for a call that fails: the payloads published before its error (none, for a refused write). */
  async duringFailure(call: () => Promise<unknown>): Promise<T[]> {
    const mark = this.seen.length;
    await call().then(
      () => {
        throw new Error('expected the call to fail');
      },
      () => undefined,
    );
    await this.feed.caughtUp();
    return this.seen.slice(mark);
  }
}
