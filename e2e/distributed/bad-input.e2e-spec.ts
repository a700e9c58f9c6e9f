import { connect, type Msg, type NatsConnection } from 'nats';
import { loadConfig } from '@quire/config';
import { Subject } from '@quire/proto';
import { ApiClient } from '@quire/testing';
import { describeDistributed, startDistributedSystem, type DistributedSystem } from '../src/distributed-system';

const REQUEST_TIMEOUT_MS = 1500;

/** What a service answers over NATS, in NestJS's reply format. */
interface NestReply {
  id?: string;
  response?: unknown;
  err?: { error_code: number; message_key: string; params?: Record<string, unknown> };
  isDisposed?: boolean;
}

/**
 * Bad input at the edges of the distributed deployment: messages published straight to a
 * service's NATS subject (anyone on the bus can), a request larger than NATS carries, a
 * service too slow to answer.
 */
describeDistributed('bad input, distributed', () => {
  let system: DistributedSystem;
  let nats: NatsConnection;
  let client: ApiClient;
  let pageId: number;
  let itemId: number;

  const caller = { uid: 1, username: 'showdoc', groupid: 1, token: '', clientId: 'a'.repeat(32), ip: '127.0.0.1', unlocked: [] };
  const ask = async (subject: string, data: Uint8Array | string): Promise<NestReply> => {
    const reply: Msg = await nats.request(subject, typeof data === 'string' ? Buffer.from(data) : data, { timeout: 3000 });
    return JSON.parse(Buffer.from(reply.data).toString('utf8')) as NestReply;
  };
  const message = (pattern: string, data: unknown) => JSON.stringify({ pattern, data, id: String(Math.random()) });

  beforeAll(async () => {
    system = await startDistributedSystem({ services: ['auth', 'item', 'page', 'admin'], requestTimeoutMs: REQUEST_TIMEOUT_MS });
    nats = await connect({ servers: system.servers.nats.url });
    client = new ApiClient(system.target.baseUrl);
    expect((await client.post('/api/user/login', { username: 'showdoc', password: 'admin-pass' })).error_code).toBe(0);
    itemId = (await client.post<{ item_id: number }>('/api/item/add', { item_type: 1, item_name: 'Edges' })).data?.item_id as number;
    pageId = (await client.post<{ page_id: number }>('/api/page/save', { item_id: itemId, page_title: 'Fine', page_content: 'still fine' })).data?.page_id as number;
  }, 90_000);

  afterAll(async () => {
    await nats?.close();
    try {
      process.kill(system.process('page').pid() as number, 'SIGCONT');
    } catch {
      // not paused
    }
    await system?.stop();
  }, 60_000);

  const stillServing = async () => {
    const info = await client.post<{ page_content: string }>('/api/page/info', { page_id: pageId });
    expect(info).toMatchObject({ error_code: 0, data: { page_content: 'still fine' } });
  };

  it('rejects a message with params of the wrong types with the schema code, and keeps serving', async () => {
    const reply = await ask(Subject.PagePageInfo, message(Subject.PagePageInfo, { caller, params: { page_id: 'not-a-number' } }));
    expect(reply.err).toMatchObject({ error_code: 10101, message_key: expect.stringMatching(/^param_/) });
    expect(reply.response).toBeUndefined();
    const nested = await ask(Subject.PagePageSave, message(Subject.PagePageSave, { caller, params: { item_id: { $gt: 0 }, page_title: ['a'], page_content: 5 } }));
    expect(nested.err?.error_code).toBeGreaterThanOrEqual(10100);
    await stillServing();
  });

  it('rejects a message without params or without a caller with a clear code, and keeps serving', async () => {
    const noParams = await ask(Subject.PagePageInfo, message(Subject.PagePageInfo, { caller }));
    expect(noParams.err).toMatchObject({ error_code: 10101, message_key: expect.stringMatching(/^param_|not_found/) });
    const noCaller = await ask(Subject.PagePageSave, message(Subject.PagePageSave, { params: { item_id: itemId, page_title: 'x', page_content: 'y' } }));
    expect(noCaller.err?.error_code).toBe(10102);
    const noData = await ask(Subject.PagePageInfo, message(Subject.PagePageInfo, null));
    expect(noData.err?.error_code).toBeGreaterThanOrEqual(10100);
    await stillServing();
  });

  it('answers a body that is not JSON with a clear code, and keeps serving', async () => {
    const reply = await ask(Subject.PagePageInfo, 'this is {not json');
    expect(reply.err).toMatchObject({ error_code: 10400 });
    const binary = await ask(Subject.PagePageInfo, new Uint8Array([0xff, 0x00, 0xfe, 0x7b]));
    expect(binary.err).toMatchObject({ error_code: 10400 });
    await stillServing();
  });

  it('refuses a request larger than NATS carries at the gateway with 10413, without sending it', async () => {
    const seen: number[] = [];
    const tap = nats.subscribe(Subject.PagePageSave, { callback: (_error, msg) => seen.push(msg.data.length) });
    await nats.flush();
    const maxPayload = nats.info?.max_payload ?? 0;
    expect(maxPayload).toBe(8 * 1024 * 1024);

    const huge = await client.post('/api/page/save', { item_id: itemId, page_title: 'Huge', page_content: 'x'.repeat(maxPayload + 1024) });
    expect(huge).toEqual({ error_code: 10413, error_message: 'The request is too large (at most 8 MB)' });
    const small = await client.post('/api/page/save', { item_id: itemId, page_title: 'Small', page_content: 'fits' });
    expect(small.error_code).toBe(0);
    await nats.flush();
    tap.unsubscribe();
    // The tap saw the small save only: the huge one never reached the bus.
    expect(seen).toHaveLength(1);
    expect(seen[0]).toBeLessThan(64 * 1024);
  });

  it('answers the timeout code when a service is too slow, then serves again', async () => {
    expect(loadConfig({}).http.requestTimeoutMs).toBe(20_000);
    const page = system.process('page');
    process.kill(page.pid() as number, 'SIGSTOP');
    try {
      const started = Date.now();
      const reply = await client.post('/api/page/info', { page_id: pageId });
      const waited = Date.now() - started;
      expect(reply).toEqual({ error_code: 10005, error_message: expect.stringMatching(/did not answer/i) });
      expect(waited).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 100);
      expect(waited).toBeLessThan(REQUEST_TIMEOUT_MS + 1500);
    } finally {
      process.kill(page.pid() as number, 'SIGCONT');
    }
    await stillServing();
  });
});
