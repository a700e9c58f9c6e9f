import * as fs from 'node:fs';
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import type { TLSSocket } from 'node:tls';
import { createTestCertificateAuthority, freePort, issueServerCertificate, type TestCertificateAuthority } from '@quire/testing';
import { AddressPolicy } from './address-policy';
import { checkHost } from './guarded-host';
import { pinnedRequest, type PinnedResponse, type PinnedResult } from './pinned-request';

/** What a server saw of one request. */
interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
  servername?: string | false | null;
}

/** pinnedRequest against real HTTP and HTTPS servers on loopback addresses started here. */
describe(pinnedRequest.name, () => {
  const servers: Server[] = [];
  const seen = new Map<Server, Seen[]>();
  let ca: TestCertificateAuthority;
  let certificate: { cert: Buffer; key: Buffer };

  beforeAll(() => {
    ca = createTestCertificateAuthority();
    // A certificate for a name only: verified against the address connected to, it would fail.
    const made = issueServerCertificate(ca, fs.mkdtempSync(path.join(os.tmpdir(), 'quire-pinned-')), ['DNS:docs.quire.test']);
    certificate = { cert: fs.readFileSync(made.certFile), key: fs.readFileSync(made.keyFile) };
  });

  afterAll(async () => {
    for (const server of servers) server.closeAllConnections();
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  });

  /** A server on `host` (and `port`, a free one when 0) that records each request and answers it with `handle`. */
  const serve = async (
    host: string,
    handle: (req: IncomingMessage, res: ServerResponse) => void,
    options: { port?: number; tls?: boolean } = {},
  ): Promise<{ server: Server; port: number }> => {
    const record: RequestListener = (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const socket = req.socket as Partial<TLSSocket>;
        seen.get(server)?.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), servername: socket.servername });
        handle(req, res);
      });
    };
    const server: Server = options.tls ? createHttpsServer(certificate, record) : createServer(record);
    servers.push(server);
    seen.set(server, []);
    await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
    return { server, port: (server.address() as AddressInfo).port };
  };

  const response = (result: PinnedResult): PinnedResponse => {
    expect(result).not.toHaveProperty('failure');
    return result as PinnedResponse;
  };

  it('sends the method, headers and body and gives back the status, headers and body, with the URL host as Host', async () => {
    const { server, port } = await serve('127.0.0.41', (_req, res) => res.writeHead(201, { 'x-answer': 'yes' }).end('{"made":true}'));

    const result = response(
      await pinnedRequest(new URL(`http://api.quire.test:${port}/things?kind=a`), '127.0.0.41', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'Quire-Test' },
        body: '{"name":"ä"}',
        timeoutMs: 5000,
        maxBytes: 1024,
      }),
    );

    expect(result).toMatchObject({ status: 201, headers: { 'x-answer': 'yes' } });
    expect(result.body.toString('utf8')).toBe('{"made":true}');
    expect(seen.get(server)).toEqual([
      expect.objectContaining({
        method: 'POST',
        url: '/things?kind=a',
        body: '{"name":"ä"}',
        headers: expect.objectContaining({ host: `api.quire.test:${port}`, 'content-type': 'application/json', 'user-agent': 'Quire-Test', 'content-length': '13' }),
      }),
    ]);
  });

  it('connects to the checked address even when the name resolves to an internal one afterwards (DNS rebinding)', async () => {
    const port = await freePort();
    // `localhost` resolves to 127.0.0.1: an unpinned client would reach this internal server.
    const internal = await serve('127.0.0.1', (_req, res) => res.end('internal'), { port });
    const checkedServer = await serve('127.0.0.42', (_req, res) => res.end('checked'), { port });
    // 127.0.0.42 stands for a public address (allowed); the resolver answers it once, then the internal address.
    const answers = [['127.0.0.42'], ['127.0.0.1']];
    const resolve = () => Promise.resolve(answers.shift() ?? ['127.0.0.1']);
    const policy = new AddressPolicy(['127.0.0.42']);

    const checked = await checkHost('localhost', policy, resolve);
    expect(checked).toEqual({ address: '127.0.0.42' });
    // The name now resolves to the internal address: a second check would refuse it ...
    expect(await checkHost('localhost', policy, resolve)).toEqual({ refused: '127.0.0.1' });
    // ... and the request made on the first check still goes to the address checked.
    const result = response(await pinnedRequest(new URL(`http://localhost:${port}/`), (checked as { address: string }).address, { timeoutMs: 5000, maxBytes: 1024 }));

    expect(result.body.toString('utf8')).toBe('checked');
    expect(seen.get(checkedServer.server)).toHaveLength(1);
    expect(seen.get(internal.server)).toEqual([]);
  });

  it('verifies the certificate for the host name, not for the address connected to', async () => {
    const { server, port } = await serve('127.0.0.43', (_req, res) => res.end('secure'), { tls: true });
    const options = { timeoutMs: 5000, maxBytes: 1024, ca: ca.certPem };

    const result = response(await pinnedRequest(new URL(`https://docs.quire.test:${port}/spec`), '127.0.0.43', options));
    expect(result.body.toString('utf8')).toBe('secure');
    expect(seen.get(server)).toEqual([expect.objectContaining({ url: '/spec', servername: 'docs.quire.test', headers: expect.objectContaining({ host: `docs.quire.test:${port}` }) })]);

    // Another name served from the same address, the address itself, and a CA not trusted: no answer.
    expect(await pinnedRequest(new URL(`https://other.quire.test:${port}/spec`), '127.0.0.43', options)).toEqual({ failure: 'unreachable', code: 'ERR_TLS_CERT_ALTNAME_INVALID' });
    expect(await pinnedRequest(new URL(`https://127.0.0.43:${port}/spec`), '127.0.0.43', options)).toEqual({ failure: 'unreachable', code: 'ERR_TLS_CERT_ALTNAME_INVALID' });
    expect(await pinnedRequest(new URL(`https://docs.quire.test:${port}/spec`), '127.0.0.43', { timeoutMs: 5000, maxBytes: 1024 })).toEqual({
      failure: 'unreachable',
      code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
    });
    expect(seen.get(server)).toHaveLength(1);
  });

  it('returns a redirect without following it', async () => {
    const target = await serve('127.0.0.44', (_req, res) => res.end('target'));
    const { port } = await serve('127.0.0.44', (_req, res) => res.writeHead(302, { location: `http://127.0.0.44:${target.port}/` }).end('moved'));

    const result = response(await pinnedRequest(new URL(`http://moving.quire.test:${port}/`), '127.0.0.44', { timeoutMs: 5000, maxBytes: 1024 }));

    expect(result).toMatchObject({ status: 302, headers: { location: `http://127.0.0.44:${target.port}/` } });
    expect(seen.get(target.server)).toEqual([]);
  });

  it('fails with a reason: no answer in time, nobody listening, an answer above the size limit', async () => {
    const { port } = await serve('127.0.0.45', (req, res) => {
      if (req.url === '/slow') return void setTimeout(() => res.end('late'), 3000).unref();
      if (req.url === '/declared') return void res.writeHead(200, { 'content-length': 2048 }).end(Buffer.alloc(2048));
      res.writeHead(413);
      for (let i = 0; i < 4; i += 1) res.write(Buffer.alloc(512));
      res.end();
    });
    const options = { timeoutMs: 300, maxBytes: 1024 };

    expect(await pinnedRequest(new URL(`http://slow.quire.test:${port}/slow`), '127.0.0.45', options)).toEqual({ failure: 'timeout' });
    expect(await pinnedRequest(new URL(`http://gone.quire.test:${await freePort()}/`), '127.0.0.46', options)).toEqual({ failure: 'unreachable', code: 'ECONNREFUSED' });
    expect(await pinnedRequest(new URL(`http://big.quire.test:${port}/declared`), '127.0.0.45', options)).toEqual({ failure: 'too_large', status: 200 });
    expect(await pinnedRequest(new URL(`http://big.quire.test:${port}/streamed`), '127.0.0.45', options)).toEqual({ failure: 'too_large', status: 413 });
  });
});
