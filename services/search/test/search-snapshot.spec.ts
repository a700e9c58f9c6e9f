import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import * as zlib from 'node:zlib';
import { Logger, Module, type INestApplication, type INestMicroservice } from '@nestjs/common';
import { loadConfig } from '@quire/config';
import { createServiceMicroservice, NatsTransportClient } from '@quire/platform';
import { CHANGE_STREAM } from '@quire/platform/src/change-feed/jetstream-change-feed';
import { MinioBlobStorage } from '@quire/platform/src/blob-storage/minio-blob-storage';
import { type Caller, parseJsonReply, type QuireContracts, type SearchResults, Subject, type WireParams } from '@quire/proto';
import { createUser, describeWith, startNatsServer, startRedisServer, startS3Server, type S3Server, type ServerProcess } from '@quire/testing';
import { connect, type NatsConnection } from 'nats';
import { AuthModule } from '../../auth/src/auth.module';
import { ItemModule } from '../../item/src/item.module';
import { NoticeModule } from '../../notice/src/notice.module';
import { PageModule } from '../../page/src/page.module';
import { TeamModule } from '../../team/src/team.module';
import { SearchLifecycle } from '../src/feed/search-lifecycle';
import { SEARCH_DATABASE_FILE, SEARCH_FORMAT_VERSION } from '../src/index/search-index';
import { SearchSnapshotRepository, snapshotPointerKey, type SearchSnapshot } from '../src/snapshot/search-snapshot.repository';
import { SearchSnapshotService } from '../src/snapshot/search-snapshot.service';
import { SearchModule } from '../src/search.module';

/** The services that write what search indexes and answer what it asks (items, pages, rights), as one process. */
@Module({ imports: [ItemModule, PageModule, AuthModule, TeamModule, NoticeModule] })
class WritersModule {}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function eventually<T>(work: () => Promise<T>, accept: (value: T) => boolean, withinMs = 15_000): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await work();
    if (accept(value) || Date.now() > deadline) return value;
    await sleep(50);
  }
}

/**
 * The distributed search service's start (issue 15): replicas over a real nats-server with JetStream
 * (the change feed), Redis and an S3 server (the snapshots), beside the item and page services in a
 * process of their own. A replica with an empty DATA_DIR loads the latest snapshot and replays the
 * changes after it; the page service is asked for every page only when no usable snapshot exists.
 */
describeWith({ binary: 'nats-server' }, 'search index snapshots, distributed', () => {
  describeWith({ binary: 'redis-server' }, 'over NATS JetStream, Redis and S3', () => {
    let nats: ServerProcess;
    let redis: ServerProcess;
    let s3: S3Server;
    let root: string;
    let writers: INestMicroservice;
    let gateway: NatsTransportClient<QuireContracts>;
    let observer: NatsConnection;
    /** Requests for every page (a rebuild's batches) that the page service received, as NATS carried them. */
    let rebuildReads = 0;
    const replicas = new Set<INestMicroservice>();
    const logged = jest.spyOn(Logger.prototype, 'log');
    const warned = jest.spyOn(Logger.prototype, 'warn');
    let owner: Caller;
    let itemId: number;
    /** Each test's own bucket (its snapshots) and word (its pages). */
    let run = 0;
    let bucket: string;
    let blobs: MinioBlobStorage;
    let word: string;

    const configFor = (dataDir: string) =>
      loadConfig({
        DATA_DIR: path.join(root, dataDir),
        NATS_URL: nats.url,
        REDIS_URL: redis.url,
        S3_ENDPOINT: s3.endpoint,
        S3_ACCESS_KEY: s3.accessKey,
        S3_SECRET_KEY: s3.secretKey,
        S3_BUCKET: bucket,
        S3_REGION: s3.region,
        QUIRE_SECRET_KEY: 'b'.repeat(64),
        LANGUAGE: 'en',
        REQUEST_TIMEOUT_MS: '5000',
      });

    /** A search replica on `dataDir` (under this test's own directory), started as the service's main.ts starts one; resolves once its index is complete. */
    async function startReplica(dataDir: string): Promise<INestMicroservice> {
      const { microservice } = await createServiceMicroservice(SearchModule.withSnapshots(), { service: 'search', config: configFor(`${bucket}/${dataDir}`) });
      microservice.useLogger(['error']);
      replicas.add(microservice);
      await microservice.listen();
      await microservice.get(SearchLifecycle).whenBuilt();
      // Its queue group's subscriptions reach the broker a moment after listen(): until then a call finds no responder.
      await eventually(
        () =>
          found(word).then(
            () => true,
            () => false,
          ),
        (answered) => answered,
      );
      return microservice;
    }

    async function stopReplica(replica: INestMicroservice): Promise<void> {
      replicas.delete(replica);
      await replica.close();
    }

    /** Forgets what earlier steps logged and read. */
    function clearObservations(): void {
      rebuildReads = 0;
      logged.mockClear();
      warned.mockClear();
    }

    const send = async <R>(subject: Subject, params: WireParams): Promise<R> => parseJsonReply<R>(await gateway.relay(subject, { caller: owner, params }));
    const save = async (title: string, content: string, pageId = 0) =>
      (await send<{ page_id: number }>(Subject.PagePageSave, { item_id: itemId, page_title: title, page_content: content, ...(pageId ? { page_id: pageId } : {}) })).page_id;
    const found = async (keyword: string) => (await send<SearchResults>(Subject.SearchPageQuery, { keyword })).results.map((hit) => hit.page_id).sort();
    const sorted = (ids: number[]) => [...ids].sort();
    const foundSoon = (keyword: string, expected: number[]) =>
      eventually(
        () => found(keyword),
        (ids) => JSON.stringify(ids) === JSON.stringify(sorted(expected)),
      );
    const latestSnapshot = () => new SearchSnapshotRepository(blobs).latest();
    /** Three pages with this test's word in two of them. */
    const seed = async () => ({
      kept: await save('Failover', `promote the standby ${word} replica`),
      edited: await save('Backups', 'nightly dumps to the vault'),
      deleted: await save('Retired', `the old ${word} cluster`),
    });

    beforeAll(async () => {
      [nats, redis, s3] = await Promise.all([startNatsServer({ jetstream: true }), startRedisServer(), startS3Server()]);
      root = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-search-snapshot-'));
      bucket = s3.bucket;
      ({ microservice: writers } = await createServiceMicroservice(WritersModule, { service: 'writers', config: configFor('writers') }));
      writers.useLogger(['error']);
      await writers.listen();
      gateway = new NatsTransportClient<QuireContracts>(nats.url, 5_000);
      observer = await connect({ servers: nats.url });
      observer.subscribe(Subject.PageSearchDocuments, {
        callback: (_error, message) => {
          const { data } = message.json<{ data: { params: { page_ids?: number[]; item_id: number; cat_id: number } } }>();
          if (!data.params.page_ids && data.params.item_id === 0 && data.params.cat_id === 0) rebuildReads += 1;
        },
      });
      owner = await createUser(writers as unknown as INestApplication);
      itemId = (await send<{ item_id: number }>(Subject.ItemItemAdd, { item_name: 'Runbooks', item_type: 1, password: '', item_domain: '' })).item_id;
    }, 60_000);

    afterAll(async () => {
      for (const replica of replicas) await replica.close();
      await gateway?.close();
      await observer?.close();
      await writers?.close();
      await Promise.all([nats?.dispose(), redis?.dispose(), s3?.stop()]);
      if (root) fs.rmSync(root, { recursive: true, force: true });
      logged.mockRestore();
      warned.mockRestore();
    });

    beforeEach(() => {
      run += 1;
      bucket = `${s3.bucket}-${run}`;
      word = `malachite${run}`;
      blobs = new MinioBlobStorage({ endpoint: s3.endpoint, accessKey: s3.accessKey, secretKey: s3.secretKey, bucket, region: s3.region });
      clearObservations();
    });

    afterEach(async () => {
      for (const replica of replicas) await stopReplica(replica);
    });

    it('builds the first replica from the pages when there is no snapshot, then writes one', async () => {
      const pages = await seed();

      await startReplica('a');

      expect(rebuildReads).toBeGreaterThan(0);
      expect(logged).toHaveBeenCalledWith(`No search index snapshot of format ${SEARCH_FORMAT_VERSION} in the blob storage`);
      expect(logged).toHaveBeenCalledWith(expect.stringMatching(/^Search index built: \d+ pages in /));
      expect(await found(word)).toEqual(sorted([pages.kept, pages.deleted]));
      const snapshot = await latestSnapshot();
      expect(snapshot).toMatchObject({ format: SEARCH_FORMAT_VERSION, pages: expect.any(Number) as number });
      expect(snapshot?.key).toMatch(new RegExp(`^search/snapshot-v${SEARCH_FORMAT_VERSION}/\\d+-[0-9a-f-]+\\.db\\.gz$`));
      expect(await blobs.stat(snapshot?.key ?? '')).toMatchObject({ size: snapshot?.bytes });
    });

    it('starts a new replica from the latest snapshot and the changes after it, without reading every page', async () => {
      const pages = await seed();
      const first = await startReplica('a');
      const snapshot = (await latestSnapshot()) as SearchSnapshot;
      // Changes after the snapshot.
      await save('Backups', `hourly dumps to the vault, verified by a ${word} restore`, pages.edited);
      await send(Subject.PagePageDelete, { page_id: pages.deleted });
      const added = await save('Chaos drills', `unplug a ${word} node on Fridays`);
      await foundSoon(word, [pages.kept, pages.edited, added]);
      await stopReplica(first);
      clearObservations();

      await startReplica('b');

      expect(logged).toHaveBeenCalledWith(
        expect.stringMatching(
          new RegExp(`^Search index loaded from the snapshot ${escaped(snapshot.key)} in [\\d.]+ s: ${snapshot.pages} pages, current up to change ${snapshot.sequence}; replaying`),
        ),
      );
      expect(await foundSoon(word, [pages.kept, pages.edited, added])).toEqual(sorted([pages.kept, pages.edited, added]));
      expect(await found(`hourly ${word}`)).toEqual([pages.edited]);
      expect(await found(`nightly ${word}`)).toEqual([]);
      expect(fs.existsSync(path.join(root, bucket, 'b', SEARCH_DATABASE_FILE))).toBe(true);
      expect(rebuildReads).toBe(0);
    });

    it('restarts a replica on the index it kept, with the changes made while it was away', async () => {
      const pages = await seed();
      const replica = await startReplica('a');
      await stopReplica(replica);
      const added = await save('Pager', `${word} escalation policy`);
      clearObservations();

      await startReplica('a');

      expect(logged).toHaveBeenCalledWith(expect.stringMatching(/^Search index loaded from .*search\.db: \d+ pages, current up to change \d+$/));
      expect(await foundSoon(word, [pages.kept, pages.deleted, added])).toEqual(sorted([pages.kept, pages.deleted, added]));
      expect(rebuildReads).toBe(0);
    });

    it('writes a newer snapshot only once the index has moved on, pointing to it once it is stored whole', async () => {
      await seed();
      const replica = await startReplica('a');
      const before = (await latestSnapshot()) as SearchSnapshot;
      expect(await replica.get(SearchSnapshotService).take()).toEqual({ written: false, reason: `the latest snapshot is already current up to change ${before.sequence} or later` });
      const added = await save('Pager', `${word} escalation policy`);
      await foundSoon(`escalation ${word}`, [added]);

      const taken = await replica.get(SearchSnapshotService).take();

      const after = (await latestSnapshot()) as SearchSnapshot;
      expect(taken).toEqual({ written: true, snapshot: after });
      expect(after.sequence).toBeGreaterThan(before.sequence);
      expect(after).toMatchObject({ pages: before.pages + 1, previous: before.key });
      // The copy it replaced stays for replicas still downloading it.
      expect(await blobs.stat(before.key)).not.toBeNull();
    });

    it('ignores a snapshot of another index format and rebuilds from the pages', async () => {
      const pages = await seed();
      await stopReplica(await startReplica('a'));
      const current = (await latestSnapshot()) as SearchSnapshot;
      // What an older release left: its file carries its format, and so does its pointer's key.
      const older = path.join(root, bucket, 'older.db');
      await new SearchSnapshotRepository(blobs).download(current, older);
      const db = new DatabaseSync(older);
      db.exec(`PRAGMA user_version = ${SEARCH_FORMAT_VERSION - 1}`);
      db.close();
      const olderKey = `search/snapshot-v${SEARCH_FORMAT_VERSION - 1}/1-older.db.gz`;
      await blobs.put(olderKey, zlib.gzipSync(fs.readFileSync(older)), 'application/gzip');
      const pointer: SearchSnapshot = { ...current, key: olderKey };
      await blobs.put(snapshotPointerKey(SEARCH_FORMAT_VERSION - 1), Buffer.from(JSON.stringify({ ...pointer, format: SEARCH_FORMAT_VERSION - 1 })), 'application/json');
      // Even named by this format's pointer, a file of another format is not loaded.
      await blobs.put(snapshotPointerKey(), Buffer.from(JSON.stringify(pointer)), 'application/json');
      clearObservations();

      await startReplica('b');

      expect(warned).toHaveBeenCalledWith(`The search index snapshot ${olderKey} is not a complete index of format ${SEARCH_FORMAT_VERSION} at change ${current.sequence}`);
      expect(logged).toHaveBeenCalledWith('Building the search index from the pages …');
      expect(rebuildReads).toBeGreaterThan(0);
      expect(await found(word)).toEqual(sorted([pages.kept, pages.deleted]));
      // The rebuilt replica's own snapshot takes the pointer back.
      expect((await latestSnapshot())?.key).toMatch(new RegExp(`^search/snapshot-v${SEARCH_FORMAT_VERSION}/`));
    });

    // Last: it empties the stream that every test shares.
    it('rebuilds when the change feed no longer holds the changes after the snapshot (older than its limits)', async () => {
      await seed();
      await stopReplica(await startReplica('a'));
      const snapshot = (await latestSnapshot()) as SearchSnapshot;
      const added = await save('Capacity', `${word} disk forecast`);
      // What the stream's 7-day limit does to changes older than that.
      await (await observer.jetstreamManager()).streams.purge(CHANGE_STREAM);
      clearObservations();

      await startReplica('b');

      expect(warned).toHaveBeenCalledWith(`The search index snapshot ${snapshot.key} is current up to change ${snapshot.sequence}, and the change feed no longer holds the changes after it`);
      expect(rebuildReads).toBeGreaterThan(0);
      expect(await found(`forecast ${word}`)).toEqual([added]);
    });
  });
});
