import { ApiClient } from '@quire/testing';
import { describeDistributed, startDistributedSystem, type DistributedSystem } from '../src/distributed-system';

/**
 * SIGTERM, as Kubernetes sends it before a pod goes: the process stops taking new work (the
 * gateway closes its port, a service leaves its NATS queue group), lets the request it is
 * working on finish, and exits 0. A request is held in flight by pausing (SIGSTOP) the process
 * it waits on, and released (SIGCONT) after the SIGTERM.
 */
describeDistributed('graceful shutdown on SIGTERM', () => {
  let system: DistributedSystem;
  let client: ApiClient;
  let pageId: number;

  const pause = (app: 'item' | 'page') => process.kill(system.process(app).pid() as number, 'SIGSTOP');
  const resume = (app: 'item' | 'page') => process.kill(system.process(app).pid() as number, 'SIGCONT');
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  beforeAll(async () => {
    system = await startDistributedSystem({ services: ['auth', 'item', 'page', 'team', 'admin'], requestTimeoutMs: 8000 });
    client = new ApiClient(system.target.baseUrl);
    expect((await client.post('/api/user/login', { username: 'showdoc', password: 'admin-pass' })).error_code).toBe(0);
    const itemId = (await client.post<{ item_id: number }>('/api/item/add', { item_type: 1, item_name: 'Drain' })).data?.item_id as number;
    pageId = (await client.post<{ page_id: number }>('/api/page/save', { item_id: itemId, page_title: 'Still here', page_content: 'served' })).data?.page_id as number;
  }, 90_000);

  afterAll(async () => {
    for (const app of ['item', 'page'] as const) {
      try {
        resume(app);
      } catch {
        // not running
      }
    }
    await system?.stop();
  }, 60_000);

  it('a service finishes the request it is working on, leaves its queue group at once, and exits 0', async () => {
    const page = system.process('page');
    pause('item'); // page/info now waits inside the page service for the item service's access check
    const inFlight = client.post<{ page_title: string }>('/api/page/info', { page_id: pageId });
    await sleep(300);

    const exited = page.stop('SIGTERM');
    await sleep(300);
    // Gone from the queue group: a new call finds no page service and says so at once.
    const started = Date.now();
    const after = await new ApiClient(system.target.baseUrl).post('/api/page/info', { page_id: pageId });
    expect(after.error_code).toBe(10503);
    expect(Date.now() - started).toBeLessThan(2000);

    resume('item');
    expect(await inFlight).toMatchObject({ error_code: 0, data: { page_title: 'Still here' } });
    expect(await exited).toBe(0);
    expect(page.output()).not.toMatch(/ERROR/);

    await page.start();
    expect((await client.post('/api/page/info', { page_id: pageId })).error_code).toBe(0);
  });

  it('the gateway finishes the request in flight, refuses new connections, and exits 0', async () => {
    const gateway = system.process('gateway');
    pause('page');
    const inFlight = client.post<{ page_title: string }>('/api/page/info', { page_id: pageId });
    await sleep(300);

    const exited = gateway.stop('SIGTERM');
    await sleep(300);
    await expect(fetch(`${system.target.baseUrl}/healthz`)).rejects.toThrow();

    resume('page');
    expect(await inFlight).toMatchObject({ error_code: 0, data: { page_title: 'Still here' } });
    expect(await exited).toBe(0);

    await gateway.start();
    expect((await client.post('/api/page/info', { page_id: pageId })).error_code).toBe(0);
  });
});
