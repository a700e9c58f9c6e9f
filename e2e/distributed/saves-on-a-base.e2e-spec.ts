import { describeSavesOnABase } from '../scenarios/saves-on-a-base.scenario';
import { describeDistributed, startDistributedSystem, type DistributedSystem } from '../src/distributed-system';

/**
 * Saves on a base through the gateway and the auth, admin, item and page services as separate processes
 * over NATS and Redis, the page service as two replicas sharing documents and files: a save on an old
 * base reads that version wherever it was recorded, and the 10409 answer's data crosses NATS inside the
 * error and reaches the envelope.
 */
describeDistributed('saves on a base (content_hash / base_hash), distributed', () => {
  let system: DistributedSystem;

  beforeAll(async () => {
    system = await startDistributedSystem({ services: ['auth', 'admin', 'item', 'page'], replicas: { page: 2 } });
  }, 90_000);

  afterAll(async () => {
    await system?.stop();
  }, 60_000);

  describeSavesOnABase(() => system.target);
});
