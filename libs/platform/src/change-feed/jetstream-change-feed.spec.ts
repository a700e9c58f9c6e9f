import { describeWith, freePort, startNatsServer, type ServerProcess } from '@quire/testing';
import { connect, nanos } from 'nats';
import type { Change } from './change-feed';
import { describeChangeFeedContract, recorder, type TestChange } from './change-feed.contract';
import { CHANGE_STREAM, JetStreamChangeFeed } from './jetstream-change-feed';

const note = (id: number): TestChange => ({ kind: 'note', note_id: id });
const payloads = (changes: Change<TestChange>[]) => changes.map((change) => change.payload.note_id);

describeWith({ binary: 'nats-server' }, JetStreamChangeFeed.name, () => {
  let nats: ServerProcess;

  beforeAll(async () => {
    nats = await startNatsServer({ jetstream: true });
  });

  afterAll(async () => {
    await nats.dispose();
  });

  describeChangeFeedContract(`${JetStreamChangeFeed.name} on nats-server -js`, async () => new JetStreamChangeFeed({ url: nats.url }));

  it('creates the stream QUIRE_CHANGES on file, for changes.<topic>, keeping changes 7 days', async () => {
    const sut = new JetStreamChangeFeed({ url: nats.url });
    const connection = await connect({ servers: nats.url });
    try {
      await sut.publish('pages', note(1));

      const { config, state } = await (await connection.jetstreamManager()).streams.info(CHANGE_STREAM);
      expect(config).toMatchObject({ subjects: ['changes.>'], storage: 'file', retention: 'limits', max_age: nanos(7 * 24 * 60 * 60 * 1000) });
      expect(state.last_seq).toBeGreaterThan(0);
    } finally {
      await Promise.all([sut.close(), connection.close()]);
    }
  });

  it('gives every change to each replica, each on its own connection, whoever published it', async () => {
    const publisher = new JetStreamChangeFeed({ url: nats.url });
    const replicas = [0, 1].map(() => ({ feed: new JetStreamChangeFeed({ url: nats.url }), seen: recorder() }));
    try {
      for (const [index, { feed, seen }] of replicas.entries()) await feed.subscribe('replicated', `search-${index}`, seen.handler);

      for (const id of [1, 2, 3]) await publisher.publish('replicated', note(id));

      for (const { seen } of replicas) expect(payloads(await seen.until(3))).toEqual([1, 2, 3]);
    } finally {
      await Promise.all([publisher, ...replicas.map(({ feed }) => feed)].map((feed) => feed.close()));
    }
  });

  it('keeps acknowledged changes for a replica that starts later from the sequence of its snapshot', async () => {
    const writer = new JetStreamChangeFeed({ url: nats.url });
    const snapshotAt = await writer.publish('snapshots', note(1));
    await writer.publish('snapshots', note(2));
    await writer.publish('snapshots', note(3));
    await writer.close();
    const newReplica = new JetStreamChangeFeed({ url: nats.url });
    const seen = recorder();
    try {
      await newReplica.subscribe('snapshots', 'search@new-pod', seen.handler, { fromSequence: snapshotAt + 1 });

      expect(payloads(await seen.until(2))).toEqual([2, 3]);
    } finally {
      await newReplica.close();
    }
  });

  it('cannot replay from a sequence the stream no longer holds, nor from one past its end (a stream made anew)', async () => {
    const sut = new JetStreamChangeFeed({ url: nats.url });
    const connection = await connect({ servers: nats.url });
    try {
      const old = await sut.publish('expiring', note(1));
      const kept = await sut.publish('expiring', note(2));
      // What the stream's age limit does to changes a week old.
      await (await connection.jetstreamManager()).streams.purge(CHANGE_STREAM, { seq: kept });

      await expect(sut.canReplayFrom(old)).resolves.toBe(false);
      await expect(sut.canReplayFrom(kept)).resolves.toBe(true);
      await expect(sut.canReplayFrom(kept + 1)).resolves.toBe(true);
      await expect(sut.canReplayFrom(kept + 2)).resolves.toBe(false);
    } finally {
      await Promise.all([sut.close(), connection.close()]);
    }
  });

  it('refuses a publish at once while NATS is unreachable, so a save is not held up (publishAfterCommit logs it)', async () => {
    const sut = new JetStreamChangeFeed({ url: `nats://127.0.0.1:${await freePort()}` });
    const started = Date.now();

    await expect(sut.publish('pages', note(1))).rejects.toThrow('not reachable');
    await expect(sut.publishAfterCommit('pages', note(2))).resolves.toBeUndefined();

    expect(Date.now() - started).toBeLessThan(1_000);
    await sut.close();
  });

  it('refuses a publish at once when the NATS server runs without JetStream', async () => {
    const plain = await startNatsServer();
    const sut = new JetStreamChangeFeed({ url: plain.url });
    try {
      const started = Date.now();

      await expect(sut.publish('pages', note(1))).rejects.toThrow('not reachable');

      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      await sut.close();
      await plain.dispose();
    }
  });
});

describeWith({ binary: 'nats-server' }, `${JetStreamChangeFeed.name} while NATS stops and starts`, () => {
  it('subscribes once NATS is started after it, as services started before their broker do', async () => {
    const nats = await startNatsServer({ jetstream: true });
    await nats.stop();
    const sut = new JetStreamChangeFeed({ url: nats.url });
    const seen = recorder();
    try {
      const subscribing = sut.subscribe('pages', 'search', seen.handler);
      await new Promise((resolve) => setTimeout(resolve, 600));
      await nats.start();
      await subscribing;

      await sut.publish('pages', note(1));

      expect(payloads(await seen.until(1))).toEqual([1]);
    } finally {
      await sut.close();
      await nats.dispose();
    }
  });

  it('keeps its subscriptions and the stored changes, and accepts a publish as soon as nats-server is back', async () => {
    const nats = await startNatsServer({ jetstream: true });
    const sut = new JetStreamChangeFeed({ url: nats.url });
    const seen = recorder();
    try {
      await sut.subscribe('pages', 'search', seen.handler);
      const before = await sut.publish('pages', note(1));
      await seen.until(1);

      await nats.stop();
      await nats.start();
      const after = await sut.publish('pages', note(2));

      expect((await seen.until(2)).map((change) => change.sequence)).toEqual([before, after]);
      expect(after).toBe(before + 1);
    } finally {
      await sut.close();
      await nats.dispose();
    }
  });
});
