import { describeApiImport, documentRoutes } from '../scenarios/api-import.scenario';
import { describeDistributed, startDistributedSystem, type DistributedSystem } from '../src/distributed-system';
import { type DocumentServer, startDocumentServer } from '../src/document-server';

/**
 * OpenAPI and Postman imports through the gateway and the services as separate processes over NATS and an S3 server:
 * the gateway streams the upload into the bucket, the import service reads it (or fetches the URL through the address
 * guard, 127.0.0.6 allowed by HTTP_PROXY_ALLOW_HOSTS), and item and page write their own records.
 */
describeDistributed('API description import, distributed', () => {
  const ALLOWED = '127.0.0.6';
  let system: DistributedSystem;
  let allowed: DocumentServer;
  let refused: DocumentServer;

  beforeAll(async () => {
    allowed = await startDocumentServer(ALLOWED, documentRoutes());
    refused = await startDocumentServer('127.0.0.7', documentRoutes());
    system = await startDistributedSystem({ services: ['auth', 'admin', 'item', 'page', 'search', 'import'], s3: true, env: { HTTP_PROXY_ALLOW_HOSTS: ALLOWED } });
  }, 90_000);

  afterAll(async () => {
    await system?.stop();
    await allowed?.close();
    await refused?.close();
  }, 60_000);

  describeApiImport({ system: () => system.target, documents: () => allowed.url, refused: () => refused.url });
});
