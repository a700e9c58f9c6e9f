import { describeCommentsFlow } from '../scenarios/comments.scenario';
import { startEmbeddedSystem, type EmbeddedSystem } from '../src/embedded-system';

describe('page comments, embedded', () => {
  let system: EmbeddedSystem;

  beforeAll(async () => {
    system = await startEmbeddedSystem();
  });

  afterAll(async () => {
    await system?.stop();
  });

  describeCommentsFlow(() => system.target);
});
