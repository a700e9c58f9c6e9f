import * as http from 'node:http';
import autocannon from 'autocannon';
import { bareExpress, distributed, embedded, type BenchTarget } from './bench-targets';

/**
 * `npm run bench`: `POST /api/user/info` through the gateway, embedded and distributed,
 * against a bare express handler, side by side. Sequential latency shows what each layer
 * adds to one request; the concurrent run shows throughput.
 */
const SEQUENTIAL_REQUESTS = 2000;
const CONCURRENT_CONNECTIONS = 10;
const CONCURRENT_SECONDS = 5;

interface Row {
  target: string;
  seqP50: number;
  seqP99: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function sequential(target: BenchTarget): Promise<{ p50: number; p99: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const once = () =>
    new Promise<number>((resolve, reject) => {
      const started = process.hrtime.bigint();
      const req = http.request(target.url, { method: 'POST', agent, headers: { cookie: target.cookie, 'content-length': 0 } }, (res) => {
        res.resume();
        res.on('end', () => resolve(Number(process.hrtime.bigint() - started) / 1e6));
      });
      req.on('error', reject);
      req.end();
    });
  for (let i = 0; i < 200; i++) await once();
  const samples: number[] = [];
  for (let i = 0; i < SEQUENTIAL_REQUESTS; i++) samples.push(await once());
  agent.destroy();
  samples.sort((a, b) => a - b);
  return { p50: samples[Math.floor(samples.length * 0.5)], p99: samples[Math.floor(samples.length * 0.99)] };
}

async function concurrent(target: BenchTarget): Promise<{ rps: number; p50: number; p99: number; errors: number }> {
  const result = await autocannon({
    url: target.url,
    method: 'POST',
    headers: { cookie: target.cookie },
    connections: CONCURRENT_CONNECTIONS,
    duration: CONCURRENT_SECONDS,
  });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

async function measure(start: () => Promise<BenchTarget>): Promise<Row> {
  const target = await start();
  try {
    const seq = await sequential(target);
    const conc = await concurrent(target);
    return { target: target.name, seqP50: seq.p50, seqP99: seq.p99, ...conc };
  } finally {
    await target.stop();
  }
}

async function main(): Promise<void> {
  const rows: Row[] = [];
  for (const start of [bareExpress, embedded, distributed]) rows.push(await measure(start));
  const fmt = (n: number) => n.toFixed(2).padStart(8);
  console.log(`\nPOST /api/user/info — ${SEQUENTIAL_REQUESTS} sequential requests; then ${CONCURRENT_CONNECTIONS} connections for ${CONCURRENT_SECONDS} s`);
  console.log('target               | seq p50 ms | seq p99 ms |    req/s | p50 ms | p99 ms | errors');
  console.log('---------------------|------------|------------|----------|--------|--------|-------');
  for (const r of rows) {
    console.log(`${r.target.padEnd(20)} | ${fmt(r.seqP50)}   | ${fmt(r.seqP99)}   | ${r.rps.toFixed(0).padStart(8)} | ${String(r.p50).padStart(6)} | ${String(r.p99).padStart(6)} | ${r.errors}`);
  }
  const bare = rows[0];
  const embeddedRow = rows[1];
  console.log(`\nembedded adds ${(embeddedRow.seqP50 - bare.seqP50).toFixed(2)} ms p50 over a bare express handler (goal: under 1 ms)`);
}

main().catch((error: Error) => {
  console.error(error);
  process.exit(1);
});
