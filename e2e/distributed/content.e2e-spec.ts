import { describeContentFlow } from '../scenarios/content.scenario';
import { describeDistributed, startDistributedSystem, type DistributedSystem } from '../src/distributed-system';

/**
 * The content scenario through the gateway, auth, admin, item, page and search services as separate
 * processes over NATS, Redis and an S3 server: the gateway streams uploads into the bucket
 * and downloads out of it, the page service records and deletes them; item/info's keyword hits
 * come from the search service's index.
 */
describeDistributed('content, distributed', () => {
  let system: DistributedSystem;

  beforeAll(async () => {
    system = await startDistributedSystem({ services: ['auth', 'admin', 'item', 'page', 'search'], s3: true });
  }, 90_000);

  afterAll(async () => {
    await system?.stop();
  }, 60_000);

  describeContentFlow(() => system.target);
});
