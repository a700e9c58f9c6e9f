import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Controller, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { loadConfig } from '@quire/config';
import { KeyValueStore, PlatformModule, connectTransport } from '@quire/platform';
import { AppError, ErrorCode, Reply, SESSION_TTL_SECONDS, Subject, sessionKey, type Message } from '@quire/proto';
import { ApiClient, freePort } from '@quire/testing';
import { GatewayModule, configureGateway } from '../src';

/** Stand-in handlers that show what the gateway forwarded; the gateway's own rules are under test. */
@Controller()
class ProbeController {
  @MessagePattern(Subject.AdminSettingHomePage)
  echo(@Payload() message: Message): Message {
    return message;
  }

  @MessagePattern(Subject.ItemItemInfo)
  caller(@Payload() message: Message): Message['caller'] {
    return message.caller;
  }

  @MessagePattern(Subject.AdminUserList)
  adminOnly(): string {
    return 'admin data';
  }

  @MessagePattern(Subject.AuthUserLogin)
  login(): Reply<string> {
    return Reply.withSession('logged in', 'a'.repeat(64), SESSION_TTL_SECONDS);
  }

  @MessagePattern(Subject.AdminCronRun)
  cron(): Reply<never> {
    return Reply.empty();
  }

  @MessagePattern(Subject.AuthCaptchaCreate)
  image(): Reply<never> {
    return Reply.raw('image/png', Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  }

  @MessagePattern(Subject.PagePageInfo)
  async slow(): Promise<string> {
    await new Promise((resolve) => setTimeout(resolve, 2000).unref());
    return 'too late';
  }

  @MessagePattern(Subject.PagePageHistory)
  crash(): never {
    throw new Error('secret internal detail at /srv/quire/page.ts:42');
  }

  @MessagePattern(Subject.PagePageDiff)
  refuse(): never {
    throw new AppError(ErrorCode.NotCreator, 'no_permission');
  }
}

@Module({ controllers: [ProbeController] })
class ProbeModule {}

describe('Gateway', () => {
  let app: NestExpressApplication;
  let dataDir: string;
  let webDist: string;
  let base: string;
  let kv: KeyValueStore;

  const session = async (uid: number, groupid: number) => {
    const token = `${uid}`.padStart(64, 'f');
    await kv.set(sessionKey(token), JSON.stringify({ uid, username: `user${uid}`, groupid, createdAt: 0 }), 60);
    const client = new ApiClient(base);
    client.cookies.set('cookie_token', token);
    return client;
  };

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-gw-'));
    webDist = path.join(dataDir, 'web');
    fs.mkdirSync(webDist);
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Quire SPA</title>');
    const port = await freePort();
    const config = loadConfig({
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      REQUEST_TIMEOUT_MS: '500',
      RATE_LIMIT_PER_MINUTE: '5',
      LANGUAGE: 'en',
    });
    @Module({ imports: [PlatformModule.forRoot({ mode: 'embedded', config }), GatewayModule, ProbeModule] })
    class TestAppModule {}
    app = await NestFactory.create<NestExpressApplication>(TestAppModule, { bodyParser: false, logger: false });
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

  describe('wire format', () => {
    it('reads form-encoded bodies, with the query string underneath', async () => {
      const client = new ApiClient(base);
      const reply = await client.post<Message>('/api/common/homePageSetting?from=query&both=query', { both: 'body', name: '张三' });
      expect(reply.error_code).toBe(0);
      expect(reply.data?.params).toEqual({ from: 'query', both: 'body', name: '张三' });
      expect(reply).not.toHaveProperty('error_message');
    });

    it('reads JSON bodies, nested values included', async () => {
      const response = await new ApiClient(base).request('/api/common/homePageSetting', {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body: JSON.stringify({ ldap_form: { host: 'ldap.local', port: 389 }, register_open: 1 }),
      });
      expect(response.json<{ data: Message }>().data.params).toEqual({ ldap_form: { host: 'ldap.local', port: 389 }, register_open: 1 });
    });

    it('reads multipart bodies', async () => {
      const form = new FormData();
      form.append('item_id', '7');
      form.append('note', 'multi part');
      const response = await new ApiClient(base).request('/api/common/homePageSetting', { method: 'POST', body: form });
      expect(response.json<{ data: Message }>().data.params).toEqual({ item_id: '7', note: 'multi part' });
    });

    it('takes GET query parameters and route names in any case', async () => {
      const reply = await new ApiClient(base).get<Message>('/api/COMMON/HomePageSetting?x=1');
      expect(reply.data?.params).toEqual({ x: '1' });
    });

    it("accepts ShowDoc's /server/index.php?s= and /server/api/ URLs", async () => {
      const client = new ApiClient(base);
      expect((await client.get<Message>('/server/index.php?s=/api/common/homePageSetting&x=2')).data?.params).toEqual({ x: '2' });
      expect((await client.get<Message>('/server/api/common/homePageSetting?x=3')).data?.params).toEqual({ x: '3' });
    });

    it('answers a malformed JSON body with 10400, not a stack trace', async () => {
      const response = await new ApiClient(base).request('/api/common/homePageSetting', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"item_id": 3,',
      });
      expect(response.status).toBe(400);
      expect(response.json()).toEqual({ error_code: 10400, error_message: 'The request body could not be read: malformed JSON' });
    });

    it('refuses a body over 16 MB with 10400', async () => {
      const response = await new ApiClient(base).request('/api/common/homePageSetting', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `content=${'x'.repeat(17 * 1024 * 1024)}`,
      });
      expect(response.status).toBe(413);
      expect(response.json()).toEqual({ error_code: 10400, error_message: 'The request body is too large' });
    });

    it('refuses a message larger than the transport carries with 10413, before sending it', async () => {
      const response = await new ApiClient(base).request('/api/common/homePageSetting', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `content=${'x'.repeat(9 * 1024 * 1024)}`,
      });
      expect(response.status).toBe(413);
      expect(response.json()).toEqual({ error_code: 10413, error_message: 'The request is too large (at most 8 MB)' });
    });

    it('answers an unknown route with 10404', async () => {
      const response = await new ApiClient(base).request('/api/nothing/here', { method: 'POST' });
      expect(response.status).toBe(404);
      expect(response.json()).toEqual({ error_code: 10404, error_message: 'Invalid request' });
    });

    it('answers a route whose service has no handler yet with a clear 10404 at once', async () => {
      const client = await session(5, 2);
      expect(await client.post('/api/team/getList')).toEqual({ error_code: 10404, error_message: 'This feature is not available on this server yet' });
    });
  });

  describe('replies', () => {
    it('sends raw bodies with their type', async () => {
      const response = await new ApiClient(base).request('/api/common/verify');
      expect(response.headers.get('content-type')).toBe('image/png');
      expect([...response.body]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    });

    it('sends an empty 200 body when asked', async () => {
      const response = await new ApiClient(base).request('/api/ScriptCron/run');
      expect(response.status).toBe(200);
      expect(response.text()).toBe('');
    });

    it('sets the session cookie httpOnly and SameSite=Lax', async () => {
      const response = await new ApiClient(base).request('/api/user/login', { method: 'POST' });
      const cookie = response.headers.getSetCookie().find((line) => line.startsWith('cookie_token='));
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
      expect(cookie).toMatch(/Max-Age=7776000/);
    });

    it("maps a handler's AppError to its code and message", async () => {
      expect(await new ApiClient(base).post('/api/page/diff')).toEqual({ error_code: 10303, error_message: 'No permissions' });
    });

    it('hides a crash behind 10101 without its text or stack', async () => {
      const response = await new ApiClient(base).request('/api/page/history', { method: 'POST' });
      expect(response.status).toBe(200);
      expect(response.json()).toEqual({ error_code: 10101, error_message: 'Something went wrong on the server; please try again' });
      expect(response.text()).not.toMatch(/secret|page\.ts/);
    });

    it('answers 10005 when the service does not answer within the timeout', async () => {
      const started = Date.now();
      expect(await new ApiClient(base).post('/api/page/info')).toEqual({ error_code: 10005, error_message: 'The server did not answer in time, please try again' });
      expect(Date.now() - started).toBeLessThan(1900);
    });
  });

  describe('sessions and rules', () => {
    it('answers 10102 on a login-only route without a session', async () => {
      expect(await new ApiClient(base).post('/api/user/info')).toEqual({ error_code: 10102, error_message: 'You are not logged in' });
    });

    it('resolves the caller from the cookie or the user_token parameter, anonymous otherwise', async () => {
      const client = await session(42, 2);
      expect((await client.post<{ uid: number; username: string }>('/api/item/info')).data).toMatchObject({ uid: 42, username: 'user42' });
      const token = client.cookie('cookie_token') as string;
      expect((await new ApiClient(base).post<{ uid: number }>('/api/item/info', { user_token: token })).data?.uid).toBe(42);
      expect((await new ApiClient(base).post<{ uid: number }>('/api/item/info', { user_token: 'f'.repeat(64) })).data?.uid).toBe(0);
    });

    it('gives every browser an opaque httpOnly client id', async () => {
      const client = new ApiClient(base);
      const caller = (await client.post<{ clientId: string }>('/api/item/info')).data;
      expect(caller?.clientId).toMatch(/^[a-f0-9]{32}$/);
      expect(client.cookie('quire_client')).toBe(caller?.clientId);
      expect((await client.post<{ clientId: string }>('/api/item/info')).data?.clientId).toBe(caller?.clientId);
    });

    it('lets administrators only through admin routes', async () => {
      expect((await (await session(7, 2)).post('/api/adminUser/getList')).error_code).toBe(10103);
      expect(await (await session(1, 1)).post('/api/adminUser/getList')).toEqual({ error_code: 0, data: 'admin data' });
      expect((await new ApiClient(base).post('/api/adminUser/getList')).error_code).toBe(10102);
    });

    it('refuses a cross-site POST that carries the session cookie', async () => {
      const client = await session(9, 2);
      const response = await client.request('/api/item/info', { method: 'POST', headers: { origin: 'https://evil.example' } });
      expect(response.json()).toEqual({ error_code: 10403, error_message: 'Cross-site request refused' });
      expect((await client.request('/api/item/info', { method: 'POST' })).json()).toMatchObject({ error_code: 0 });
    });

    it('limits login attempts per address', async () => {
      const client = new ApiClient(base);
      const codes: number[] = [];
      for (let i = 0; i < 7; i++) codes.push((await client.post('/api/user/login')).error_code);
      expect(codes.filter((code) => code === 10429).length).toBeGreaterThanOrEqual(1);
      expect(codes.slice(-1)[0]).toBe(10429);
    });
  });

  describe('probes and the SPA', () => {
    it('answers /healthz and /readyz', async () => {
      const client = new ApiClient(base);
      expect((await client.request('/healthz')).json()).toEqual({ status: 'ok' });
      const ready = await client.request('/readyz');
      expect(ready.status).toBe(200);
      expect(ready.json()).toMatchObject({ ok: true });
    });

    it("serves the SPA's index.html for the spec's client routes", async () => {
      for (const route of ['/', '/item/index', '/page/edit/3/0', '/my-domain']) {
        const response = await new ApiClient(base).request(route);
        expect(response.status).toBe(200);
        expect(response.text()).toContain('Quire SPA');
      }
    });
  });
});
