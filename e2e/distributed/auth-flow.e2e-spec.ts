import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import Redis from 'ioredis';
import { ApiClient, describeWith, freePort, quireProcess, startNatsServer, startRedisServer, type QuireProcess, type ServerProcess } from '@quire/testing';
import { describeAuthFlow } from '../scenarios/auth-flow.scenario';
import type { SystemTarget } from '../src/system-target';

/**
 * The distributed mode for real: nats-server and redis-server from Debian, the gateway
 * and the services each in their own OS process, talking over NATS.
 */
describeWith({ binary: 'nats-server' }, 'auth flow, distributed', () => {
  describeWith({ binary: 'redis-server' }, 'over NATS and Redis', () => {
    let nats: ServerProcess;
    let redis: ServerProcess;
    let redisClient: Redis;
    let gateway: QuireProcess;
    let auth: QuireProcess;
    let admin: QuireProcess;
    let root: string;
    let target: SystemTarget;

    beforeAll(async () => {
      [nats, redis] = await Promise.all([startNatsServer(), startRedisServer()]);
      root = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-dist-'));
      const port = await freePort();
      const env = (app: string) => ({
        NATS_URL: nats.url,
        REDIS_URL: redis.url,
        DATA_DIR: path.join(root, app),
        PORT: String(port),
        HOST: '127.0.0.1',
        REQUEST_TIMEOUT_MS: '3000',
        QUIRE_ADMIN_PASSWORD: 'admin-pass',
      });
      gateway = quireProcess('gateway', env('gateway'));
      auth = quireProcess('auth', env('auth'));
      admin = quireProcess('admin', env('admin'));
      await Promise.all([gateway.start(), auth.start(), admin.start()]);
      redisClient = new Redis(redis.url);
      target = { baseUrl: `http://127.0.0.1:${port}`, captchaCode: async (clientId) => (await redisClient.get(`captcha:${clientId}`)) ?? '' };
    }, 90_000);

    afterAll(async () => {
      await Promise.all([gateway?.stop(), auth?.stop(), admin?.stop()]);
      redisClient?.disconnect();
      await Promise.all([nats?.dispose(), redis?.dispose()]);
      fs.rmSync(root, { recursive: true, force: true });
    }, 60_000);

    describeAuthFlow(() => target);

    it('answers a clear error while the auth service is down, and recovers when it is back', async () => {
      const client = new ApiClient(target.baseUrl);
      const login = await client.post('/api/user/login', { username: 'showdoc', password: 'admin-pass' });
      expect(login.error_code).toBe(0);

      expect(await auth.stop('SIGKILL')).toBeNull();
      const started = Date.now();
      const down = await client.post('/api/user/info');
      expect([10503, 10005]).toContain(down.error_code);
      expect(down.error_message).toMatch(/unavailable|did not answer/i);
      expect(Date.now() - started).toBeLessThan(5000);

      await auth.start();
      const back = await client.post<{ username: string }>('/api/user/info');
      expect(back).toMatchObject({ error_code: 0, data: { username: 'showdoc', groupid: 1 } });
    }, 60_000);

    it('readiness reports the transport and stores', async () => {
      const response = await new ApiClient(target.baseUrl).request('/readyz');
      expect(response.status).toBe(200);
      expect(response.json<{ ok: boolean }>().ok).toBe(true);
    });
  });
});
