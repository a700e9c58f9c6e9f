import { describeSavesOnABase } from '../scenarios/saves-on-a-base.scenario';
import { startEmbeddedSystem, type EmbeddedSystem } from '../src/embedded-system';

describe('saves on a base (content_hash / base_hash), embedded', () => {
  let system: EmbeddedSystem;

  beforeAll(async () => {
    system = await startEmbeddedSystem();
  });

  afterAll(async () => {
    await system?.stop();
  });

  describeSavesOnABase(() => system.target);
});
