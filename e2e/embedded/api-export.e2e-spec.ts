import { describeApiExport } from '../scenarios/api-export.scenario';
import { startEmbeddedSystem, type EmbeddedSystem } from '../src/embedded-system';

/** The OpenAPI export on the embedded app: the document is written to local disk and streamed out by the gateway. */
describe('OpenAPI export, embedded', () => {
  let system: EmbeddedSystem;

  beforeAll(async () => {
    system = await startEmbeddedSystem();
  });

  afterAll(async () => {
    await system?.stop();
  });

  describeApiExport(() => system.target);
});
