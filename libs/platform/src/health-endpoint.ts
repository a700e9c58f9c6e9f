import * as http from 'node:http';
import type { HealthReport } from './health.service';

export interface HealthEndpoint {
  readonly port: number;
  close(): Promise<void>;
}

/**
 * A distributed service's only HTTP: `GET /healthz` answers 200 while the process runs (liveness:
 * a dependency that is down never makes the kubelet restart it), `GET /readyz` answers 200 while
 * the service is in its queue group and 503 with the failing checks otherwise (readiness). It is
 * up before the service boots, so a service that waits for its stores is alive and not ready.
 */
export async function startHealthEndpoint(port: number, host: string, readiness: () => HealthReport): Promise<HealthEndpoint> {
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
      response.end(JSON.stringify(body));
    };
    if (request.method !== 'GET' && request.method !== 'HEAD') return answer(405, { error: 'method not allowed' });
    if (path === '/healthz') return answer(200, { status: 'ok' });
    if (path === '/readyz') {
      const report = readiness();
      return answer(report.ok ? 200 : 503, report);
    }
    answer(404, { error: 'not found' });
  });
  server.requestTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  // Probes only: it must never keep the process alive on shutdown.
  server.unref();
  return {
    port: (server.address() as { port: number }).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
