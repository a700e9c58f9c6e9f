import { describeCrossSite } from '../scenarios/cross-site.scenario';
import { ALL_SERVICES, describeDistributed, startDistributedSystem, type DistributedSystem } from '../src/distributed-system';

/** The cross-site scenario with the gateway and every service in its own process: the gateway refuses before anything is sent over NATS. */
describeDistributed('cross-site writes, distributed', () => {
  let system: DistributedSystem;

  beforeAll(async () => {
    system = await startDistributedSystem({ services: ALL_SERVICES });
  }, 90_000);

  afterAll(async () => {
    await system?.stop();
  }, 60_000);

  describeCrossSite(() => system.target);
});
