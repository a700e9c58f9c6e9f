import { describeContentFlow } from '../scenarios/content.scenario';
import { startEmbeddedSystem, type EmbeddedSystem } from '../src/embedded-system';

describe('content, embedded', () => {
  let system: EmbeddedSystem;

  beforeAll(async () => {
    system = await startEmbeddedSystem();
  });

  afterAll(async () => {
    await system?.stop();
  });

  describeContentFlow(() => system.target);
});
