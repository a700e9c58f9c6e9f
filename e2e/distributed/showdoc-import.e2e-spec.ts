import { describeShowdocImport } from '../scenarios/showdoc-import.scenario';
import { describeDistributed, startDistributedSystem, type DistributedSystem } from '../src/distributed-system';

/**
 * The ShowDoc import through the gateway and every service it involves as separate processes over NATS and an S3
 * server: the gateway streams the upload into the bucket, the import service's job reads it and copies the files
 * there, and auth, item, page and team write their own records.
 */
describeDistributed('ShowDoc import, distributed', () => {
  let system: DistributedSystem;

  beforeAll(async () => {
    system = await startDistributedSystem({ services: ['auth', 'admin', 'item', 'page', 'team', 'notice', 'search', 'import'], s3: true });
  }, 90_000);

  afterAll(async () => {
    await system?.stop();
  }, 60_000);

  describeShowdocImport(() => system.target);
});
