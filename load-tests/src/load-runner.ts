import autocannon from 'autocannon';
import { ALL_SERVICES, startDistributedSystem, SYSTEM_ADMIN_PASSWORD } from '@quire/e2e';
import { embedded, type BenchTarget } from './bench-targets';
import { SeedClient } from './content-seed';
import { journeyRequest, type JourneyFixtures, type JourneyName } from './journeys';

/** What one journey did in its bounded run. */
export interface LoadResult {
  journey: JourneyName;
  target: string;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

export interface LoadOptions {
  seconds: number;
  connections: number;
}

export type TargetKind = 'embedded' | 'distributed';

/**
 * A target for the journeys: `npm start`'s embedded process, or the distributed backend (gateway
 * and all seven services as processes, `pageReplicas` page processes in one queue group), each
 * with the administrator logged in.
 */
export async function startLoadTarget(kind: TargetKind, options: { pageReplicas?: number } = {}): Promise<BenchTarget> {
  if (kind === 'embedded') return embedded();
  const replicas = options.pageReplicas ?? 2;
  const system = await startDistributedSystem({
    services: ALL_SERVICES,
    replicas: { page: replicas },
    s3: true,
    env: { RATE_LIMIT_PER_MINUTE: '100000', REQUEST_TIMEOUT_MS: '20000' },
  });
  try {
    return {
      name: `distributed (${replicas} page replica${replicas > 1 ? 's' : ''})`,
      baseUrl: system.target.baseUrl,
      cookie: await login(system.target.baseUrl, 'showdoc', SYSTEM_ADMIN_PASSWORD),
      stop: () => system.stop(),
    };
  } catch (error) {
    await system.stop();
    throw error;
  }
}

/** A running Quire somewhere else (a cluster, a Compose stack): log in and measure it as it is. */
export async function urlTarget(baseUrl: string, username: string, password: string): Promise<BenchTarget> {
  return { name: baseUrl, baseUrl, cookie: await login(baseUrl, username, password), stop: async () => undefined };
}

/** `connections` clients repeat the journey's request for `seconds`; every answer's latency is kept. */
export async function runJourney(target: BenchTarget, journey: Exclude<JourneyName, 'export'>, fixtures: JourneyFixtures, options: LoadOptions): Promise<LoadResult> {
  const request = journeyRequest(journey, fixtures);
  const latencies: number[] = [];
  let n = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: target.baseUrl + request.path,
        method: 'POST',
        headers: { cookie: target.cookie, origin: target.baseUrl, 'content-type': 'application/x-www-form-urlencoded' },
        requests: [{ setupRequest: (req) => ({ ...req, body: request.body(n++) }) }],
        connections: options.connections,
        duration: options.seconds,
        verifyBody: (body: string | Buffer | undefined) => String(body ?? '').includes(request.expect),
      },
      (error, result) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(result)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  return {
    journey,
    target: target.name,
    requests: result.requests.total,
    rps: result.requests.total / options.seconds,
    ...percentiles(latencies),
    errors: result.errors + result.timeouts + result.non2xx + result.mismatches,
  };
}

/**
 * The export journey: `connections` users each export the item to Word again and again for
 * `seconds` (export/start → export/status until completed → export/download). Latency is the
 * whole sequence; a failed job, a poll error or a download that is not a .docx is an error.
 */
export async function runExportJourney(target: BenchTarget, fixtures: JourneyFixtures, options: LoadOptions): Promise<LoadResult> {
  const client = new SeedClient(target.baseUrl, target.cookie, options.connections);
  const latencies: number[] = [];
  let errors = 0;
  const until = Date.now() + options.seconds * 1000;
  const user = async (): Promise<void> => {
    while (Date.now() < until) {
      const started = Date.now();
      try {
        const { job_id: jobId } = await client.post<{ job_id: string }>('/api/export/start', { item_id: fixtures.itemId, format: 'word' });
        for (let state = ''; state !== 'completed';) {
          ({ state } = await client.post<{ state: string }>('/api/export/status', { job_id: jobId }));
          if (state === 'failed') throw new Error(`export ${jobId} failed`);
          if (Date.now() > until + 60_000) throw new Error(`export ${jobId} is still ${state}`);
          if (state !== 'completed') await new Promise((resolve) => setTimeout(resolve, 100));
        }
        const file = await fetch(`${target.baseUrl}/api/export/download?job_id=${jobId}`, { headers: { cookie: target.cookie } });
        const bytes = Buffer.from(await file.arrayBuffer());
        if (file.status !== 200 || bytes.subarray(0, 2).toString('latin1') !== 'PK') throw new Error(`download answered ${file.status}`);
        latencies.push(Date.now() - started);
      } catch {
        errors++;
      }
    }
  };
  const started = Date.now();
  try {
    await Promise.all(Array.from({ length: options.connections }, user));
  } finally {
    client.close();
  }
  const elapsed = (Date.now() - started) / 1000;
  return { journey: 'export', target: target.name, requests: latencies.length, rps: latencies.length / elapsed, ...percentiles(latencies), errors };
}

export function percentiles(samples: number[]): { p50: number; p95: number; p99: number } {
  if (samples.length === 0) return { p50: 0, p95: 0, p99: 0 };
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))];
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

export function formatResults(results: LoadResult[]): string {
  const lines = [
    'journey    | target                          | requests |    req/s | p50 ms | p95 ms | p99 ms | errors',
    '-----------|---------------------------------|----------|----------|--------|--------|--------|-------',
  ];
  for (const r of results) {
    lines.push(
      `${r.journey.padEnd(10)} | ${r.target.padEnd(31)} | ${String(r.requests).padStart(8)} | ${r.rps.toFixed(1).padStart(8)} | ${r.p50.toFixed(1).padStart(6)} | ${r.p95.toFixed(1).padStart(6)} | ${r.p99.toFixed(1).padStart(6)} | ${r.errors}`,
    );
  }
  return lines.join('\n');
}

/** Logs in; the cookies a browser then sends (session and client id), as a Cookie header. */
async function login(baseUrl: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password }),
  });
  const envelope = (await response.json()) as { error_code: number };
  if (envelope.error_code !== 0) throw new Error(`login as ${username} failed: ${JSON.stringify(envelope)}`);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}
