import { strToU8, zipSync } from 'fflate';
import { BlobStorage, DocumentStore, JobQueue, TransportClient } from '@quire/platform';
import { AppError, type ImportedMarkdown, type QuireContracts, Subject } from '@quire/proto';
import { ApiClient, type ApiEnvelope } from '@quire/testing';
import { documentRoutes } from '../scenarios/api-import.scenario';
import { solveCaptcha } from '../scenarios/auth-flow.scenario';
import { describeContentScenarios } from '../scenarios/scenario-groups';
import { type DocumentServer, startDocumentServer } from '../src/document-server';
import { startEmbeddedSystem, type EmbeddedSystem } from '../src/embedded-system';

/** Where the address guard lets the API import fetch from (HTTP_PROXY_ALLOW_HOSTS): the re-sync's and the import's document servers. */
const RESYNC_HOST = '127.0.0.10';
const IMPORT_HOST = '127.0.0.4';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/**
 * The content scenarios (e2e/scenarios/scenario-groups.ts) against one embedded app, the same routes on 127.0.0.5
 * refused by the address guard; then what only the embedded app lets a test do: fail a write half way.
 */
describe('content scenarios, embedded', () => {
  const served: Record<string, string> = {};
  let system: EmbeddedSystem;
  let resyncDocuments: DocumentServer;
  let importDocuments: DocumentServer;
  let refusedDocuments: DocumentServer;

  beforeAll(async () => {
    resyncDocuments = await startDocumentServer(RESYNC_HOST, served);
    importDocuments = await startDocumentServer(IMPORT_HOST, documentRoutes());
    refusedDocuments = await startDocumentServer('127.0.0.5', documentRoutes());
    system = await startEmbeddedSystem({ HTTP_PROXY_ALLOW_HOSTS: `${RESYNC_HOST},${IMPORT_HOST}`, RATE_LIMIT_PER_MINUTE: '1000' });
  });

  afterAll(async () => {
    await system?.stop();
    await Promise.all([resyncDocuments?.close(), importDocuments?.close(), refusedDocuments?.close()]);
  });

  describeContentScenarios({
    system: () => system.target,
    resync: { documents: () => resyncDocuments.url, served, jobs: () => system.app.get(JobQueue) },
    import: { documents: () => importDocuments.url, refused: () => refusedDocuments.url },
  });

  describe('Markdown zip import, failing half way', () => {
    it('leaves no item, page, file or stored bytes behind when a write fails half way', async () => {
      const client = new ApiClient(system.target.baseUrl);
      const vCode = await solveCaptcha(system.target, client);
      expect(await client.post('/api/user/register', { username: `halfway${Date.now() % 100_000}`, password: 'pass-1234', confirm_password: 'pass-1234', v_code: vCode })).toMatchObject({
        error_code: 0,
      });
      const store = system.app.get(DocumentStore);
      const blobs = system.app.get(BlobStorage);
      const transport = system.app.get<TransportClient<QuireContracts>>(TransportClient);
      const counts = async () => ({
        items: await store.collection('items').count({}),
        pages: await store.collection('pages').count({}),
        catalogs: await store.collection('catalogs').count({}),
        attachments: await store.collection('attachments').count({}),
      });
      const before = await counts();
      // The page service fails the second pass (links between pages), after the item, catalogs, pages and files are written.
      const send = transport.send.bind(transport);
      const sent: string[] = [];
      const sendSpy = jest.spyOn(transport, 'send').mockImplementation((subject, message) => {
        sent.push(subject);
        if (subject === Subject.PageImportContents) return Promise.reject(AppError.failed('internal_error'));
        return send(subject, message);
      });
      const put = blobs.put.bind(blobs);
      const stored: string[] = [];
      const putSpy = jest.spyOn(blobs, 'put').mockImplementation((key, body, type) => {
        stored.push(key);
        return put(key, body, type);
      });
      const zip = zipSync({ 'a.md': strToU8('[b](guide/b.md) ![x](x.png)'), 'guide/b.md': strToU8('b'), 'x.png': PNG });
      const form = new FormData();
      form.append('file', new Blob([zip]), 'halfway.zip');
      let reply: ApiEnvelope<ImportedMarkdown>;
      try {
        reply = (await client.request('/api/import/auto', { method: 'POST', body: form })).json<ApiEnvelope<ImportedMarkdown>>();
      } finally {
        sendSpy.mockRestore();
        putSpy.mockRestore();
      }

      expect(reply).toEqual({ error_code: 10101, error_message: 'Something went wrong on the server; please try again' });
      expect(sent).toEqual(expect.arrayContaining([Subject.ItemImportItem, Subject.PageImportCatalogs, Subject.PageImportPages, Subject.PageImportContents, Subject.ItemImportDiscard]));
      expect(await counts()).toEqual(before);
      // The uploaded zip and the image the import stored are gone with it.
      expect(stored.length).toBeGreaterThanOrEqual(2);
      for (const key of stored) expect(await blobs.stat(key)).toBeNull();
    });
  });
});
