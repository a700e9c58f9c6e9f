import { BullmqJobQueue } from '../../libs/platform/src/job-queue/bullmq-job-queue';
import { documentRoutes } from '../scenarios/api-import.scenario';
import { describeContentScenarios } from '../scenarios/scenario-groups';
import { ALL_SERVICES, describeDistributed, startDistributedSystem, type DistributedSystem } from '../src/distributed-system';
import { type DocumentServer, startDocumentServer } from '../src/document-server';

/** Where the address guard lets the import service fetch from (HTTP_PROXY_ALLOW_HOSTS): the re-sync's and the import's document servers. */
const RESYNC_HOST = '127.0.0.11';
const IMPORT_HOST = '127.0.0.6';

/**
 * The content scenarios (e2e/scenarios/scenario-groups.ts) against one distributed system: the gateway and every
 * service as separate processes over nats-server, redis-server and an S3 server; the re-sync's scheduled job added
 * to the services' BullMQ queue as the scheduler adds it.
 */
describeDistributed('content scenarios, distributed', () => {
  const served: Record<string, string> = {};
  let system: DistributedSystem;
  let resyncDocuments: DocumentServer;
  let importDocuments: DocumentServer;
  let refusedDocuments: DocumentServer;
  let jobs: BullmqJobQueue;

  beforeAll(async () => {
    resyncDocuments = await startDocumentServer(RESYNC_HOST, served);
    importDocuments = await startDocumentServer(IMPORT_HOST, documentRoutes());
    refusedDocuments = await startDocumentServer('127.0.0.7', documentRoutes());
    system = await startDistributedSystem({
      services: ALL_SERVICES,
      s3: true,
      env: { HTTP_PROXY_ALLOW_HOSTS: `${RESYNC_HOST},${IMPORT_HOST}`, RATE_LIMIT_PER_MINUTE: '1000' },
    });
    jobs = new BullmqJobQueue({ url: system.servers.redis.url });
  }, 120_000);

  afterAll(async () => {
    await jobs?.close();
    await system?.stop();
    await Promise.all([resyncDocuments?.close(), importDocuments?.close(), refusedDocuments?.close()]);
  }, 60_000);

  describeContentScenarios({
    system: () => system.target,
    resync: { documents: () => resyncDocuments.url, served, jobs: () => jobs },
    import: { documents: () => importDocuments.url, refused: () => refusedDocuments.url },
  });
});
