import * as net from 'node:net';

/**
 * Below the kernel's ephemeral range (32768–60999 here): a port the kernel hands out with `listen(0)`
 * can be given a moment later to the local end of any outgoing connection (a NATS or Redis client of
 * another test), and the server the port was meant for then fails with EADDRINUSE. Ports from this
 * range are handed out only to listeners that ask for them by number.
 */
const FIRST_PORT = 20_000;
const PORTS = 12_000;

/** A TCP port on 127.0.0.1 that was free a moment ago, outside the ephemeral range. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    const port = FIRST_PORT + Math.floor(Math.random() * PORTS);
    if (await canListen(port)) return port;
    if (attempt >= 100) throw new Error('no free port found below the ephemeral range');
  }
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** Resolves once something accepts TCP connections on the port, rejects after `timeoutMs`. */
export async function waitForPort(port: number, timeoutMs = 10_000, host = '127.0.0.1'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, host);
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`Nothing listens on ${host}:${port} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
