import { describeShowdocImport } from '../scenarios/showdoc-import.scenario';
import { startEmbeddedSystem, type EmbeddedSystem } from '../src/embedded-system';

describe('ShowDoc import, embedded', () => {
  let system: EmbeddedSystem;

  beforeAll(async () => {
    system = await startEmbeddedSystem();
  });

  afterAll(async () => {
    await system?.stop();
  });

  describeShowdocImport(() => system.target);
});
