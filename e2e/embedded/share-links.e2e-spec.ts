import { describeShareLinks } from '../scenarios/share-links.scenario';
import { startEmbeddedSystem, type EmbeddedSystem } from '../src/embedded-system';

/** Scoped share links on the embedded app (SQLite, local disk, in-process transport). */
describe('Share links, embedded', () => {
  let system: EmbeddedSystem;

  beforeAll(async () => {
    system = await startEmbeddedSystem();
  });

  afterAll(async () => {
    await system?.stop();
  });

  describeShareLinks(() => system.target);
});
