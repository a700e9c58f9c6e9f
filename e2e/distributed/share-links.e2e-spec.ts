import { describeShareLinks } from '../scenarios/share-links.scenario';
import { describeDistributed, startDistributedSystem, type DistributedSystem } from '../src/distributed-system';

/** Scoped share links through the gateway and the services as separate processes over NATS: rights asked of the item service. */
describeDistributed('Share links, distributed', () => {
  let system: DistributedSystem;

  beforeAll(async () => {
    system = await startDistributedSystem({ services: ['auth', 'admin', 'item', 'page', 'search'], s3: true });
  }, 90_000);

  afterAll(async () => {
    await system?.stop();
  }, 60_000);

  describeShareLinks(() => system.target);
});
