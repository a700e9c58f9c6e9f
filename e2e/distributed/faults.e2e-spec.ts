import Redis from 'ioredis';
import * as Minio from 'minio';
import type { ExportStatus, PageInfo, StartedExport } from '@quire/proto';
import { ApiClient, type ApiEnvelope } from '@quire/testing';
import { zipEntryText } from '../scenarios/collaboration.scenario';
import { ALL_SERVICES, describeDistributed, startDistributedSystem, type DistributedSystem } from '../src/distributed-system';

const REQUEST_TIMEOUT_MS = 3000;
const EXPORT_PAGES = 240;

interface Outcome {
  kind: 'read' | 'save';
  startedAt: number;
  code: number;
  pageId?: number;
  content?: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Faults of the distributed deployment, each done to real processes: a page replica killed in a
 * burst, NATS away for 5 s, Redis away during an export, the export worker killed mid-job.
 */
describeDistributed('faults of the distributed deployment', () => {
  let system: DistributedSystem;
  let admin: ApiClient;
  let itemId: number;
  let exportItemId: number;

  const ok = <T>(envelope: ApiEnvelope<T>): T => {
    expect(envelope).toMatchObject({ error_code: 0 });
    return envelope.data as T;
  };

  /** Follows an export until it is finished or failed; every poll must answer (a clear error is fine while a store is away). */
  const finalState = async (jobId: string, timeoutMs: number, seen: string[] = []): Promise<ExportStatus> => {
    for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await sleep(200)) {
      const polled = Date.now();
      const reply = await admin.post<ExportStatus>('/api/export/status', { job_id: jobId });
      expect(Date.now() - polled).toBeLessThan(REQUEST_TIMEOUT_MS + 2000);
      seen.push(reply.error_code === 0 ? `${reply.data?.state}` : `error ${reply.error_code}`);
      if (reply.data?.state === 'completed' || reply.data?.state === 'failed') return reply.data;
    }
    throw new Error(`export ${jobId} did not finish in ${timeoutMs} ms; seen: ${seen.join(', ')}`);
  };

  /** Starts an export of the big item and waits until the worker is busy with it. */
  const exportUnderWay = async (): Promise<string> => {
    const { job_id: jobId } = ok(await admin.post<StartedExport>('/api/export/start', { item_id: exportItemId, format: 'word' }));
    for (const deadline = Date.now() + 15_000; Date.now() < deadline; await sleep(50)) {
      const status = ok(await admin.post<ExportStatus>('/api/export/status', { job_id: jobId }));
      if (status.state === 'active' && status.progress > 0) return jobId;
      if (status.state === 'completed' || status.state === 'failed') throw new Error(`the export finished (${status.state}) before the fault`);
    }
    throw new Error('the export never became active');
  };

  const storedExports = async (jobId: string): Promise<string[]> => {
    const s3 = system.servers.s3;
    if (!s3) throw new Error('no S3');
    const url = new URL(s3.endpoint);
    const client = new Minio.Client({ endPoint: url.hostname, port: Number(url.port), useSSL: false, accessKey: s3.accessKey, secretKey: s3.secretKey });
    const names: string[] = [];
    for await (const object of client.listObjectsV2(s3.bucket, `exports/${jobId}`, true)) names.push((object as { name: string }).name);
    return names;
  };

  const download = async (jobId: string): Promise<string> => {
    const file = await admin.request(`/api/export/download?job_id=${jobId}`);
    expect(file.status).toBe(200);
    return zipEntryText(file.body, 'word/document.xml');
  };

  beforeAll(async () => {
    system = await startDistributedSystem({
      services: ALL_SERVICES,
      replicas: { page: 2 },
      s3: true,
      requestTimeoutMs: REQUEST_TIMEOUT_MS,
      env: { RATE_LIMIT_PER_MINUTE: '100000' },
    });
    admin = new ApiClient(system.target.baseUrl);
    ok(await admin.post('/api/user/login', { username: 'showdoc', password: 'admin-pass' }));
    itemId = ok(await admin.post<{ item_id: number }>('/api/item/add', { item_type: 1, item_name: 'Burst' })).item_id;
    exportItemId = ok(await admin.post<{ item_id: number }>('/api/item/add', { item_type: 1, item_name: 'Big manual' })).item_id;
    const table = ['| key | value | note |', '|---|---|---|', ...Array.from({ length: 30 }, (_, r) => `| k${r} | v${r} | some words about row ${r} |`)].join('\n');
    const body = (n: number) => `# Chapter ${n}\n\n${'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(20)}\n\n${table}\n\n\`\`\`js\nconsole.log(${n});\n\`\`\`\n`;
    for (let start = 1; start <= EXPORT_PAGES; start += 8) {
      await Promise.all(
        Array.from({ length: 8 }, (_, i) => admin.post('/api/page/save', { item_id: exportItemId, page_title: `Chapter ${start + i}`, page_content: body(start + i), s_number: start + i })),
      );
    }
  }, 180_000);

  afterAll(async () => {
    await system?.stop();
  }, 60_000);

  it('loses no acknowledged save and fails no read after the retry window when a page replica is killed in a burst', async () => {
    const readable = ok(await admin.post<{ page_id: number }>('/api/page/save', { item_id: itemId, page_title: 'Hot page', page_content: 'read me' })).page_id;
    const outcomes: Outcome[] = [];
    const t0 = Date.now();
    let killedAt = Number.POSITIVE_INFINITY;
    const client = async (worker: number): Promise<void> => {
      for (let n = 0; Date.now() - t0 < 5000; n++) {
        const startedAt = Date.now();
        if (n % 3 === 2) {
          const content = `worker ${worker} save ${n}`;
          const reply = await admin.post<{ page_id: number }>('/api/page/save', { item_id: itemId, page_title: `w${worker}-${n}`, page_content: content });
          outcomes.push({ kind: 'save', startedAt, code: reply.error_code, pageId: reply.data?.page_id, content });
        } else {
          const reply = await admin.post<PageInfo>('/api/page/info', { page_id: readable });
          outcomes.push({ kind: 'read', startedAt, code: reply.error_code, content: reply.data?.page_content });
        }
      }
    };
    const killer = async (): Promise<void> => {
      await sleep(1000);
      killedAt = Date.now();
      expect(await system.replicas('page')[0].stop('SIGKILL')).toBeNull();
    };
    await Promise.all([...Array.from({ length: 8 }, (_, w) => client(w)), killer()]);

    const reads = outcomes.filter((o) => o.kind === 'read');
    const saves = outcomes.filter((o) => o.kind === 'save');
    expect(reads.length).toBeGreaterThan(100);
    // Only calls the killed replica was holding fail, with the timeout code; a client's retry then succeeds.
    const failed = outcomes.filter((o) => o.code !== 0);
    for (const o of failed) {
      expect([10005, 10503]).toContain(o.code);
      expect(o.startedAt).toBeLessThan(killedAt + 500);
    }
    expect(reads.filter((o) => o.startedAt > killedAt + 500).every((o) => o.code === 0 && o.content === 'read me')).toBe(true);
    const retried = await Promise.all(failed.filter((o) => o.kind === 'read').map(() => admin.post<PageInfo>('/api/page/info', { page_id: readable })));
    expect(retried.every((r) => r.error_code === 0)).toBe(true);

    // Every save the client was told about is there, with its content, whichever replica reads it.
    const acknowledged = saves.filter((o) => o.code === 0);
    expect(acknowledged.length).toBeGreaterThan(30);
    for (const save of acknowledged) {
      expect(ok(await admin.post<PageInfo>('/api/page/info', { page_id: save.pageId as number })).page_content).toBe(save.content);
    }

    await system.replicas('page')[0].start();
  }, 60_000);

  it('answers 10503 while NATS is away for 5 s, and serves again without a restart', async () => {
    const pageId = ok(await admin.post<{ page_id: number }>('/api/page/save', { item_id: itemId, page_title: 'Across the outage', page_content: 'kept' })).page_id;
    const { nats } = system.servers;
    await nats.stop();
    const stoppedAt = Date.now();
    await sleep(300);
    const during: number[] = [];
    // Each one answered, with the clear code (how fast: `npm run bench`, bench-faults.ts).
    while (Date.now() - stoppedAt < 4500) {
      const reply = await admin.post('/api/page/info', { page_id: pageId });
      during.push(reply.error_code);
      await sleep(250);
    }
    expect(new Set(during)).toEqual(new Set([10503]));
    const ready = await admin.request('/readyz');
    expect(ready.status).toBe(503);
    expect(ready.json<{ checks: { transport: string } }>().checks.transport).not.toBe('ok');

    await sleep(Math.max(0, 5000 - (Date.now() - stoppedAt)));
    await nats.start();
    const back = Date.now();
    let reply = await admin.post<PageInfo>('/api/page/info', { page_id: pageId });
    while (reply.error_code !== 0 && Date.now() - back < 10_000) {
      await sleep(200);
      reply = await admin.post<PageInfo>('/api/page/info', { page_id: pageId });
    }
    expect(reply).toMatchObject({ error_code: 0, data: { page_content: 'kept' } });
    // Every service reconnects on its own (a read may be answered before the others are back):
    // within the same 10 s each answers its own call again, and a save goes through page and item.
    const eachService: [string, Record<string, string | number>][] = [
      ['/api/user/info', {}],
      ['/api/item/myList', {}],
      ['/api/page/save', { item_id: itemId, page_title: 'After the outage', page_content: 'written' }],
      ['/api/team/getList', {}],
      ['/api/notice/getList', { notice_type: 'all' }],
      ['/api/adminUser/getList', {}],
      ['/api/export/status', { job_id: 'no-such-job' }],
    ];
    let unavailable = eachService;
    while (unavailable.length > 0 && Date.now() - back < 10_000) {
      const codes = await Promise.all(unavailable.map(([path, params]) => admin.post(path, params).then((r) => r.error_code)));
      unavailable = unavailable.filter((_, i) => codes[i] === 10503);
      if (unavailable.length > 0) await sleep(200);
    }
    expect(unavailable.map(([path]) => path)).toEqual([]);
    expect(Date.now() - back).toBeLessThan(10_000);
    expect((await admin.request('/readyz')).status).toBe(200);
  }, 60_000);

  it('lets the client follow an export while Redis is away, and the job then finishes or fails cleanly', async () => {
    const jobId = await exportUnderWay();
    const { redis } = system.servers;
    // A production Redis keeps its data across a restart (AOF or RDB); this one saves before it stops.
    const direct = new Redis(redis.url);
    await direct.save();
    direct.disconnect();
    await redis.stop();
    const seen: string[] = [];
    const downUntil = Date.now() + 4000;
    while (Date.now() < downUntil) {
      const asked = Date.now();
      const reply = await admin.post<ExportStatus>('/api/export/status', { job_id: jobId });
      expect(Date.now() - asked).toBeLessThan(REQUEST_TIMEOUT_MS + 2000);
      seen.push(reply.error_code === 0 ? `${reply.data?.state}` : `error ${reply.error_code}`);
      await sleep(250);
    }
    await redis.start();

    const done = await finalState(jobId, 40_000, seen);
    // Sessions live in Redis too: while it is away every call answers the clear 10503, never an internal error.
    expect(seen.filter((state) => !/^(waiting|active|completed|failed|error 10503)$/.test(state))).toEqual([]);
    expect(seen).toContain('error 10503');
    expect(['completed', 'failed']).toContain(done.state);
    if (done.state === 'completed') {
      expect(await download(jobId)).toContain('Chapter 1');
      expect(await storedExports(jobId)).toEqual([`exports/${jobId}.docx`]);
    } else {
      expect(done.error).toEqual(expect.any(String));
      expect((await admin.post('/api/export/download', { job_id: jobId })).error_code).toBe(10101);
    }
    // The queue works again: a new export completes.
    const { job_id: next } = ok(await admin.post<StartedExport>('/api/export/start', { item_id: itemId, format: 'word' }));
    expect((await finalState(next, 30_000)).state).toBe('completed');
  }, 90_000);

  it('retries an export whose worker was killed mid-job, and the file arrives once', async () => {
    const jobId = await exportUnderWay();
    const worker = system.process('export');
    expect(await worker.stop('SIGKILL')).toBeNull();
    // The only export process is gone: once nats-server has read the closed socket (a moment after the
    // kill; a request it routes before that waits out the timeout), its calls answer a clear 10503, at once.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const asked = Date.now();
    expect((await admin.post('/api/export/status', { job_id: jobId })).error_code).toBe(10503);
    expect(Date.now() - asked).toBeLessThan(REQUEST_TIMEOUT_MS);
    await worker.start();

    const done = await finalState(jobId, 45_000);
    expect(done).toMatchObject({ state: 'completed', progress: 100 });
    const documentXml = await download(jobId);
    expect(documentXml).toContain(`Chapter ${EXPORT_PAGES}`);
    expect(await storedExports(jobId)).toEqual([`exports/${jobId}.docx`]);
  }, 90_000);
});
