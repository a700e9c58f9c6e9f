import { describeDelivery } from '../scenarios/delivery.scenario';
import { ALL_SERVICES, describeDistributed, startDistributedSystem, type DistributedSystem } from '../src/distributed-system';

/** The delivery scenario with the gateway and every service in its own process (files in S3): the ETags come from the version tokens in Redis. */
describeDistributed('delivery: compression and revalidation, distributed', () => {
  let system: DistributedSystem;

  beforeAll(async () => {
    system = await startDistributedSystem({ services: ALL_SERVICES, s3: true });
  }, 90_000);

  afterAll(async () => {
    await system?.stop();
  }, 60_000);

  describeDelivery(() => system.target);
});
