import { BullmqJobQueue } from '../../libs/platform/src/job-queue/bullmq-job-queue';
import { describeApiResync } from '../scenarios/api-resync.scenario';
import { describeDistributed, startDistributedSystem, type DistributedSystem } from '../src/distributed-system';
import { type DocumentServer, startDocumentServer } from '../src/document-server';

/**
 * Re-sync of imported API descriptions with the services as separate processes over NATS, an S3 server and BullMQ:
 * the import service reads the remembered source (the URL through the address guard, 127.0.0.11 allowed, or the upload
 * kept in the bucket), the page service writes the revisions, the item service answers the key pair and the members,
 * the notice service stores the notices, the admin service the schedule.
 */
describeDistributed('API description re-sync, distributed', () => {
  const ALLOWED = '127.0.0.11';
  const served: Record<string, string> = {};
  let system: DistributedSystem;
  let documents: DocumentServer;
  let jobs: BullmqJobQueue;

  beforeAll(async () => {
    documents = await startDocumentServer(ALLOWED, served);
    system = await startDistributedSystem({ services: ['auth', 'admin', 'item', 'page', 'notice', 'search', 'import'], s3: true, env: { HTTP_PROXY_ALLOW_HOSTS: ALLOWED } });
    // The queue the services' BullMQ adapter reads: the test adds the scheduled job as the scheduler does.
    jobs = new BullmqJobQueue({ url: system.servers.redis.url });
  }, 90_000);

  afterAll(async () => {
    await jobs?.close();
    await system?.stop();
    await documents?.close();
  }, 60_000);

  describeApiResync({ system: () => system.target, documents: () => documents.url, served, jobs: () => jobs });
});
