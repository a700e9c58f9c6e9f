import { describeApiExport } from '../scenarios/api-export.scenario';
import { describeDistributed, startDistributedSystem, type DistributedSystem } from '../src/distributed-system';

/**
 * The OpenAPI export through the gateway and the services as separate processes over NATS and an S3 server: the
 * page service writes the document to the bucket, the gateway streams it out (it never travels over NATS).
 */
describeDistributed('OpenAPI export, distributed', () => {
  let system: DistributedSystem;

  beforeAll(async () => {
    system = await startDistributedSystem({ services: ['auth', 'admin', 'item', 'page', 'search', 'import'], s3: true });
  }, 90_000);

  afterAll(async () => {
    await system?.stop();
  }, 60_000);

  describeApiExport(() => system.target);
});
