import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { Controller, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { loadConfig } from '@quire/config';
import { KeyValueStore, PlatformModule, connectTransport, hashSecret } from '@quire/platform';
import { AppError, appErrors, ErrorCode, Reply, SESSION_TTL_SECONDS, Subject, sessionKey, type Message } from '@quire/proto';
import { ApiClient, freePort, rawHttp } from '@quire/testing';
import { GatewayModule, configureGateway } from '../src';

/** The subjects of the write routes below that the gateway forwarded, in order. */
const forwarded: string[] = [];
/** The logins the gateway forwarded, whatever their outcome. */
let loginsForwarded = 0;

/** Stand-in handlers that show what the gateway forwarded; the gateway's own rules are under test. */
@Controller()
class ProbeController {
  @MessagePattern(Subject.PagePageSave)
  save(@Payload() message: Message): Message['caller'] {
    forwarded.push(Subject.PagePageSave);
    return message.caller;
  }

  @MessagePattern(Subject.AuthUserLogout)
  logout(): Reply<never[]> {
    forwarded.push(Subject.AuthUserLogout);
    return Reply.clearingSession([]);
  }

  @MessagePattern(Subject.ItemOpenUpdatePage)
  openApi(@Payload() message: Message): { params: Message['params']; uid: number } {
    forwarded.push(Subject.ItemOpenUpdatePage);
    return { params: message.params, uid: message.caller.uid };
  }

  @MessagePattern(Subject.PageAttachmentUploadImage)
  uploadImage(): { success: 1; url: string } {
    forwarded.push(Subject.PageAttachmentUploadImage);
    return { success: 1, url: '/server/index.php?s=/api/attachment/visitFile&sign=x' };
  }

  @MessagePattern(Subject.AdminSettingHomePage)
  echo(@Payload() message: Message): Message {
    return message;
  }

  @MessagePattern(Subject.ItemItemInfo)
  caller(@Payload() message: Message): Message['caller'] {
    return message.caller;
  }

  @MessagePattern(Subject.AuthAdminListUsers)
  adminOnly(): string {
    return 'admin data';
  }

  /** Fails for the password `wrong`, after `delay_ms` when given; logs in otherwise. */
  @MessagePattern(Subject.AuthUserLogin)
  async login(@Payload() message: Message): Promise<Reply<string>> {
    loginsForwarded += 1;
    await new Promise((resolve) => setTimeout(resolve, Number(message.params.delay_ms ?? 0)).unref());
    if (message.params.password === 'wrong') throw new AppError(ErrorCode.BadCredentials, 'username_or_password_incorrect');
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

  /** A versioned reply of `size` characters of padding, versioned by its key: the gateway's ETag, 304 and compression are under test. */
  @MessagePattern(Subject.PagePageInfoByKey)
  versioned(@Payload() message: Message): Reply<unknown> {
    const key = String(message.params.unique_key);
    return Reply.json(JSON.stringify({ unique_key: key, padding: 'x'.repeat(Number(message.params.size ?? 0)) }), `v-${key}`);
  }
}

@Module({ controllers: [ProbeController] })
class ProbeModule {}

/** A built script's name: Vite names the files under /assets/ by a hash of their content. */
const ASSET = 'index-3f2a1b9c.js';

function writeWithTwins(file: string, bytes: Buffer): void {
  fs.writeFileSync(file, bytes);
  fs.writeFileSync(`${file}.br`, brotliCompressSync(bytes));
  fs.writeFileSync(`${file}.gz`, gzipSync(bytes));
}

describe('Gateway', () => {
  let app: NestExpressApplication;
  let dataDir: string;
  let webDist: string;
  let base: string;
  let kv: KeyValueStore;

  const session = async (uid: number, groupid: number) => {
    const token = `${uid}`.padStart(64, 'f');
    await kv.set(sessionKey(hashSecret(token)), JSON.stringify({ uid, username: `user${uid}`, groupid, createdAt: 0 }), 60);
    const client = new ApiClient(base);
    client.cookies.set('cookie_token', token);
    return client;
  };

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-gw-'));
    webDist = path.join(dataDir, 'web');
    fs.mkdirSync(webDist);
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Quire SPA</title>');
    // What the build writes (web/vite.config.ts): a hashed script and index.html with their Brotli and gzip twins.
    fs.mkdirSync(path.join(webDist, 'assets'));
    writeWithTwins(path.join(webDist, 'assets', ASSET), Buffer.from(`export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word${i}`))};\n`));
    writeWithTwins(path.join(webDist, 'index.html'), fs.readFileSync(path.join(webDist, 'index.html')));
    fs.writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const port = await freePort();
    const config = loadConfig({
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      REQUEST_TIMEOUT_MS: '500',
      RATE_LIMIT_PER_MINUTE: '5',
      LANGUAGE: 'en',
      PUBLIC_URL: 'https://docs.example.com/quire',
      TRUSTED_ORIGINS: 'https://wiki.example.com',
      TRUST_PROXY: '1',
    });
    @Module({ imports: [PlatformModule.forRoot({ mode: 'embedded', config, errors: appErrors }), GatewayModule, ProbeModule] })
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

    it('refuses a JSON body nested deeper than 64 levels with 10400, counting only brackets outside strings', async () => {
      const post = (body: string) => new ApiClient(base).request('/api/common/homePageSetting', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      const tooDeep = { error_code: 10400, error_message: 'The request body is nested too deeply (at most 64 levels)' };
      const deep = await post(`{"a":${'['.repeat(20_000)}${']'.repeat(20_000)}}`);
      expect(deep.status).toBe(400);
      expect(deep.json()).toEqual(tooDeep);
      expect((await post(`{"a":${'['.repeat(64)}${']'.repeat(64)}}`)).json()).toEqual(tooDeep);

      const deepest = `${'['.repeat(63)}1${']'.repeat(63)}`;
      const text = `\\"${'[{'.repeat(100)}`;
      const allowed = await post(`{"a":${deepest},"b":"${text}"}`);
      expect(allowed.status).toBe(200);
      expect(allowed.json<{ data: Message }>().data.params).toEqual({ a: JSON.parse(deepest), b: `"${'[{'.repeat(100)}` });
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

    it('lets a client still sending a body too large read the 413, then keeps the connection; one sending far more is cut off', async () => {
      const { hostname, port } = new URL(base);
      const MB = 1024 * 1024;
      const head = '--x\r\nContent-Disposition: form-data; name="page_content"\r\n\r\n';
      const tail = '\r\n--x--\r\n';
      /** A multipart body of one field of `size` MB (refused past 8 MB), `sent` MB of it written a MB at a time; what happened. */
      const send = (size: number, sent: number) =>
        new Promise<{ answer: string; wrote: number; failed: string }>((resolve) => {
          const socket = net.connect(Number(port), hostname);
          const result = { answer: '', wrote: 0, failed: '' };
          socket.on('data', (chunk: Buffer) => (result.answer += chunk.toString()));
          socket.on('error', (error: NodeJS.ErrnoException) => (result.failed ||= error.code ?? error.message));
          socket.on('close', () => resolve(result));
          const length = Buffer.byteLength(head) + size * MB + Buffer.byteLength(tail);
          void (async () => {
            const write = (data: string | Buffer) => new Promise<boolean>((done) => socket.write(data, (error) => done(!error)));
            await write(`POST /api/common/homePageSetting HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: ${length}\r\n\r\n${head}`);
            for (let i = 0; i < sent; i++) {
              if (socket.destroyed || !(await write(Buffer.alloc(MB, 0x61)))) return;
              result.wrote += 1;
            }
            // Then the same connection answers the next request.
            if (await write(`${tail}GET /healthz HTTP/1.1\r\nHost: ${hostname}\r\nConnection: close\r\n\r\n`)) return;
          })();
        });
      const polite = await send(20, 20);
      expect(polite.answer).toMatch(/^HTTP\/1\.1 413 /);
      expect(polite.answer).toContain('The request body is too large');
      expect(polite).toMatchObject({ wrote: 20, failed: '' });
      expect(polite.answer).toMatch(/HTTP\/1\.1 200 [\s\S]*"status":"ok"/);

      const flood = await send(200, 100);
      expect(flood.answer).toMatch(/^HTTP\/1\.1 413 /);
      expect(flood.wrote).toBeLessThan(100);
    });

    it('answers a multipart body cut off inside a file, on a route that takes none, with 10400 and keeps serving', async () => {
      // Issue 14: busboy failed the drained file part too, and that error had no listener: the process exited.
      const response = await new ApiClient(base).request('/api/common/homePageSetting', {
        method: 'POST',
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
        body: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nzz',
      });
      expect(response.status).toBe(400);
      expect(response.json()).toEqual({ error_code: 10400, error_message: 'The request body could not be read: Unexpected end of form' });
      expect((await new ApiClient(base).post<Message>('/api/common/homePageSetting', { still: 'here' })).data?.params).toEqual({ still: 'here' });
    });

    it('refuses a multipart field over 8 MB and a multipart body over 16 MB with 413 instead of cutting them', async () => {
      const field = new FormData();
      field.append('page_content', 'x'.repeat(8 * 1024 * 1024 + 1));
      const files = new FormData();
      for (let i = 0; i < 5; i++) files.append(`other${i}`, new Blob([Buffer.alloc(3.5 * 1024 * 1024)]), `f${i}.bin`);
      for (const body of [field, files]) {
        const response = await new ApiClient(base).request('/api/common/homePageSetting', { method: 'POST', body });
        expect(response.status).toBe(413);
        expect(response.json()).toEqual({ error_code: 10400, error_message: 'The request body is too large' });
      }
    });

    it('refuses a compressed body with 415 without inflating it, gzip bombs included', async () => {
      const compressed = gzipSync(Buffer.concat([Buffer.from('{"content":"'), Buffer.alloc(64 * 1024 * 1024, 0x61), Buffer.from('"}')]));
      expect(compressed.length).toBeLessThan(128 * 1024);
      for (const [encoding, type] of [
        ['gzip', 'application/json'],
        ['deflate', 'application/x-www-form-urlencoded'],
        ['br', 'multipart/form-data; boundary=x'],
      ]) {
        const response = await new ApiClient(base).request('/api/common/homePageSetting', {
          method: 'POST',
          headers: { 'content-type': type, 'content-encoding': encoding },
          body: compressed,
        });
        expect({ encoding, status: response.status, body: response.json() }).toEqual({
          encoding,
          status: 415,
          body: { error_code: 10400, error_message: 'Compressed request bodies are not accepted: send the body without Content-Encoding' },
        });
      }
      const plain = await new ApiClient(base).request('/api/common/homePageSetting', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-encoding': 'identity' },
        body: '{"content":"plain"}',
      });
      expect(plain.json<{ data: Message }>().data.params).toEqual({ content: 'plain' });
    });

    it('names the charset of a JSON body it cannot decode', async () => {
      const response = await new ApiClient(base).request('/api/common/homePageSetting', { method: 'POST', headers: { 'content-type': 'application/json; charset=utf-7' }, body: '{"a":1}' });
      expect(response.status).toBe(400);
      expect(response.json()).toEqual({ error_code: 10400, error_message: 'The request body could not be read: unsupported charset "UTF-7"' });
    });

    it("answers a request Node's HTTP parser cannot read with the envelope, then closes", async () => {
      const exchange = (request: string) =>
        new Promise<string>((resolve, reject) => {
          const socket = net.connect(Number(new URL(base).port), '127.0.0.1');
          let answer = '';
          socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
          socket.on('error', reject);
          socket.on('close', () => resolve(answer));
          socket.write(request);
        });
      const chunked = await exchange('POST /api/common/homePageSetting HTTP/1.1\r\nHost: q\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n');
      expect(chunked.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
      expect(JSON.parse(chunked.slice(chunked.indexOf('\r\n\r\n') + 4))).toEqual({
        error_code: 10400,
        error_message: 'The request body could not be read: it is not well-formed HTTP (framing, Content-Length or Transfer-Encoding)',
      });
      const headers = await exchange(`GET /api/common/homePageSetting HTTP/1.1\r\nHost: q\r\nX-Padding: ${'p'.repeat(20_000)}\r\n\r\n`);
      expect(headers.split('\r\n')[0]).toBe('HTTP/1.1 431 Request Header Fields Too Large');
      expect(JSON.parse(headers.slice(headers.indexOf('\r\n\r\n') + 4))).toMatchObject({ error_code: 10400, error_message: expect.stringContaining('larger than 16 KB') });
    });

    it('keeps an idle connection open longer than clients keep theirs, so a POST sent on it after 6 s is answered', async () => {
      const socket = net.connect(Number(new URL(base).port), '127.0.0.1');
      let closed = false;
      socket.on('close', () => (closed = true));
      // Small answers arrive in one piece: headers and body.
      const ask = (request: string) =>
        new Promise<string>((resolve) => {
          socket.once('data', (chunk: Buffer) => resolve(chunk.toString('utf8')));
          socket.write(request);
        });
      const body = 'name=again';
      expect(await ask('GET /api/common/homePageSetting?x=1 HTTP/1.1\r\nHost: q\r\n\r\n')).toMatch(/^HTTP\/1\.1 200 /);
      // Node's default closes idle connections after 5 s, racing clients that reuse them (a POST is not retried).
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      expect(closed).toBe(false);
      const reply = await ask(`POST /api/common/homePageSetting HTTP/1.1\r\nHost: q\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
      expect(reply).toMatch(/^HTTP\/1\.1 200 /);
      expect(reply).toContain('"name":"again"');
      socket.destroy();
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
      const response = await new ApiClient(base).request('/api/ScriptCron/run', { method: 'POST' });
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
  });

  describe('client addresses and the per-address limit of failed calls', () => {
    const LIMIT = 5; // RATE_LIMIT_PER_MINUTE above
    const REFUSED = { error_code: 10429, error_message: 'Too many attempts, please wait a minute and try again' };
    let addressCounter = 0;
    /** An address of its own for each test, as the trusted proxy (one hop) reports it. */
    const newAddress = () => `198.51.100.${++addressCounter}`;
    const login = (headers: Record<string, string>, password: string, more: Record<string, string> = {}) =>
      new ApiClient(base).request('/api/user/login', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams({ username: 'someone', password, ...more }).toString(),
      });
    const codes = async (responses: Promise<{ json<T>(): T }>[]) => (await Promise.all(responses)).map((response) => response.json<{ error_code: number }>().error_code);

    /** The window is a calendar minute: start a test that needs one whole minute only with most of it left. */
    beforeEach(async () => {
      const left = 60_000 - (Date.now() % 60_000);
      if (left < 15_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
    });

    it('takes the address the trusted hop reports: what a client writes left of it is no new address', async () => {
      const callerWith = async (headers: Record<string, string>) =>
        (await new ApiClient(base).request('/api/item/info', { method: 'POST', headers })).json<{ data: { ip: string } }>().data.ip;
      const address = newAddress();
      expect(await callerWith({ 'x-forwarded-for': address })).toBe(address);
      expect(await callerWith({ 'x-forwarded-for': `6.6.6.6, ${address}` })).toBe(address);
      expect(await callerWith({ 'x-forwarded-for': `10.0.0.1, 7.7.7.7,${address}` })).toBe(address);
      expect(await callerWith({})).toBe('127.0.0.1');

      // 40 failed logins, each with a spoofed address of its own left of the proxy's entry: limited after 5.
      const results: number[] = [];
      for (let i = 1; i <= 40; i++) results.push((await login({ 'x-forwarded-for': `203.0.113.${i}, ${address}` }, 'wrong')).json<{ error_code: number }>().error_code);
      expect(results.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(ErrorCode.BadCredentials));
      expect(results.slice(LIMIT)).toEqual(Array(40 - LIMIT).fill(ErrorCode.RateLimited));
    });

    it('counts failures only: 40 successful logins from one address pass, then failures are limited, the right password too', async () => {
      const office = { 'x-forwarded-for': newAddress() };
      for (let i = 0; i < 40; i++) expect((await login(office, 'right')).json<{ error_code: number }>().error_code).toBe(0);
      for (let i = 0; i < LIMIT; i++) expect((await login(office, 'wrong')).json<{ error_code: number }>().error_code).toBe(ErrorCode.BadCredentials);
      const refused = await login(office, 'right');
      expect(refused.status).toBe(429);
      expect(refused.json()).toEqual(REFUSED);
      // Another address is not affected.
      expect((await login({ 'x-forwarded-for': newAddress() }, 'right')).json<{ error_code: number }>().error_code).toBe(0);
    });

    it('lets no more than the limit through when failures are sent all at once', async () => {
      const burst = { 'x-forwarded-for': newAddress() };
      loginsForwarded = 0;
      const results = await codes(Array.from({ length: 20 }, () => login(burst, 'wrong', { delay_ms: '300' })));
      // Read before the next login, which the probe counts too when it is let through.
      const forwarded = loginsForwarded;
      expect(forwarded).toBeLessThanOrEqual(LIMIT);
      expect(results.filter((code) => code === ErrorCode.BadCredentials).length).toBe(forwarded);
      expect(results.filter((code) => code === ErrorCode.RateLimited).length).toBe(20 - forwarded);
      expect(await codes([login(burst, 'right')])).toEqual([forwarded === LIMIT ? ErrorCode.RateLimited : 0]);
    });

    it('takes an IPv6 /64 as one address', async () => {
      for (let i = 1; i <= LIMIT; i++) await login({ 'x-forwarded-for': `2001:db8:5:${addressCounter}::${i}` }, 'wrong');
      expect((await login({ 'x-forwarded-for': `2001:db8:5:${addressCounter}::beef` }, 'right')).json()).toEqual(REFUSED);
      expect((await login({ 'x-forwarded-for': `2001:db8:5:${addressCounter + 1}::1` }, 'right')).json<{ error_code: number }>().error_code).toBe(0);
    });
  });

  describe('writes', () => {
    const CROSS_SITE = {
      error_code: 10403,
      error_message: "Cross-site request refused: a change made with the login cookie must come from this site's own pages",
    };
    const BY_GET = { error_code: 10405, error_message: 'This call changes data: send it as POST' };
    const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
    const NAVIGATION = { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' };
    const IMAGE = { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image' };
    /** The victim's browser session, as its Cookie header. */
    let cookie: string;

    /** A request with exactly these headers (ApiClient adds an Origin of its own); POST unless told. */
    const send = async (path: string, init: { method?: string; headers?: Record<string, string>; body?: string | FormData } = {}) => {
      const response = await fetch(base + path, { method: init.method ?? 'POST', headers: init.headers, body: init.body, redirect: 'manual' });
      const text = await response.text();
      const sessionCookies = response.headers.getSetCookie().filter((line) => line.startsWith('cookie_token='));
      return { status: response.status, allow: response.headers.get('allow'), body: text ? (JSON.parse(text) as unknown) : undefined, sessionCookies };
    };
    const tokenOf = async (uid: number) => (await session(uid, 2)).cookie('cookie_token') as string;

    beforeAll(async () => {
      cookie = `cookie_token=${await tokenOf(21)}`;
    });

    beforeEach(() => {
      forwarded.length = 0;
    });

    it('answers GET and HEAD on a write route with 10405 whoever sends it, forwarding nothing; reads still answer GET', async () => {
      const token = await tokenOf(22);
      const byScript = await send(`/api/page/save?page_id=3&user_token=${token}`, { method: 'GET' });
      expect(byScript).toMatchObject({ status: 405, allow: 'POST', body: BY_GET });
      expect((await send(`/server/index.php?s=/api/page/save&page_id=3&user_token=${token}`, { method: 'GET' })).body).toEqual(BY_GET);
      expect((await send('/api/page/save?page_id=3', { method: 'GET', headers: { cookie, 'sec-fetch-site': 'same-origin' } })).body).toEqual(BY_GET);
      expect((await send('/api/ScriptCron/run', { method: 'GET' })).body).toEqual(BY_GET);
      expect(await send(`/api/page/save?user_token=${token}`, { method: 'HEAD' })).toMatchObject({ status: 405, allow: 'POST' });
      expect(forwarded).toEqual([]);

      const read = await send('/api/item/info', { method: 'GET', headers: { cookie, ...NAVIGATION } });
      expect(read.body).toMatchObject({ error_code: 0, data: { uid: 21 } });
    });

    it('refuses a write the session cookie carries when the browser marks it cross-site or same-site, forwarding nothing', async () => {
      for (const site of ['cross-site', 'same-site']) {
        expect(await send('/api/page/save', { headers: { ...FORM, cookie, 'sec-fetch-site': site }, body: 'page_id=3' })).toMatchObject({ status: 403, body: CROSS_SITE });
        // The browser's own statement wins over an Origin that would pass.
        expect((await send('/api/page/save', { headers: { ...FORM, cookie, 'sec-fetch-site': site, origin: base }, body: 'page_id=3' })).body).toEqual(CROSS_SITE);
      }
      expect((await send('/api/page/save?page_id=3', { method: 'GET', headers: { cookie, ...NAVIGATION } })).body).toEqual(CROSS_SITE);
      expect((await send('/api/page/save?page_id=3', { method: 'GET', headers: { cookie, ...IMAGE } })).body).toEqual(CROSS_SITE);
      expect((await send('/server/index.php?s=/api/page/save&page_id=3', { method: 'GET', headers: { cookie, ...NAVIGATION } })).body).toEqual(CROSS_SITE);
      expect((await send('/server/index.php?s=/api/page/save', { headers: { ...FORM, cookie, 'sec-fetch-site': 'cross-site' }, body: 'page_id=3' })).body).toEqual(CROSS_SITE);
      expect(forwarded).toEqual([]);
    });

    it("without Sec-Fetch-Site, lets a cookie write through only when its Origin, else its Referer, is the site's", async () => {
      const verdict = async (headers: Record<string, string>) =>
        ((await send('/api/page/save', { headers: { ...FORM, cookie, ...headers }, body: 'page_id=3' })).body as { error_code: number }).error_code;
      expect(await verdict({ origin: 'https://evil.example' })).toBe(10403);
      expect(await verdict({ origin: 'null' })).toBe(10403);
      expect(await verdict({ origin: 'https://docs.example.com.evil.example' })).toBe(10403);
      expect(await verdict({ referer: 'https://evil.example/attack.html' })).toBe(10403);
      expect(await verdict({ origin: 'https://evil.example', referer: `${base}/page/3` })).toBe(10403);
      expect(await verdict({})).toBe(10403);
      expect(forwarded).toEqual([]);

      expect(await verdict({ origin: base })).toBe(0);
      expect(await verdict({ origin: 'https://docs.example.com' })).toBe(0);
      expect(await verdict({ origin: 'https://wiki.example.com' })).toBe(0);
      expect(await verdict({ referer: 'https://docs.example.com/quire/page/3' })).toBe(0);
      expect(await verdict({ 'sec-fetch-site': 'same-origin' })).toBe(0);
      expect(await verdict({ 'sec-fetch-site': 'none' })).toBe(0);
      // Behind a trusted proxy the request's own origin is the one the browser used.
      const proxied = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'quire.internal' };
      expect(await verdict({ ...proxied, origin: 'https://quire.internal' })).toBe(0);
      expect(await verdict({ ...proxied, origin: base })).toBe(10403);
      expect(forwarded).toEqual(Array(7).fill(Subject.PagePageSave));
    });

    it("lets explicitly authenticated writes through from anywhere, as the explicit token's user", async () => {
      const script = await tokenOf(23);
      const crossSite = { ...FORM, 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' };
      const asScript = { error_code: 0, data: { uid: 23 } };
      expect((await send('/api/page/save', { headers: crossSite, body: `page_id=3&user_token=${script}` })).body).toMatchObject(asScript);
      expect((await send('/api/page/save', { headers: { ...crossSite, 'x-api-token': script }, body: 'page_id=3' })).body).toMatchObject(asScript);
      expect((await send('/api/page/save', { headers: { ...crossSite, authorization: `Bearer ${script}` }, body: 'page_id=3' })).body).toMatchObject(asScript);
      // The victim's cookie rides along, but the explicit token is what authenticates the call.
      expect((await send(`/api/page/save?user_token=${script}`, { headers: { ...crossSite, cookie }, body: 'page_id=3' })).body).toMatchObject(asScript);
      const openApi = await send('/api/open/updatePage', { headers: crossSite, body: 'api_key=key&api_token=token&page_title=T' });
      expect(openApi.body).toMatchObject({ error_code: 0, data: { params: { api_key: 'key', page_title: 'T' }, uid: 0 } });
      // The open API's key is its credential: a cookie riding along is neither refused nor forwarded.
      const withCookie = await send('/api/item/updateByApi', { headers: { ...crossSite, cookie }, body: 'api_key=key&api_token=token&page_title=T' });
      expect(withCookie.body).toMatchObject({ error_code: 0, data: { uid: 0 } });
      expect(forwarded).toEqual([...Array(4).fill(Subject.PagePageSave), Subject.ItemOpenUpdatePage, Subject.ItemOpenUpdatePage]);
    });

    it("refuses a browser's cross-site login or registration without any cookie (login CSRF); a script's login passes", async () => {
      const body = 'username=attacker&password=secret';
      expect((await send('/api/user/login', { headers: { ...FORM, 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' }, body })).body).toEqual(CROSS_SITE);
      expect((await send('/api/user/register', { headers: { ...FORM, origin: 'https://evil.example' }, body })).body).toEqual(CROSS_SITE);
      expect(forwarded).toEqual([]);
      // From an address of its own, whatever failures earlier tests left in the per-address window.
      const fresh = { ...FORM, 'x-forwarded-for': '203.0.113.9' };
      expect((await send('/api/user/login', { headers: { ...fresh, 'sec-fetch-site': 'same-origin' }, body })).body).toMatchObject({ error_code: 0 });
      expect((await send('/api/user/login', { headers: fresh, body })).body).toMatchObject({ error_code: 0 });
    });

    it('does not count a bogus explicit token next to the cookie, nor fall back to the cookie for it', async () => {
      const bogus = 'e'.repeat(64);
      const crossSite = { ...FORM, cookie, 'sec-fetch-site': 'cross-site' };
      expect((await send('/api/page/save', { headers: crossSite, body: `page_id=3&user_token=${bogus}` })).body).toEqual(CROSS_SITE);
      expect((await send('/api/page/save', { headers: { ...crossSite, 'x-api-token': bogus }, body: 'page_id=3' })).body).toEqual(CROSS_SITE);
      expect((await send('/api/page/save', { headers: { ...crossSite, authorization: 'Bearer not-a-token' }, body: 'page_id=3' })).body).toEqual(CROSS_SITE);
      expect(forwarded).toEqual([]);
      const sameSite = { ...FORM, cookie, 'sec-fetch-site': 'same-origin' };
      expect((await send('/api/page/save', { headers: sameSite, body: `page_id=3&user_token=${bogus}` })).body).toMatchObject({ error_code: 10102 });
    });

    it('ends the session only by a POST from the site; an explicit token leaves the browser its cookie', async () => {
      const navigation = await send('/api/user/logout', { method: 'GET', headers: { cookie, ...NAVIGATION } });
      expect(navigation).toMatchObject({ body: CROSS_SITE, sessionCookies: [] });
      const formPost = await send('/api/user/logout', { headers: { ...FORM, cookie, 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' } });
      expect(formPost).toMatchObject({ body: CROSS_SITE, sessionCookies: [] });
      expect(forwarded).toEqual([]);

      const other = await tokenOf(24);
      const explicit = await send('/api/user/logout', { headers: { ...FORM, cookie, 'sec-fetch-site': 'cross-site' }, body: `user_token=${other}` });
      expect(explicit).toMatchObject({ body: { error_code: 0, data: [] }, sessionCookies: [] });
      const own = await send('/api/user/logout', { headers: { ...FORM, cookie, 'sec-fetch-site': 'same-origin' } });
      expect(own.body).toEqual({ error_code: 0, data: [] });
      expect(own.sessionCookies).toEqual([expect.stringMatching(/^cookie_token=;/)]);
      expect(forwarded).toEqual([Subject.AuthUserLogout, Subject.AuthUserLogout]);
    });

    it("answers a refused upload in editor.md's protocol, reading and forwarding nothing", async () => {
      const form = new FormData();
      form.append('editormd-image-file', new Blob([Buffer.from('GIF89a')], { type: 'image/gif' }), 'a.gif');
      const refused = await send('/api/page/uploadImg', { headers: { cookie, 'sec-fetch-site': 'cross-site' }, body: form });
      expect(refused.body).toEqual({ success: 0, message: CROSS_SITE.error_message });
      expect(forwarded).toEqual([]);
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

  describe('compression and caching', () => {
    const get = (route: string, headers: Record<string, string> = {}) => rawHttp(base + route, { headers });

    it("sends a built file as the build's Brotli twin when accepted, gzip when only that is, else as it is", async () => {
      const raw = fs.readFileSync(path.join(webDist, 'assets', ASSET));
      for (const [accepted, encoding] of [
        ['gzip, deflate, br, zstd', 'br'],
        ['br, gzip', 'br'],
        ['gzip', 'gzip'],
        ['br;q=0.5, gzip', 'gzip'],
      ]) {
        const response = await get(`/assets/${ASSET}`, { 'accept-encoding': accepted });
        expect({ accepted, headers: response.headers }).toMatchObject({
          accepted,
          headers: { 'content-encoding': encoding, 'content-type': 'text/javascript; charset=utf-8', vary: 'Accept-Encoding', 'content-length': String(response.body.length) },
        });
        expect(response.body.length).toBeLessThan(raw.length);
        expect(response.decoded()).toEqual(raw);
      }
      for (const accepted of [undefined, 'identity', 'deflate', 'br;q=0, gzip;q=0']) {
        const response = await get(`/assets/${ASSET}`, accepted === undefined ? {} : { 'accept-encoding': accepted });
        expect({ accepted, encoding: response.headers['content-encoding'], vary: response.headers.vary }).toEqual({ accepted, encoding: undefined, vary: 'Accept-Encoding' });
        expect(response.body).toEqual(raw);
      }
      const head = await rawHttp(`${base}/assets/${ASSET}`, { method: 'HEAD', headers: { 'accept-encoding': 'br' } });
      expect(head.headers).toMatchObject({ 'content-encoding': 'br', 'content-length': String(fs.statSync(path.join(webDist, 'assets', `${ASSET}.br`)).size) });
      expect(head.body.length).toBe(0);
    });

    it('keeps hashed files a year (immutable), asks again for index.html every time, and keeps other root files an hour', async () => {
      for (const accepted of ['br', 'gzip', 'identity']) {
        expect((await get(`/assets/${ASSET}`, { 'accept-encoding': accepted })).headers['cache-control']).toBe('public, max-age=31536000, immutable');
      }
      for (const route of ['/', '/index.html', '/item/index', '/my-domain']) {
        const response = await get(route, { 'accept-encoding': 'br, gzip' });
        expect({ route, encoding: response.headers['content-encoding'], cache: response.headers['cache-control'] }).toEqual({ route, encoding: 'br', cache: 'no-cache' });
        expect(response.decoded().toString()).toContain('Quire SPA');
      }
      const favicon = await get('/favicon.svg', { 'accept-encoding': 'br, gzip' });
      expect(favicon.headers).toMatchObject({ 'cache-control': 'public, max-age=3600', 'content-type': 'image/svg+xml' });
      expect(favicon.headers['content-encoding']).toBeUndefined();
    });

    it('sends a versioned reply with its ETag and answers a GET or HEAD already holding it with an empty 304; a POST always gets the whole answer', async () => {
      const route = '/api/page/infoByKey?unique_key=k1';
      const first = await get(route);
      expect(first.status).toBe(200);
      expect(first.headers).toMatchObject({ etag: 'W/"v-k1"', 'cache-control': 'private, no-cache' });
      expect(JSON.parse(first.body.toString())).toEqual({ error_code: 0, data: { unique_key: 'k1', padding: '' } });
      for (const held of ['W/"v-k1"', '"v-k1"', 'W/"v-k0", W/"v-k1"', '*']) {
        const again = await get(route, { 'if-none-match': held });
        expect({ held, status: again.status, etag: again.headers.etag, bytes: again.body.length }).toEqual({ held, status: 304, etag: 'W/"v-k1"', bytes: 0 });
      }
      expect((await rawHttp(base + route, { method: 'HEAD', headers: { 'if-none-match': 'W/"v-k1"' } })).status).toBe(304);
      const changed = await get(route, { 'if-none-match': 'W/"v-k0"' });
      expect(changed.status).toBe(200);
      expect(JSON.parse(changed.body.toString())).toMatchObject({ error_code: 0 });
      const posted = await rawHttp(`${base}/api/page/infoByKey`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'if-none-match': 'W/"v-k1"' },
        body: 'unique_key=k1',
      });
      expect(posted.status).toBe(200);
      expect(JSON.parse(posted.body.toString())).toEqual({ error_code: 0, data: { unique_key: 'k1', padding: '' } });
    });

    it('compresses API answers above 1 KB, Brotli when asked, else gzip; smaller ones and clients asking nothing get them as they are', async () => {
      const route = '/api/page/infoByKey?unique_key=big&size=5000';
      const expected = { error_code: 0, data: { unique_key: 'big', padding: 'x'.repeat(5000) } };
      for (const [accepted, encoding] of [
        ['gzip, deflate, br, zstd', 'br'],
        ['gzip', 'gzip'],
      ]) {
        const response = await get(route, { 'accept-encoding': accepted });
        expect({ accepted, encoding: response.headers['content-encoding'], vary: response.headers.vary }).toEqual({ accepted, encoding, vary: 'Accept-Encoding' });
        expect(response.body.length).toBeLessThan(1000);
        expect(JSON.parse(response.decoded().toString())).toEqual(expected);
      }
      const plain = await get(route);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(plain.body.toString())).toEqual(expected);
      const small = await get('/api/page/infoByKey?unique_key=small&size=100', { 'accept-encoding': 'br, gzip' });
      expect(small.headers['content-encoding']).toBeUndefined();
      expect(small.headers['content-length']).toBe(String(small.body.length));
    });
  });
});
