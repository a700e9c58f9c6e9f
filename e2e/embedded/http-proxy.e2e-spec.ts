import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import type { HttpProxyReply } from '@quire/proto';
import { ApiClient, type ApiEnvelope } from '@quire/testing';
import { SYSTEM_ADMIN_PASSWORD, startEmbeddedSystem, type EmbeddedSystem } from '../src/embedded-system';

/** What the target server saw of one request. */
interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * The HTTP API test tool's server proxy (`POST /api/http-proxy`, Quire extension) on the embedded app.
 * The only target it reaches is a local server on 127.0.0.2, allowed through HTTP_PROXY_ALLOW_HOSTS;
 * every other internal address is refused before any connection is made.
 */
describe('HTTP test proxy, embedded over HTTP', () => {
  const TARGET_HOST = '127.0.0.2';
  let system: EmbeddedSystem;
  let target: http.Server;
  let targetUrl: string;
  let admin: ApiClient;
  let user: ApiClient;
  const seen: Seen[] = [];

  const postJson = async (client: ApiClient, route: string, body: unknown) =>
    (await client.request(route, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } })).json<ApiEnvelope>();
  const setProxyOpen = async (open: '0' | '1') => expect(await postJson(admin, '/api/adminSetting/saveConfig', { http_proxy_open: open })).toEqual({ error_code: 0, data: [] });
  const send = (client: ApiClient, request: { method?: string; url: string; headers?: [string, string][]; body?: string }) =>
    client.post<HttpProxyReply>('/api/http-proxy', {
      method: request.method ?? 'GET',
      url: request.url,
      headers: JSON.stringify(request.headers ?? []),
      body: request.body ?? '',
    });

  beforeAll(async () => {
    target = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
        if (req.url === '/redirect') {
          res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
        } else if (req.url === '/big') {
          res.writeHead(200, { 'content-type': 'text/plain' }).end('x'.repeat(5 * 1024 * 1024));
        } else if (req.url === '/odd') {
          res.writeHead(200, [
            ['Content-Type', 'not a type'],
            ['X-Repeat', 'one'],
            ['X-Repeat', 'two'],
          ]);
          res.end('plain');
        } else if (req.url === '/gzip') {
          res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(gzipSync(JSON.stringify({ zipped: true })));
        } else {
          res.writeHead(201, { 'content-type': 'application/json', 'x-target': 'echo', 'set-cookie': 'target_cookie=1; Path=/' });
          res.end(JSON.stringify({ method: req.method, url: req.url, body }));
        }
      });
    });
    await new Promise<void>((resolve) => target.listen(0, TARGET_HOST, resolve));
    targetUrl = `http://${TARGET_HOST}:${(target.address() as AddressInfo).port}`;
    system = await startEmbeddedSystem({ HTTP_PROXY_ALLOW_HOSTS: TARGET_HOST });
    admin = new ApiClient(system.target.baseUrl);
    expect((await admin.post('/api/user/login', { username: 'showdoc', password: SYSTEM_ADMIN_PASSWORD })).error_code).toBe(0);
    user = new ApiClient(system.target.baseUrl);
    expect(await admin.post('/api/adminUser/addUser', { username: 'proxy_user', password: 'proxy-pass' })).toMatchObject({ error_code: 0 });
    expect((await user.post('/api/user/login', { username: 'proxy_user', password: 'proxy-pass' })).error_code).toBe(0);
  });

  afterAll(async () => {
    await system?.stop();
    await new Promise((resolve) => target?.close(resolve));
  });

  beforeEach(() => {
    seen.length = 0;
  });

  it('is off by default: refused with 10460 and a message naming the setting, and nothing is sent', async () => {
    expect(await send(user, { url: `${targetUrl}/hello` })).toEqual({
      error_code: 10460,
      error_message: 'Sending requests through the server is turned off; an administrator can turn it on in the site settings',
    });
    expect((await admin.post('/api/common/homePageSetting')).data).toMatchObject({ http_proxy_open: 0 });
    expect(seen).toEqual([]);
  });

  it('needs a logged-in user', async () => {
    await setProxyOpen('1');
    expect(await send(new ApiClient(system.target.baseUrl), { url: `${targetUrl}/hello` })).toEqual({ error_code: 10102, error_message: 'You are not logged in' });
    expect(seen).toEqual([]);
  });

  it('round-trips the setting through saveConfig, loadConfig and homePageSetting', async () => {
    await setProxyOpen('1');
    expect((await admin.post('/api/adminSetting/loadConfig')).data).toMatchObject({ http_proxy_open: '1', register_open: '1' });
    expect((await admin.post('/api/common/homePageSetting')).data).toMatchObject({ http_proxy_open: 1 });
    await setProxyOpen('0');
    expect((await admin.post('/api/adminSetting/loadConfig')).data).toMatchObject({ http_proxy_open: '0' });
    expect(await send(user, { url: `${targetUrl}/hello` })).toMatchObject({ error_code: 10460 });
  });

  it('when on, sends what the user typed and answers the status, headers, body and time, without the user cookies', async () => {
    await setProxyOpen('1');
    const raw = await user.request('/api/http-proxy', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        method: 'put',
        url: `${targetUrl}/things/7?q=1`,
        headers: JSON.stringify([
          ['Content-Type', 'application/json'],
          ['X-Trace', 'abc'],
        ]),
        body: '{"name":"seven"}',
      }),
    });
    const reply = raw.json<ApiEnvelope<HttpProxyReply>>();
    expect(reply.error_code).toBe(0);
    const data = reply.data as HttpProxyReply;
    expect(data).toMatchObject({ status: 201, status_text: 'Created', address: TARGET_HOST });
    expect(JSON.parse(data.body)).toEqual({ method: 'PUT', url: '/things/7?q=1', body: '{"name":"seven"}' });
    expect(data.headers).toEqual(
      expect.arrayContaining([
        ['x-target', 'echo'],
        ['set-cookie', 'target_cookie=1; Path=/'],
      ]),
    );
    expect(data.time_ms).toBeGreaterThanOrEqual(0);
    expect(data.size).toBe(Buffer.byteLength(data.body));
    // The target's cookie stays inside the reply; the user's session never reaches the target.
    expect(raw.headers.getSetCookie().join(';')).not.toContain('target_cookie');
    expect(raw.headers.get('x-target')).toBeNull();
    expect(seen).toHaveLength(1);
    expect(seen[0].headers).toMatchObject({ host: targetUrl.slice('http://'.length), 'content-type': 'application/json', 'x-trace': 'abc' });
    expect(seen[0].headers.cookie).toBeUndefined();
    expect(JSON.stringify(seen[0].headers)).not.toContain(user.cookie('cookie_token') ?? 'no session cookie?');
    expect(seen[0].headers['x-forwarded-for']).toBeUndefined();
  });

  it.each([
    ['the app itself on loopback', () => `${system.target.baseUrl}/api/common/homePageSetting`, '127.0.0.1'],
    ['a private 10.x address', () => 'http://10.0.0.1/', '10.0.0.1'],
    ['a private 192.168.x address', () => 'http://192.168.1.1:8080/admin', '192.168.1.1'],
    ['the cloud metadata address', () => 'http://169.254.169.254/latest/meta-data/', '169.254.169.254'],
    ['IPv6 loopback', () => 'http://[::1]:4999/', '::1'],
    ['a host name that resolves to loopback', () => 'http://localhost:4999/', undefined],
    ['the unspecified address', () => 'http://0.0.0.0/', '0.0.0.0'],
    ['a CGNAT address', () => 'https://100.64.1.1/', '100.64.1.1'],
    ['loopback written as a number', () => 'http://2130706433/', '127.0.0.1'],
    ['an IPv4-mapped IPv6 private address', () => 'http://[::ffff:10.1.2.3]/', '::ffff:a01:203'],
  ])('refuses %s with 10461 and a clear message', async (_name, url, address) => {
    await setProxyOpen('1');
    const reply = await send(user, { url: url() });
    expect(reply.error_code).toBe(10461);
    expect(reply.error_message).toMatch(/^The server does not send requests to .+ \(.+\): loopback, private, link-local and other internal addresses are refused$/);
    if (address) expect(reply.error_message).toContain(`(${address})`);
  });

  it('returns a redirect to a forbidden address instead of following it', async () => {
    await setProxyOpen('1');
    const reply = await send(user, { url: `${targetUrl}/redirect` });
    expect(reply.error_code).toBe(0);
    expect(reply.data).toMatchObject({ status: 302, headers: expect.arrayContaining([['location', 'http://169.254.169.254/latest/meta-data/']]) });
    expect(seen.map((s) => s.url)).toEqual(['/redirect']);
  });

  it('refuses a request body over 4 MB before sending, and a response over 4 MB', async () => {
    await setProxyOpen('1');
    expect(await send(user, { method: 'POST', url: `${targetUrl}/upload`, body: 'y'.repeat(4 * 1024 * 1024 + 1) })).toEqual({
      error_code: 10462,
      error_message: 'The request body is larger than 4 MB',
    });
    expect(seen).toEqual([]);
    expect(await send(user, { url: `${targetUrl}/big` })).toEqual({
      error_code: 10462,
      error_message: `The response from ${targetUrl.slice('http://'.length)} is larger than 4 MB`,
    });
  });

  it('passes odd and repeated response headers through as data', async () => {
    await setProxyOpen('1');
    const reply = await send(user, { method: 'HEAD', url: `${targetUrl}/odd` });
    expect(reply).toMatchObject({ error_code: 0, data: { status: 200, body: '' } });
    expect(reply.data?.headers).toEqual(
      expect.arrayContaining([
        ['Content-Type', 'not a type'],
        ['X-Repeat', 'one'],
        ['X-Repeat', 'two'],
      ]),
    );
    expect(seen.map((s) => s.method)).toEqual(['HEAD']);
  });

  it('undoes gzip, and refuses URLs that are not http(s)', async () => {
    await setProxyOpen('1');
    const reply = await send(user, { url: `${targetUrl}/gzip` });
    expect(reply.data).toMatchObject({ status: 200, body: '{"zipped":true}' });
    expect(await send(user, { url: 'file:///etc/passwd' })).toEqual({
      error_code: 10101,
      error_message: 'The URL must be an absolute http:// or https:// address without user name or password',
    });
    expect(await send(user, { url: `http://user:secret@${TARGET_HOST}/` })).toMatchObject({ error_code: 10101 });
  });
});
