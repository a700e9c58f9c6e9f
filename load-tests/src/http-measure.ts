import * as http from 'node:http';
import autocannon from 'autocannon';

/** One kind of request to measure: where, how, and what a correct answer looks like. */
export interface Journey {
  url: string;
  method?: 'GET' | 'POST';
  /** Form-encoded; a function gives each request its own body (so saves change the content). */
  body?: string | ((n: number) => string);
  cookie?: string;
  /** A body that does not contain this counts as an error (envelopes answer HTTP 200 with error_code ≠ 0). */
  expect?: string;
}

export interface SequentialResult {
  p50: number;
  p99: number;
}

export interface ConcurrentResult {
  rps: number;
  /** Requests answered in the run. */
  requests: number;
  p50: number;
  p99: number;
  errors: number;
}

/** The session cookie with the site's own Origin, as the app's pages send it (a change the cookie carries needs it). */
const sessionHeaders = (journey: Journey): Record<string, string> => (journey.cookie ? { cookie: journey.cookie, origin: new URL(journey.url).origin } : {});

const headersOf = (journey: Journey, body: string | undefined): http.OutgoingHttpHeaders => ({
  ...sessionHeaders(journey),
  ...(body !== undefined ? { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body) } : { 'content-length': 0 }),
});

const bodyOf = (journey: Journey, n: number): string | undefined => (typeof journey.body === 'function' ? journey.body(n) : journey.body);

/** One request at a time over a kept-alive connection: what each layer adds to one request (ms). */
export async function sequential(journey: Journey, requests: number, warmup = Math.min(200, requests)): Promise<SequentialResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let n = 0;
  const once = () =>
    new Promise<number>((resolve, reject) => {
      const body = bodyOf(journey, n++);
      const started = process.hrtime.bigint();
      const req = http.request(journey.url, { method: journey.method ?? 'POST', agent, headers: headersOf(journey, body) }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
          const text = Buffer.concat(chunks).toString('utf8');
          if (res.statusCode !== 200 || (journey.expect && !text.includes(journey.expect))) reject(new Error(`${journey.url} answered ${res.statusCode}: ${text.slice(0, 300)}`));
          else resolve(elapsed);
        });
      });
      req.on('error', reject);
      req.end(body);
    });
  for (let i = 0; i < warmup; i++) await once();
  const samples: number[] = [];
  for (let i = 0; i < requests; i++) samples.push(await once());
  agent.destroy();
  return percentiles(samples);
}

/** `connections` clients as fast as they go for `seconds`: throughput and latency under load. */
export async function concurrent(journey: Journey, connections: number, seconds: number): Promise<ConcurrentResult> {
  let n = 0;
  const { body } = journey;
  const result = await autocannon({
    url: journey.url,
    method: journey.method ?? 'POST',
    headers: { ...sessionHeaders(journey), 'content-type': 'application/x-www-form-urlencoded' },
    ...(typeof body === 'function' ? { requests: [{ setupRequest: (request) => ({ ...request, body: body(n++) }) }] } : { body }),
    connections,
    duration: seconds,
    ...(journey.expect ? { verifyBody: (text: string | Buffer | undefined) => String(text ?? '').includes(journey.expect as string) } : {}),
  });
  return {
    rps: result.requests.average,
    requests: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx + result.mismatches,
  };
}

export function percentiles(samples: number[]): SequentialResult {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: sorted[Math.floor(sorted.length * 0.5)], p99: sorted[Math.floor(sorted.length * 0.99)] };
}

/** Runs `task(i)` for i in [0, count) with `parallel` at a time; resolves when all are done. */
export async function pool(count: number, parallel: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) await task(next++);
  };
  await Promise.all(Array.from({ length: Math.min(parallel, count) }, worker));
}
