import * as fs from 'node:fs';
import * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import { gzipSync } from 'node:zlib';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { loadConfig } from '@quire/config';
import { KeyValueStore, PlatformModule, connectTransport, hashSecret } from '@quire/platform';
import { appErrors, MAX_UPLOAD_BYTES, sessionKey } from '@quire/proto';
import { ApiClient, createUser, freePort } from '@quire/testing';
import { AuthModule } from '../../services/auth/src/auth.module';
import { ItemModule } from '../../services/item/src/item.module';
import { AttachmentModule } from '../../services/page/src/attachment/attachment.module';
import { PageModule } from '../../services/page/src/page.module';
import { GatewayModule, configureGateway } from '../src';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52]),
  Buffer.from(Array.from({ length: 2000 }, (_, i) => (i * 7) % 256)),
]);
const HTML = Buffer.from('<!doctype html><script>alert(document.cookie)</script>');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><circle r="4"/></svg>');

interface EditorMdReply {
  success: 0 | 1;
  url?: string;
  message?: string;
}

describe('Uploads and downloads through the gateway', () => {
  let app: NestExpressApplication;
  let dataDir: string;
  let base: string;
  let kv: KeyValueStore;

  /** A logged-in browser of a fresh user. */
  const login = async (): Promise<ApiClient> => {
    const user = await createUser(app);
    const token = `${user.uid}`.padStart(64, 'a');
    await kv.set(sessionKey(hashSecret(token)), JSON.stringify({ uid: user.uid, username: user.username, groupid: 2, createdAt: 0 }), 600);
    const client = new ApiClient(base);
    client.cookies.set('cookie_token', token);
    return client;
  };

  /** Every file the blob store holds, temp files included. */
  const storedFiles = (): string[] => {
    const root = path.join(dataDir, 'files');
    if (!fs.existsSync(root)) return [];
    return (fs.readdirSync(root, { recursive: true }) as string[]).filter((entry) => fs.statSync(path.join(root, entry)).isFile()).sort();
  };

  const createItem = async (client: ApiClient, password = ''): Promise<number> => {
    const reply = await client.post<{ item_id: number }>('/api/item/add', { item_type: 1, item_name: 'Docs', password });
    expect(reply.error_code).toBe(0);
    return Number(reply.data?.item_id);
  };

  const createPage = async (client: ApiClient, itemId: number): Promise<number> => {
    const reply = await client.post<{ page_id: number }>('/api/page/save', { item_id: itemId, page_title: 'API', page_content: '# API' });
    expect(reply.error_code).toBe(0);
    return Number(reply.data?.page_id);
  };

  const upload = (client: ApiClient, route: string, field: string, bytes: Buffer, filename: string, params: Record<string, string | number> = {}) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(params)) form.append(name, String(value));
    form.append(field, new Blob([bytes]), filename);
    return client.request(route, { method: 'POST', body: form });
  };

  const signOf = (url: string): string => new URL(url, base).searchParams.get('sign') ?? '';

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-upload-'));
    const webDist = path.join(dataDir, 'web');
    fs.mkdirSync(webDist);
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Quire SPA</title>');
    const port = await freePort();
    const config = loadConfig({ PORT: String(port), DATA_DIR: dataDir, WEB_DIST: webDist, LANGUAGE: 'en' });
    @Module({ imports: [PlatformModule.forRoot({ mode: 'embedded', config, errors: appErrors }), GatewayModule, AuthModule, ItemModule, PageModule, AttachmentModule] })
    class TestAppModule {}
    app = await NestFactory.create<NestExpressApplication>(TestAppModule, { bodyParser: false, logger: ['error'] });
    configureGateway(app, config);
    connectTransport(app, { mode: 'embedded' });
    await app.startAllMicroservices();
    await app.listen(port, '127.0.0.1');
    kv = app.get(KeyValueStore);
    base = `http://127.0.0.1:${port}`;
  });

  afterAll(async () => {
    await app?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('stores a pasted PNG and serves the same bytes inline as image/png', async () => {
    const owner = await login();
    const itemId = await createItem(owner);
    const pageId = await createPage(owner, itemId);

    const response = await upload(owner, '/api/page/uploadImg', 'editormd-image-file', PNG, 'blob', { item_id: itemId, page_id: pageId });

    expect(response.status).toBe(200);
    const reply = response.json<EditorMdReply>();
    expect(reply).toEqual({ success: 1, url: expect.stringMatching(/^\/server\/index\.php\?s=\/api\/attachment\/visitFile&sign=[a-f0-9]{32}$/) });
    const download = await owner.request(reply.url as string);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(download.headers.get('content-length')).toBe(String(PNG.length));
    expect(download.headers.get('content-disposition')).toBe(`inline; filename="blob.jpg"; filename*=UTF-8''blob.jpg`);
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(download.headers.get('content-security-policy')).toBe("default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox");
    expect(download.body.equals(PNG)).toBe(true);
  });

  it('refuses an HTML file named .png on uploadImg, in editor.md form, and keeps nothing', async () => {
    const owner = await login();
    const itemId = await createItem(owner);
    const before = storedFiles();

    const response = await upload(owner, '/api/page/uploadImg', 'editormd-image-file', HTML, 'cat.png', { item_id: itemId });

    expect(response.status).toBe(200);
    expect(response.json()).toEqual({ success: 0, message: 'This file type cannot be uploaded as an image: use jpg, jpeg, gif, png, bmp or webp' });
    expect(storedFiles()).toEqual(before);
  });

  it('answers uploadImg without a login as {success: 0} and writes no byte', async () => {
    const before = storedFiles();

    const response = await upload(new ApiClient(base), '/api/page/uploadImg', 'editormd-image-file', Buffer.concat([PNG, Buffer.alloc(3_000_000)]), 'shot.png');

    expect(response.status).toBe(200);
    expect(response.json()).toEqual({ success: 0, message: 'You are not logged in' });
    expect(storedFiles()).toEqual(before);
  });

  it('answers a malformed body on uploadImg in editor.md form too', async () => {
    const response = await (
      await login()
    ).request('/api/page/uploadImg', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=XYZ' },
      body: '--XYZ\r\nContent-Disposition: form-data; name="editormd-image-file"; filename="a.png"\r\n\r\n\x89PNG',
    });

    expect(response.status).toBe(200);
    expect(response.json()).toEqual({ success: 0, message: 'The request body could not be read: Unexpected end of form' });
  });

  it('answers a body refused before any upload code reads it in editor.md form on uploadImg: compressed, or JSON that does not parse', async () => {
    const owner = await login();
    const compressed = await owner.request('/api/page/uploadImg', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=XYZ', 'content-encoding': 'gzip' },
      body: gzipSync('--XYZ\r\nContent-Disposition: form-data; name="editormd-image-file"; filename="a.png"\r\n\r\nx\r\n--XYZ--\r\n'),
    });
    const json = await owner.request('/api/page/uploadImg', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"page_id":' });

    expect(compressed.status).toBe(200);
    expect(compressed.json()).toEqual({ success: 0, message: 'Compressed request bodies are not accepted: send the body without Content-Encoding' });
    expect(json.json()).toEqual({ success: 0, message: 'The request body could not be read: malformed JSON' });
    expect((await owner.request('/api/page/upload', { method: 'POST', headers: { 'content-type': 'application/json', 'content-encoding': 'br' }, body: '{}' })).status).toBe(415);
  });

  it('drains a file sent to a route that takes none', async () => {
    const owner = await login();
    const itemId = await createItem(owner);
    const pageId = await createPage(owner, itemId);
    const before = storedFiles();

    const response = await upload(owner, '/api/page/uploadList', 'file', PNG, 'a.png', { page_id: pageId });

    expect(response.json()).toEqual({ error_code: 0, data: [] });
    expect(storedFiles()).toEqual(before);
  });

  it('keeps nothing of an upload the client abandons half way', async () => {
    const owner = await login();
    const itemId = await createItem(owner);
    const pageId = await createPage(owner, itemId);
    const before = storedFiles();
    const boundary = 'quireboundary';
    const { hostname, port } = new URL(base);
    const request = http.request({
      host: hostname,
      port,
      method: 'POST',
      path: '/api/page/upload',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(3 * 1024 * 1024),
        cookie: `cookie_token=${owner.cookie('cookie_token')}`,
      },
    });
    request.on('error', () => undefined);
    request.write(`--${boundary}\r\nContent-Disposition: form-data; name="page_id"\r\n\r\n${pageId}\r\n`);
    request.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n`);
    request.write(Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]));
    await new Promise((resolve) => setTimeout(resolve, 200));

    request.destroy();

    for (let i = 0; i < 50 && storedFiles().join() !== before.join(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(storedFiles()).toEqual(before);
    expect((await owner.post('/api/page/uploadList', { page_id: pageId })).data).toEqual([]);
  });

  it('serves an SVG uploaded with page/upload as an octet-stream download, never inline', async () => {
    const owner = await login();
    const itemId = await createItem(owner);
    const pageId = await createPage(owner, itemId);

    const response = await upload(owner, '/api/page/upload', 'file', SVG, 'logo.svg', { item_id: itemId, page_id: pageId });

    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const reply = response.json<EditorMdReply>();
    expect(reply).toEqual({ success: 1, url: expect.stringContaining('/api/attachment/visitFile&sign=') });
    const download = await owner.request(`/api/attachment/visitFile?sign=${signOf(reply.url as string)}`);
    expect(download.headers.get('content-type')).toBe('application/octet-stream');
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="logo.svg"; filename*=UTF-8''logo.svg`);
    expect(download.headers.get('content-security-policy')).toContain('sandbox');
    expect(download.body.equals(SVG)).toBe(true);
  });

  it('keeps a file of exactly 4 MiB and refuses one byte more, leaving nothing in storage', async () => {
    const owner = await login();
    const itemId = await createItem(owner);
    const pageId = await createPage(owner, itemId);
    const before = storedFiles();

    const refused = await upload(owner, '/api/page/upload', 'file', Buffer.alloc(MAX_UPLOAD_BYTES + 1, 1), 'big.bin', { item_id: itemId, page_id: pageId });
    const refusedImage = await upload(owner, '/api/page/uploadImg', 'editormd-image-file', Buffer.concat([PNG, Buffer.alloc(MAX_UPLOAD_BYTES)]), 'big.png', {
      page_id: pageId,
    });

    expect(refused.status).toBe(200);
    expect(refused.json()).toEqual({ error_code: 10101, error_message: 'The file is too large: files must be under 4 MB' });
    expect(refusedImage.json()).toEqual({ success: 0, message: 'The file is too large: files must be under 4 MB' });
    expect(storedFiles()).toEqual(before);
    const kept = await upload(owner, '/api/page/upload', 'file', Buffer.alloc(MAX_UPLOAD_BYTES, 2), 'exact.bin', { item_id: itemId, page_id: pageId });
    expect(kept.json()).toMatchObject({ success: 1 });
  });

  it('answers a malformed multipart body with 10400', async () => {
    const owner = await login();
    const truncated = await owner.request('/api/page/upload', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=XYZ' },
      body: '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhello',
    });
    const noBoundary = await owner.request('/api/page/upload', { method: 'POST', headers: { 'content-type': 'multipart/form-data' }, body: 'x' });

    expect(truncated.status).toBe(400);
    expect(truncated.json()).toEqual({ error_code: 10400, error_message: 'The request body could not be read: Unexpected end of form' });
    expect(noBoundary.json()).toMatchObject({ error_code: 10400 });
  });

  it('answers an upload cut off inside a file part it does not store with 10400, and keeps serving', async () => {
    // Issue 14: the drained part failed with the form, without a listener, and the process exited.
    const owner = await login();
    const before = storedFiles();
    const cutOff = await owner.request('/api/page/upload', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=XYZ' },
      body: '--XYZ\r\nContent-Disposition: form-data; name="not-the-file"; filename="b.png"\r\n\r\nzz',
    });

    expect(cutOff.status).toBe(400);
    expect(cutOff.json()).toEqual({ error_code: 10400, error_message: 'The request body could not be read: Unexpected end of form' });
    expect(storedFiles()).toEqual(before);
    const itemId = await createItem(owner);
    const pageId = await createPage(owner, itemId);
    expect((await upload(owner, '/api/page/upload', 'file', PNG, 'after.png', { item_id: itemId, page_id: pageId })).json()).toMatchObject({ success: 1 });
  });

  it('asks for the page to be saved first, and removes the stored bytes the service refused', async () => {
    const owner = await login();
    const itemId = await createItem(owner);
    const before = storedFiles();

    const response = await upload(owner, '/api/page/upload', 'file', PNG, 'a.png', { item_id: itemId, page_id: 0 });

    expect(response.json()).toEqual({ error_code: 10103, error_message: 'Please save the page at least once first' });
    expect(storedFiles()).toEqual(before);
  });

  it('ignores a file key a client names itself', async () => {
    const owner = await login();
    const itemId = await createItem(owner);
    const pageId = await createPage(owner, itemId);
    const image = (await upload(owner, '/api/page/uploadImg', 'editormd-image-file', PNG, 'a.png', { page_id: pageId })).json<EditorMdReply>();
    expect(image.success).toBe(1);
    const stolenKey = storedFiles()
      .find((file) => file.startsWith('blobs/uploads/'))
      ?.slice('blobs/'.length);

    const forged = await owner.request('/api/page/upload', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ page_id: pageId, item_id: itemId, file: { key: stolenKey, name: 'x.html', size: 10, detectedType: 'text/html' } }),
    });

    expect(forged.json()).toEqual({ error_code: 10101, error_message: 'No file was uploaded' });
    const listed = await owner.post<{ display_name: string }[]>('/api/page/uploadList', { page_id: pageId });
    expect(listed.data?.map((file) => file.display_name)).toEqual(['a.png']);
  });

  it('lets only readers of a private item list and download its files', async () => {
    const owner = await login();
    const itemId = await createItem(owner, 'secret-1');
    const pageId = await createPage(owner, itemId);
    const stored = (await upload(owner, '/api/page/upload', 'file', PNG, '<i>plan.png', { item_id: itemId, page_id: pageId })).json<EditorMdReply>();
    const url = `/api/attachment/visitFile?sign=${signOf(stored.url as string)}`;

    const listed = await owner.post<{ file_id: number; display_name: string; url: string; addtime: string }[]>('/api/page/uploadList', { page_id: pageId });
    expect(listed.data).toEqual([
      { file_id: expect.any(Number), display_name: '&lt;i&gt;plan.png', url: stored.url, addtime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/) },
    ]);
    const stranger = await login();
    const anonymous = new ApiClient(base);
    for (const reader of [stranger, anonymous]) {
      expect((await reader.post('/api/page/uploadList', { page_id: pageId })).error_code).toBe(10303);
      const refused = await reader.request(url);
      expect(refused.json()).toMatchObject({ error_code: 10303 });
      expect(refused.body.includes(PNG.subarray(0, 8))).toBe(false);
    }
    expect((await anonymous.post('/api/item/pwd', { item_id: itemId, password: 'secret-1' })).error_code).toBe(0);
    expect((await anonymous.request(url)).body.equals(PNG)).toBe(true);
  });

  it('deletes the blob with the file, and the link then answers 10101', async () => {
    const owner = await login();
    const itemId = await createItem(owner);
    const pageId = await createPage(owner, itemId);
    const before = storedFiles();
    const stored = (await upload(owner, '/api/page/upload', 'file', PNG, 'a.png', { item_id: itemId, page_id: pageId })).json<EditorMdReply>();
    expect(storedFiles().length).toBeGreaterThan(before.length);
    const [file] = (await owner.post<{ file_id: number }[]>('/api/page/uploadList', { page_id: pageId })).data ?? [];

    expect(await (await login()).post('/api/page/deleteUploadFile', { file_id: file.file_id })).toMatchObject({ error_code: 10103 });
    expect(await owner.post('/api/page/deleteUploadFile', { file_id: file.file_id })).toEqual({ error_code: 0, data: [] });

    expect(storedFiles()).toEqual(before);
    expect((await owner.request(stored.url as string)).json()).toEqual({ error_code: 10101, error_message: 'The file does not exist or has been deleted' });
  });
});
