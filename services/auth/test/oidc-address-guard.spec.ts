import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AddressPolicy } from '@quire/platform';
import { AppError, type Caller, type OidcSettings, Subject, translate, type WireParams } from '@quire/proto';
import { createContextApp, createUser, freePort, type ContextApp } from '@quire/testing';
import { AuthModule } from '../src/auth.module';
import { OidcClient, OidcProviderError } from '../src/oidc/oidc-client';

/**
 * Issue 21's address guard on the OpenID Connect client: the issuer (an administrator's setting) and every URL its
 * discovery names are checked before any request, and the connection goes to the address checked, so a name that
 * resolves to an internal address (at once, or only after the check: DNS rebinding) never reaches it.
 */
describe('OpenID Connect provider behind the address guard', () => {
  const servers: Server[] = [];
  const requests = new Map<Server, string[]>();

  /** A provider answering discovery for `issuer` (known once listening) on `host`. */
  const serveDiscovery = async (host: string, issuer: (port: number) => string, port = 0): Promise<{ server: Server; port: number }> => {
    const server = createServer((req: IncomingMessage, res) => {
      requests.get(server)?.push(req.url ?? '');
      const base = issuer((server.address() as AddressInfo).port);
      if (req.url !== '/.well-known/openid-configuration') return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          issuer: base,
          authorization_endpoint: `${base}/auth`,
          token_endpoint: `${base}/token`,
          jwks_uri: `${base}/jwks`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
        }),
      );
    });
    servers.push(server);
    requests.set(server, []);
    await new Promise<void>((resolve) => server.listen(port, host, resolve));
    return { server, port: (server.address() as AddressInfo).port };
  };

  afterAll(async () => {
    for (const server of servers) server.closeAllConnections();
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  });

  describe('the administrator saving an issuer', () => {
    let ctx: ContextApp;
    let admin: Caller;
    const send = <T>(subject: Subject, params: WireParams = {}) => ctx.relay<T>(subject, { caller: admin, params });

    beforeAll(async () => {
      ctx = await createContextApp([AuthModule], { env: { LANGUAGE: 'en' } });
      admin = await createUser(ctx.app, { groupid: 1 });
    });

    afterAll(async () => {
      await ctx?.close();
    });

    it('refuses an issuer whose name resolves to an internal address, without connecting, and saves nothing', async () => {
      // A working provider, but on loopback: `localhost` resolves there and no HTTP_PROXY_ALLOW_HOSTS allows it.
      const port = await freePort();
      const provider = await serveDiscovery('127.0.0.1', (p) => `http://localhost:${p}`, port);
      const settings = { enabled: '1', issuer: `http://localhost:${port}`, client_id: 'quire', client_secret: 's', scopes: 'openid' };

      let refused: AppError | undefined;
      await send(Subject.AuthOidcSave, settings).catch((error: unknown) => (refused = error as AppError));

      expect(refused).toBeInstanceOf(AppError);
      expect(refused).toMatchObject({ code: 10101, key: 'oidc_issuer_unreachable' });
      expect(translate(refused!.key, 'en', refused!.params)).toMatch(
        /^The OpenID provider could not be reached at this issuer \(internal address (127\.0\.0\.1|::1) refused\): nothing was saved$/,
      );
      expect(requests.get(provider.server)).toEqual([]);
      expect(await send<OidcSettings>(Subject.AuthOidcLoad)).toMatchObject({ enabled: '0', issuer: '' });
    });
  });

  describe(OidcClient.name, () => {
    const failure = async (sut: OidcClient, issuer: string): Promise<string> => {
      try {
        await sut.discover({ issuer, client_id: 'quire', client_secret: 's' });
      } catch (error) {
        expect(error).toBeInstanceOf(OidcProviderError);
        return (error as Error).message;
      }
      throw new Error(`discovered ${issuer}`);
    };

    it('discovers through the address checked, and refuses the name once it resolves to an internal address', async () => {
      // 127.0.0.61 stands for the provider's public address (allowed); the name is in no DNS, only in this resolver.
      const provider = await serveDiscovery('127.0.0.61', (p) => `http://sso.quire.test:${p}`);
      const issuer = `http://sso.quire.test:${provider.port}`;
      const answers = [['127.0.0.61'], ['10.0.0.7']];
      const sut = new OidcClient(new AddressPolicy(['127.0.0.61']), () => Promise.resolve(answers.shift() ?? ['10.0.0.7']));

      const config = await sut.discover({ issuer, client_id: 'quire', client_secret: 's' });
      expect(config.serverMetadata()).toMatchObject({ issuer, token_endpoint: `${issuer}/token` });

      expect(await failure(sut, issuer)).toBe('internal address 10.0.0.7 refused');
      expect(requests.get(provider.server)).toEqual(['/.well-known/openid-configuration']);
    });

    it('names why a provider was not reached: an unknown host, nobody listening', async () => {
      const sut = new OidcClient(new AddressPolicy(['127.0.0.62']), (hostname) =>
        hostname === 'gone.quire.test' ? Promise.resolve(['127.0.0.62']) : Promise.reject(new Error('ENOTFOUND')),
      );
      const port = await freePort();

      expect(await failure(sut, 'http://nowhere.quire.test/')).toBe('unknown host nowhere.quire.test');
      expect(await failure(sut, `http://gone.quire.test:${port}/`)).toBe(`connection to gone.quire.test:${port} failed: ECONNREFUSED`);
    });
  });
});
