import type { Change, ChangeFeed, ChangeHandler } from './change-feed';

/** What the contract publishes, as an app would: which record changed. */
export interface TestChange {
  kind: 'note';
  note_id: number;
}
const note = (id: number): TestChange => ({ kind: 'note', note_id: id });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A subscriber that records what it was handed. */
export function recorder(): { changes: Change<TestChange>[]; handler: ChangeHandler; until(count: number, timeoutMs?: number): Promise<Change<TestChange>[]> } {
  const changes: Change<TestChange>[] = [];
  return {
    changes,
    handler: (change) => void changes.push(change as Change<TestChange>),
    async until(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (changes.length < count) {
        if (Date.now() > deadline) throw new Error(`Expected ${count} change(s), got ${JSON.stringify(changes)}`);
        await sleep(10);
      }
      return changes;
    },
  };
}

const ids = (changes: Change<TestChange>[]) => changes.map((change) => change.payload.note_id);

/**
 * The behaviour every ChangeFeed adapter must show. `factory` gives a feed on its own or on a broker
 * that other tests share: each test uses topics of its own and compares sequences with the ones
 * its publishes returned.
 */
export function describeChangeFeedContract(name: string, factory: () => Promise<ChangeFeed>): void {
  describe(`${name} (ChangeFeed contract)`, () => {
    let sut: ChangeFeed;
    let run = 0;
    /** A topic of this test's own. */
    let topic: string;

    beforeEach(async () => {
      sut = await factory();
      run += 1;
      topic = `notes${run}_${Date.now()}`;
    });

    afterEach(async () => {
      await sut.close();
    });

    it('delivers the changes of its topic published after it subscribed, in order, with the sequences publish returned', async () => {
      await sut.publish(topic, note(0));
      const reader = recorder();
      await sut.subscribe(topic, 'reader', reader.handler);

      const sequences = [];
      for (const id of [1, 2, 3]) sequences.push(await sut.publish(topic, note(id)));
      await sut.publish(`${topic}_other`, note(99));

      const changes = await reader.until(3);
      await sleep(100);
      expect(changes).toEqual(sequences.map((sequence, index) => ({ topic, sequence, payload: note(index + 1) })));
      expect(sequences[1]).toBeGreaterThan(sequences[0] ?? Infinity);
      expect(sequences[2]).toBeGreaterThan(sequences[1] ?? Infinity);
    });

    it('gives every change to each of two subscribers (not a queue shared between them)', async () => {
      const first = recorder();
      const second = recorder();
      await sut.subscribe(topic, 'replica-a', first.handler);
      await sut.subscribe(topic, 'replica-b', second.handler);

      for (const id of [1, 2, 3, 4]) await sut.publish(topic, note(id));

      expect(ids(await first.until(4))).toEqual([1, 2, 3, 4]);
      expect(ids(await second.until(4))).toEqual([1, 2, 3, 4]);
    });

    it('replays from a given sequence, then goes on with new changes', async () => {
      await sut.publish(topic, note(1));
      const second = await sut.publish(topic, note(2));
      await sut.publish(`${topic}_other`, note(99));
      await sut.publish(topic, note(3));
      const late = recorder();

      await sut.subscribe(topic, 'late-replica', late.handler, { fromSequence: second });
      await sut.publish(topic, note(4));

      const changes = await late.until(3);
      await sleep(100);
      expect(ids(changes)).toEqual([2, 3, 4]);
      expect(changes[0]?.sequence).toBe(second);
    });

    it('tells the latest sequence accepted, which a subscriber resumes after', async () => {
      await sut.publish(topic, note(1));
      const latest = await sut.publish(topic, note(2));

      expect(await sut.lastSequence()).toBe(latest);

      const resumed = recorder();
      await sut.subscribe(topic, 'resumed', resumed.handler, { fromSequence: (await sut.lastSequence()) + 1 });
      await sut.publish(topic, note(3));
      expect(ids(await resumed.until(1))).toEqual([3]);
    });

    it('can replay from the next sequence and from any change it still holds', async () => {
      const first = await sut.publish(topic, note(1));
      await sut.publish(topic, note(2));

      await expect(sut.canReplayFrom(first)).resolves.toBe(true);
      await expect(sut.canReplayFrom((await sut.lastSequence()) + 1)).resolves.toBe(true);
    });

    it('tries a failing change again, and a change that keeps failing does not hold back the ones after it', async () => {
      const calls: number[] = [];
      const handled: number[] = [];
      await sut.subscribe(
        topic,
        'flaky',
        (change) => {
          const id = (change.payload as TestChange).note_id;
          calls.push(id);
          if (id === 1 && calls.filter((call) => call === 1).length === 1) throw new Error('index busy');
          if (id === 2) throw new Error('this change always fails');
          handled.push(id);
        },
        { attempts: 3, backoffMs: 10 },
      );

      for (const id of [1, 2, 3]) await sut.publish(topic, note(id));

      const deadline = Date.now() + 10_000;
      while (!handled.includes(3) && Date.now() < deadline) await sleep(10);
      expect(handled).toEqual([1, 3]);
      expect(calls).toEqual([1, 1, 2, 2, 2, 3]);
    });

    it('stops delivering to a closed subscription while the others go on', async () => {
      const leaving = recorder();
      const staying = recorder();
      const subscription = await sut.subscribe(topic, 'leaving', leaving.handler);
      await sut.subscribe(topic, 'staying', staying.handler);
      await sut.publish(topic, note(1));
      await leaving.until(1);

      await subscription.close();
      await sut.publish(topic, note(2));

      expect(ids(await staying.until(2))).toEqual([1, 2]);
      await sleep(100);
      expect(ids(leaving.changes)).toEqual([1]);
    });

    it('refuses a topic that is not one word', async () => {
      await expect(sut.publish('notes.all', note(1))).rejects.toThrow('one word');
      await expect(sut.subscribe('notes>', 'reader', () => undefined)).rejects.toThrow('one word');
    });

    it('refuses to publish once closed', async () => {
      await sut.close();

      await expect(sut.publish(topic, note(1))).rejects.toThrow('closed');
    });
  });
}
