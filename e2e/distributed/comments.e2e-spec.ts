import { describeCommentsFlow } from '../scenarios/comments.scenario';
import { describeDistributed, startDistributedSystem, type DistributedSystem } from '../src/distributed-system';

/** Comments across processes: the page service asks the item service for the audience and sends the notice over NATS. */
describeDistributed('page comments, distributed', () => {
  let system: DistributedSystem;

  beforeAll(async () => {
    system = await startDistributedSystem({ services: ['auth', 'item', 'page', 'team', 'notice', 'admin'] });
  }, 120_000);

  afterAll(async () => {
    await system?.stop();
  }, 60_000);

  describeCommentsFlow(() => system.target);
});
