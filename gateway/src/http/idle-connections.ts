import type { Server } from 'node:http';

/** How long an idle keep-alive connection stays open: longer than a load balancer's or client's own idle limit (60 s and 4 s). */
const KEEP_ALIVE_MS = 65_000;

/**
 * Lets the client close idle connections first. With Node's 5 s default, a client (an ingress, undici,
 * a browser) may send its next request on a connection the server is closing at that moment, and a
 * POST that meets a closed connection fails without an answer (clients retry only idempotent requests).
 * Headers must still arrive within the keep-alive time, which Node requires to be the longer one.
 *
 * Once the server is closing (SIGTERM), a connection whose answer has just gone out is closed at once:
 * `close()` ends only the connections idle at that moment, and the others would hold the exit for the
 * whole keep-alive time.
 */
export function keepIdleConnections(server: Server): void {
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  server.on('request', (_req, res) => {
    res.on('finish', () => {
      if (!server.listening) setImmediate(() => server.closeIdleConnections());
    });
  });
}
