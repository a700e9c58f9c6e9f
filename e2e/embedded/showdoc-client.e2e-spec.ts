import { describeShowdocClient } from '../scenarios/showdoc-client.scenario';
import { startEmbeddedSystem, type EmbeddedSystem } from '../src/embedded-system';

describe("ShowDoc 3.9's web client, embedded", () => {
  let system: EmbeddedSystem;

  beforeAll(async () => {
    system = await startEmbeddedSystem();
  });

  afterAll(async () => {
    await system?.stop();
  });

  describeShowdocClient(() => system.target);
});
