import { describeApiImport, documentRoutes } from '../scenarios/api-import.scenario';
import { type DocumentServer, startDocumentServer } from '../src/document-server';
import { startEmbeddedSystem, type EmbeddedSystem } from '../src/embedded-system';

/**
 * OpenAPI and Postman imports on the embedded app. The documents the URL import fetches come from a local server on
 * 127.0.0.4, allowed through HTTP_PROXY_ALLOW_HOSTS as the HTTP test tool's proxy tests allow theirs; the same server
 * on 127.0.0.5 stays refused.
 */
describe('API description import, embedded', () => {
  const ALLOWED = '127.0.0.4';
  let system: EmbeddedSystem;
  let allowed: DocumentServer;
  let refused: DocumentServer;

  beforeAll(async () => {
    allowed = await startDocumentServer(ALLOWED, documentRoutes());
    refused = await startDocumentServer('127.0.0.5', documentRoutes());
    system = await startEmbeddedSystem({ HTTP_PROXY_ALLOW_HOSTS: ALLOWED });
  });

  afterAll(async () => {
    await system?.stop();
    await allowed?.close();
    await refused?.close();
  });

  describeApiImport({ system: () => system.target, documents: () => allowed.url, refused: () => refused.url });
});
