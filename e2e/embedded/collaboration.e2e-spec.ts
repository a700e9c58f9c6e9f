import { describeCollaborationFlow } from '../scenarios/collaboration.scenario';
import { startEmbeddedSystem, type EmbeddedSystem } from '../src/embedded-system';

describe('collaboration and export, embedded', () => {
  let system: EmbeddedSystem;

  beforeAll(async () => {
    system = await startEmbeddedSystem({ RATE_LIMIT_PER_MINUTE: '1000' });
  });

  afterAll(async () => {
    await system?.stop();
  });

  describeCollaborationFlow(() => system.target);
});
