import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { AddressPolicy } from '@quire/platform';
import { AppError, ErrorCode } from '@quire/proto';
import { DocumentFetcher } from '../src/api/document-fetcher';

/** The API import's URL fetch against a real HTTP server on 127.0.0.3, allowed the way HTTP_PROXY_ALLOW_HOSTS allows it. */
describe(DocumentFetcher.name, () => {
  const HOST = '127.0.0.3';
  let server: http.Server;
  let base: string;
  const seen: http.IncomingHttpHeaders[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      seen.push(req.headers);
      if (req.url === '/openapi.yaml') res.writeHead(200, { 'content-type': 'application/yaml' }).end('openapi: 3.1.0\n');
      else if (req.url === '/moved') res.writeHead(302, { location: '/openapi.yaml' }).end();
      else if (req.url === '/to-metadata') res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
      else if (req.url === '/loop') res.writeHead(302, { location: '/loop' }).end();
      else if (req.url === '/huge') {
        res.writeHead(200, { 'content-type': 'application/json' });
        const chunk = Buffer.alloc(1024 * 1024, 32);
        for (let i = 0; i < 21; i += 1) res.write(chunk);
        res.end();
      } else res.writeHead(404).end('not here');
    });
    await new Promise<void>((resolve) => server.listen(0, HOST, resolve));
    base = `http://${HOST}:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const failure = async (sut: DocumentFetcher, url: string): Promise<AppError> => {
    try {
      await sut.fetch(url);
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      return error as AppError;
    }
    throw new Error('fetched');
  };

  it('fetches a document from an allowed address, following a redirect, sending no credential', async () => {
    const sut = new DocumentFetcher(new AddressPolicy([HOST]));
    const fetched = await sut.fetch(`${base}/moved`);
    expect(Buffer.from(fetched.bytes).toString('utf8')).toBe('openapi: 3.1.0\n');
    expect(fetched.url).toBe(`${base}/openapi.yaml`);
    expect(seen.at(-1)).toMatchObject({ 'user-agent': 'Quire-API-Import', host: `${HOST}:${(server.address() as AddressInfo).port}` });
    expect(seen.at(-1)?.cookie).toBeUndefined();
  });

  it('refuses loopback and private addresses by default, before connecting', async () => {
    const before = seen.length;
    const sut = new DocumentFetcher(new AddressPolicy());
    const error = await failure(sut, `${base}/openapi.yaml`);
    expect(error).toMatchObject({ code: ErrorCode.HttpProxyForbidden, key: 'http_proxy_forbidden_address', params: { address: HOST } });
    expect((await failure(sut, 'http://10.1.2.3/api.json')).code).toBe(ErrorCode.HttpProxyForbidden);
    expect((await failure(new DocumentFetcher(new AddressPolicy(), () => Promise.resolve(['192.168.1.9'])), 'http://docs.example.test/api.json')).params).toMatchObject({
      host: 'docs.example.test',
      address: '192.168.1.9',
    });
    expect(seen.length).toBe(before);
  });

  it('checks every redirect the same way', async () => {
    const sut = new DocumentFetcher(new AddressPolicy([HOST]));
    expect(await failure(sut, `${base}/to-metadata`)).toMatchObject({ code: ErrorCode.HttpProxyForbidden, params: { address: '169.254.169.254' } });
    expect((await failure(sut, `${base}/loop`)).key).toBe('api_import_fetch_redirects');
  });

  it('refuses what is not a document: an error status, more than 20 MB, a URL that is not http(s)', async () => {
    const sut = new DocumentFetcher(new AddressPolicy([HOST]));
    expect(await failure(sut, `${base}/missing`)).toMatchObject({ key: 'api_import_fetch_status', params: { status: 404 } });
    expect(await failure(sut, `${base}/huge`)).toMatchObject({ key: 'api_import_too_large', params: { max: 20 } });
    expect((await failure(sut, 'file:///etc/passwd')).key).toBe('http_proxy_url_invalid');
    expect((await failure(sut, `http://user:secret@${HOST}/x`)).key).toBe('http_proxy_url_invalid');
  });
});
