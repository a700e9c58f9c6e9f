import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { loadConfig } from '@quire/config';
import { KeyValueStore, PlatformModule, connectTransport, hashSecret } from '@quire/platform';
import { appErrors, sessionKey } from '@quire/proto';
import { ApiClient, createUser, freePort } from '@quire/testing';
import { AuthModule } from '../../services/auth/src/auth.module';
import { ItemModule } from '../../services/item/src/item.module';
import { AttachmentModule } from '../../services/page/src/attachment/attachment.module';
import { PageModule } from '../../services/page/src/page.module';
import { GatewayModule, configureGateway } from '../src';

/** The SPA's policy, directive by directive (gateway/src/http/security-headers.ts says why each source is there). */
const SPA_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'http:', 'https:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'", 'http:', 'https:'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};
const DOWNLOAD_POLICY = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
const HTML = Buffer.from('<!doctype html><script>alert(document.cookie)</script>');

function policyOf(headers: Headers): Record<string, string[]> {
  const directives = (headers.get('content-security-policy') ?? '').split(';').map((directive) => directive.trim().split(/\s+/));
  return Object.fromEntries(directives.filter(([name]) => name).map(([name, ...sources]) => [name, sources]));
}

/** The headers every answer carries, whatever it is. */
function expectCommonHeaders(headers: Headers): void {
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('x-frame-options')).toBe('DENY');
  expect(headers.get('referrer-policy')).toBe('same-origin');
  expect(headers.get('cross-origin-opener-policy')).toBe('same-origin');
  expect(headers.get('x-powered-by')).toBeNull();
}

/** The headers of the SPA, its files and the API's answers. */
function expectSpaHeaders(headers: Headers): void {
  expectCommonHeaders(headers);
  expect(policyOf(headers)).toEqual(SPA_POLICY);
  expect(headers.get('cross-origin-resource-policy')).toBe('same-origin');
}

interface TestGateway {
  app: NestExpressApplication;
  base: string;
  close(): Promise<void>;
}

const INDEX_HTML = '<!doctype html><title>Quire SPA</title><script type="module" src="/assets/app.js"></script>';

async function startGateway(env: Record<string, string>, indexHtml = INDEX_HTML): Promise<TestGateway> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-headers-'));
  const webDist = path.join(dataDir, 'web');
  fs.mkdirSync(path.join(webDist, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(webDist, 'index.html'), indexHtml);
  fs.writeFileSync(path.join(webDist, 'assets', 'app.js'), 'document.title = "Quire";');
  const port = await freePort();
  const config = loadConfig({ PORT: String(port), DATA_DIR: dataDir, WEB_DIST: webDist, LANGUAGE: 'en', ...env });
  @Module({ imports: [PlatformModule.forRoot({ mode: 'embedded', config, errors: appErrors }), GatewayModule, AuthModule, ItemModule, PageModule, AttachmentModule] })
  class TestAppModule {}
  const app = await NestFactory.create<NestExpressApplication>(TestAppModule, { bodyParser: false, logger: ['error'] });
  configureGateway(app, config);
  connectTransport(app, { mode: 'embedded' });
  await app.startAllMicroservices();
  await app.listen(port, '127.0.0.1');
  return {
    app,
    base: `http://127.0.0.1:${port}`,
    close: async () => {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe('Security headers', () => {
  let gateway: TestGateway;
  /** The same gateway behind one trusted proxy (TRUST_PROXY=1), which says how the browser reached it. */
  let proxied: TestGateway;

  const login = async (): Promise<ApiClient> => {
    const user = await createUser(gateway.app);
    const token = `${user.uid}`.padStart(64, 'b');
    await gateway.app.get(KeyValueStore).set(sessionKey(hashSecret(token)), JSON.stringify({ uid: user.uid, username: user.username, groupid: 2, createdAt: 0 }), 600);
    const client = new ApiClient(gateway.base);
    client.cookies.set('cookie_token', token);
    return client;
  };

  const upload = async (client: ApiClient, route: string, field: string, bytes: Buffer, filename: string, params: Record<string, number>): Promise<string> => {
    const form = new FormData();
    for (const [name, value] of Object.entries(params)) form.append(name, String(value));
    form.append(field, new Blob([bytes]), filename);
    const reply = (await client.request(route, { method: 'POST', body: form })).json<{ success: number; url: string }>();
    expect(reply.success).toBe(1);
    return reply.url;
  };

  beforeAll(async () => {
    gateway = await startGateway({});
    proxied = await startGateway({ TRUST_PROXY: '1' });
  });

  afterAll(async () => {
    await gateway?.close();
    await proxied?.close();
  });

  it('serves index.html, on / and on client routes, under a CSP that allows no inline script and no framing', async () => {
    for (const route of ['/', '/page/5', '/item/index']) {
      const response = await new ApiClient(gateway.base).request(route);
      expect(response.status).toBe(200);
      expect(response.body.toString()).toContain('<title>Quire SPA</title>');
      expectSpaHeaders(response.headers);
    }
  });

  it("lets index.html's own inline script run, by its hash, and no other inline script", async () => {
    const boot = 'window.quireFirstReads = {};';
    const withBoot = await startGateway({}, INDEX_HTML.replace('<script type', `<script>${boot}</script><script type`));
    try {
      const response = await new ApiClient(withBoot.base).request('/');
      expect(response.body.toString()).toContain(boot);
      const digest = createHash('sha256').update(boot).digest('base64');
      expect(policyOf(response.headers)).toEqual({ ...SPA_POLICY, 'script-src': ["'self'", `'sha256-${digest}'`] });
    } finally {
      await withBoot.close();
    }
  });

  it("serves the SPA's files with the same headers", async () => {
    const response = await new ApiClient(gateway.base).request('/assets/app.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
    expectSpaHeaders(response.headers);
  });

  it("sets them on the API's answers: data, errors, and a body the parsers refuse", async () => {
    const owner = await login();
    const data = await owner.request('/api/item/myList', { method: 'POST' });
    expect(data.json()).toEqual({ error_code: 0, data: [] });
    expectSpaHeaders(data.headers);

    const anonymous = await new ApiClient(gateway.base).request('/api/item/myList', { method: 'POST' });
    expect(anonymous.json()).toMatchObject({ error_code: 10102 });
    expectSpaHeaders(anonymous.headers);

    const malformed = await owner.request('/api/item/myList', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"page":' });
    expect(malformed.status).toBe(400);
    expect(malformed.json()).toMatchObject({ error_code: 10400 });
    expectSpaHeaders(malformed.headers);
  });

  it("keeps the download's own sandbox CSP; only an inline image may be shown by another site", async () => {
    const owner = await login();
    const itemId = Number((await owner.post<{ item_id: number }>('/api/item/add', { item_type: 1, item_name: 'Docs' })).data?.item_id);
    const pageId = Number((await owner.post<{ page_id: number }>('/api/page/save', { item_id: itemId, page_title: 'API', page_content: '# API' })).data?.page_id);

    const image = await owner.request(await upload(owner, '/api/page/uploadImg', 'editormd-image-file', PNG, 'shot.png', { item_id: itemId, page_id: pageId }));
    expect(image.headers.get('content-disposition')).toMatch(/^inline;/);
    expect(image.headers.get('content-security-policy')).toBe(DOWNLOAD_POLICY);
    expect(image.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expectCommonHeaders(image.headers);

    const page = await owner.request(await upload(owner, '/api/page/upload', 'file', HTML, 'page.html', { item_id: itemId, page_id: pageId }));
    expect(page.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(page.headers.get('content-security-policy')).toBe(DOWNLOAD_POLICY);
    expect(page.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expectCommonHeaders(page.headers);
    expect(page.body.equals(HTML)).toBe(true);
  });

  it('sends HSTS only to a request that came over https, as a trusted proxy says', async () => {
    const hsts = async (target: TestGateway, route: string, headers: Record<string, string> = {}) =>
      (await new ApiClient(target.base).request(route, { headers })).headers.get('strict-transport-security');

    expect(await hsts(proxied, '/', { 'x-forwarded-proto': 'https' })).toBe('max-age=15552000');
    expect(await hsts(proxied, '/api/common/nothing', { 'x-forwarded-proto': 'https' })).toBe('max-age=15552000');
    expect(await hsts(proxied, '/', { 'x-forwarded-proto': 'http' })).toBeNull();
    expect(await hsts(proxied, '/')).toBeNull();
    // Without TRUST_PROXY nobody in front is believed: the request came over plain http.
    expect(await hsts(gateway, '/', { 'x-forwarded-proto': 'https' })).toBeNull();
  });
});
