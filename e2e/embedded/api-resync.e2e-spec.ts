import { JobQueue } from '@quire/platform';
import { describeApiResync } from '../scenarios/api-resync.scenario';
import { type DocumentServer, startDocumentServer } from '../src/document-server';
import { startEmbeddedSystem, type EmbeddedSystem } from '../src/embedded-system';

/** Re-sync of imported API descriptions on the embedded app; the document comes from a local server on 127.0.0.10, allowed through HTTP_PROXY_ALLOW_HOSTS. */
describe('API description re-sync, embedded', () => {
  const ALLOWED = '127.0.0.10';
  const served: Record<string, string> = {};
  let system: EmbeddedSystem;
  let documents: DocumentServer;

  beforeAll(async () => {
    documents = await startDocumentServer(ALLOWED, served);
    system = await startEmbeddedSystem({ HTTP_PROXY_ALLOW_HOSTS: ALLOWED });
  });

  afterAll(async () => {
    await system?.stop();
    await documents?.close();
  });

  describeApiResync({ system: () => system.target, documents: () => documents.url, served, jobs: () => system.app.get(JobQueue) });
});
