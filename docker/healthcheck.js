// Container health check: `node docker/healthcheck.js [path]` (path defaults to /healthz: liveness; /readyz: readiness).
// The gateway (and embedded) answers on http://127.0.0.1:$PORT; a service on its health endpoint,
// http://127.0.0.1:$HEALTH_PORT (libs/platform/src/health-endpoint.ts). Exits 0 on a 2xx answer, 1 otherwise.
// A service never exits because a dependency is away: it stays alive (/healthz 200) and not ready
// (/readyz 503, out of its NATS queue group) until MongoDB and Redis answer again.
'use strict';

const app = process.env.APP || 'gateway';
const isService = app !== 'gateway' && app !== 'embedded';
// A service started without HEALTH_PORT has no endpoint: nothing to ask, the process running is all there is to know.
if (isService && !process.env.HEALTH_PORT) process.exit(0);

const path = process.argv[2] || '/healthz';
const port = isService ? process.env.HEALTH_PORT : process.env.PORT || '4999';
const timeout = AbortSignal.timeout(Number(process.env.HEALTHCHECK_TIMEOUT_MS || 4000));

fetch(`http://127.0.0.1:${port}${path}`, { signal: timeout }).then(
  (response) => {
    if (!response.ok) console.error(`${path}: HTTP ${response.status}`);
    process.exit(response.ok ? 0 : 1);
  },
  (error) => {
    console.error(`${path}: ${error.message}`);
    process.exit(1);
  },
);
