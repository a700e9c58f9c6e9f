import { AsyncLocalStorage } from 'node:async_hooks';
import { describeChangeFeedContract, recorder, type TestChange } from './change-feed.contract';
import { InProcessChangeFeed } from './in-process-change-feed';

describeChangeFeedContract(InProcessChangeFeed.name, async () => new InProcessChangeFeed());

describe(InProcessChangeFeed.name, () => {
  const note = (id: number): TestChange => ({ kind: 'note', note_id: id });

  it('resolves publish without waiting for the subscribers, and caughtUp once they have handled every change', async () => {
    const sut = new InProcessChangeFeed();
    const indexed = new Set<number>();
    let release: () => void = () => undefined;
    const slow = new Promise<void>((resolve) => (release = resolve));
    await sut.subscribe('notes', 'index', async (change) => {
      await slow;
      indexed.add((change.payload as TestChange).note_id);
    });

    await sut.publish('notes', note(7));
    await sut.publish('notes', note(8));
    expect(indexed.size).toBe(0);

    const caughtUp = sut.caughtUp().then(() => [...indexed]);
    release();
    expect(await caughtUp).toEqual([7, 8]);
    await sut.close();
  });

  it('hands each subscriber its own copy of the payload, as JSON carries it', async () => {
    const sut = new InProcessChangeFeed();
    const first = recorder();
    const second = recorder();
    await sut.subscribe('notes', 'a', first.handler);
    await sut.subscribe('notes', 'b', second.handler);
    const payload = { kind: 'note', note_id: 1, at: new Date(0) };

    await sut.publish('notes', payload);

    expect(first.changes[0]?.payload).toEqual({ kind: 'note', note_id: 1, at: '1970-01-01T00:00:00.000Z' });
    expect(first.changes[0]?.payload).not.toBe(second.changes[0]?.payload);
    await sut.close();
  });

  it("runs a handler in the subscriber's async context, not in the publishing request's", async () => {
    const sut = new InProcessChangeFeed();
    const request = new AsyncLocalStorage<string>();
    const seen: (string | undefined)[] = [];
    await sut.subscribe('notes', 'index', () => void seen.push(request.getStore()));

    await request.run('save request', () => sut.publish('notes', note(1)));

    expect(seen).toEqual([undefined]);
    await sut.close();
  });

  it('replays only the changes it keeps: an older sequence starts with the oldest kept', async () => {
    const sut = new InProcessChangeFeed({ retain: 2 });
    for (const id of [1, 2, 3]) await sut.publish('notes', note(id));
    const late = recorder();

    await sut.subscribe('notes', 'late', late.handler, { fromSequence: 1 });

    expect((await late.until(2)).map((change) => [change.sequence, change.payload.note_id])).toEqual([
      [2, 2],
      [3, 3],
    ]);
    await sut.close();
  });

  it('can replay from the oldest change it keeps, not from one it dropped; a sequence from an earlier run hides nothing', async () => {
    const sut = new InProcessChangeFeed({ retain: 2 });
    for (const id of [1, 2, 3]) await sut.publish('notes', note(id));

    await expect(sut.canReplayFrom(1)).resolves.toBe(false);
    await expect(sut.canReplayFrom(2)).resolves.toBe(true);
    await expect(sut.canReplayFrom(501)).resolves.toBe(true);
    await sut.close();
  });

  it('lets a writer whose write is committed publish without failing when the feed refuses', async () => {
    const sut = new InProcessChangeFeed();
    await sut.close();

    await expect(sut.publishAfterCommit('notes', note(1))).resolves.toBeUndefined();
    await expect(sut.publish('notes', note(1))).rejects.toThrow('closed');
  });

  it('delivers every new change to a subscriber that asks from a sequence kept from an earlier run (sequences restart with the process)', async () => {
    const sut = new InProcessChangeFeed();
    const resumed = recorder();
    await sut.subscribe('notes', 'index', resumed.handler, { fromSequence: 501 });

    await sut.publish('notes', note(1));

    expect(resumed.changes.map((change) => [change.sequence, change.payload.note_id])).toEqual([[1, 1]]);
    await sut.close();
  });

  it('lets close() wait for the change being handled', async () => {
    const sut = new InProcessChangeFeed();
    let finished = false;
    await sut.subscribe('notes', 'slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      finished = true;
    });
    const publishing = sut.publish('notes', note(1));

    await sut.close();

    expect(finished).toBe(true);
    await publishing;
  });
});
