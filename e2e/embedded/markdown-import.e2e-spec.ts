import { strToU8, zipSync } from 'fflate';
import { BlobStorage, DocumentStore, TransportClient } from '@quire/platform';
import { AppError, type ImportedMarkdown, type QuireContracts, Subject } from '@quire/proto';
import { ApiClient, type ApiEnvelope } from '@quire/testing';
import { solveCaptcha } from '../scenarios/auth-flow.scenario';
import { describeMarkdownImport } from '../scenarios/markdown-import.scenario';
import { startEmbeddedSystem, type EmbeddedSystem } from '../src/embedded-system';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

describe('Markdown zip import, embedded', () => {
  let system: EmbeddedSystem;

  beforeAll(async () => {
    system = await startEmbeddedSystem();
  });

  afterAll(async () => {
    await system?.stop();
  });

  describeMarkdownImport(() => system.target);

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
