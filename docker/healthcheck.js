// Container health check: `node docker/healthcheck.js [path]` (path defaults to /healthz).
// For the gateway it asks http://127.0.0.1:$PORT<path> and exits 0 on a 2xx answer, 1 otherwise.
// Services expose no HTTP: their health is their NATS connection, which the process itself watches
// (it exits when the connection is lost for good), so for them the check only confirms the process runs.
'use strict';

const app = process.env.APP || 'gateway';
if (app !== 'gateway' && app !== 'embedded') process.exit(0);

const path = process.argv[2] || '/healthz';
const port = process.env.PORT || '4999';
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
