import { describeMarkdownImport } from '../scenarios/markdown-import.scenario';
import { describeDistributed, startDistributedSystem, type DistributedSystem } from '../src/distributed-system';

/**
 * The Markdown import through the gateway and the auth, item, page, export and import services as separate
 * processes over NATS and an S3 server: the gateway streams the zip into the bucket, the import service reads
 * it and stores the linked files there, item and page write the records.
 */
describeDistributed('Markdown zip import, distributed', () => {
  let system: DistributedSystem;

  beforeAll(async () => {
    system = await startDistributedSystem({ services: ['auth', 'admin', 'item', 'page', 'search', 'export', 'import'], s3: true });
  }, 90_000);

  afterAll(async () => {
    await system?.stop();
  }, 60_000);

  describeMarkdownImport(() => system.target);
});
