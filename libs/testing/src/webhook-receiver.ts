import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One POST a receiver got: its headers, the exact bytes, and the JSON they hold. */
export interface ReceivedHook {
  headers: IncomingHttpHeaders;
  raw: string;
  body: Record<string, unknown>;
}

/** How the receiver answers its nth request (from 1): an HTTP status, or dropping the connection unanswered. */
export type ReceiverAnswer = number | 'reset';

export interface WebhookReceiver {
  /** `http://<host>:<port>/hook` */
  url: string;
  /** Every request, answered or not, in arrival order. */
  received: ReceivedHook[];
  /** Resolves once `count` requests arrived (rejects after `timeoutMs`, naming what came). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedHook[]>;
  close(): Promise<void>;
}

/**
 * A real HTTP server standing in for a webhook's receiver, on a loopback address the test allows
 * (`HTTP_PROXY_ALLOW_HOSTS`); `answer` decides each reply (204 by default).
 */
export async function startWebhookReceiver(host: string, answer: (nth: number) => ReceiverAnswer = () => 204): Promise<WebhookReceiver> {
  const received: ReceivedHook[] = [];
  const waiters = new Set<() => void>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        // Kept raw: the test sees what came.
      }
      received.push({ headers: req.headers, raw, body });
      for (const wake of waiters) wake();
      const reply = answer(received.length);
      if (reply === 'reset') req.socket.destroy();
      else res.writeHead(reply, { 'content-type': 'text/plain' }).end(reply >= 200 && reply < 300 ? '' : 'no');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}/hook`,
    received,
    waitFor(count, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (received.length < count) return;
          finish();
          resolve(received.slice());
        };
        const timer = setTimeout(() => {
          finish();
          reject(new Error(`expected ${count} webhook request(s) within ${timeoutMs} ms, got ${received.length}: ${received.map((r) => r.headers['x-quire-event']).join(', ')}`));
        }, timeoutMs);
        const finish = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Whether a request's `X-Quire-Signature` is the HMAC-SHA256 of its exact body with the secret, as a receiver checks it. */
export function hasValidSignature(hook: ReceivedHook, secret: string): boolean {
  const header = String(hook.headers['x-quire-signature'] ?? '');
  const expected = `sha256=${createHmac('sha256', secret).update(hook.raw, 'utf8').digest('hex')}`;
  return header.length === expected.length && timingSafeEqual(Buffer.from(header), Buffer.from(expected));
}
