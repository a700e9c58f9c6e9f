import { ApiClient } from '@quire/testing';
import { describeAuthFlow } from '../scenarios/auth-flow.scenario';
import { describeDistributed, startDistributedSystem, type DistributedSystem } from '../src/distributed-system';

/**
 * The distributed mode for real: nats-server and redis-server from Debian, the gateway
 * and the services each in their own OS process, talking over NATS.
 */
describeDistributed('auth flow, distributed', () => {
  let system: DistributedSystem;

  beforeAll(async () => {
    system = await startDistributedSystem({ services: ['auth', 'admin'] });
  }, 90_000);

  afterAll(async () => {
    await system?.stop();
  }, 60_000);

  describeAuthFlow(() => system.target);

  it('answers a clear error while the auth service is down, and recovers when it is back', async () => {
    const client = new ApiClient(system.target.baseUrl);
    const login = await client.post('/api/user/login', { username: 'showdoc', password: 'admin-pass' });
    expect(login.error_code).toBe(0);

    const auth = system.process('auth');
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
    const response = await new ApiClient(system.target.baseUrl).request('/readyz');
    expect(response.status).toBe(200);
    expect(response.json<{ ok: boolean }>().ok).toBe(true);
  });
});
