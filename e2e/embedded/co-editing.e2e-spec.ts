import { describeCoEditing } from '../scenarios/co-editing.scenario';
import { type EmbeddedSystem, startEmbeddedSystem } from '../src/embedded-system';

describe('live co-editing, embedded', () => {
  let system: EmbeddedSystem;

  beforeAll(async () => {
    system = await startEmbeddedSystem({ RATE_LIMIT_PER_MINUTE: '1000', COLLAB_SAVE_QUIET_MS: '1500', COLLAB_SAVE_MAX_MS: '4000', COLLAB_SESSION_CHECK_MS: '300' });
  });

  afterAll(async () => {
    await system?.stop();
  });

  describeCoEditing(() => system.target);
});
