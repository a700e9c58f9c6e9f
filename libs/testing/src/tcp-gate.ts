import * as net from 'node:net';
import { freePort } from './free-port';

/**
 * A TCP forwarder on a loopback port of its own, in front of a server (Redis, the MongoDB-protocol
 * server…), that a test shuts to make that server unreachable for the processes using the gate's
 * address only — as a network cut or a crashed server looks to them: shut, it refuses new
 * connections and cuts the open ones. The server itself keeps running for everyone else.
 */
export interface TcpGate {
  readonly port: number;
  /** `url` with its port replaced by the gate's (`redis://127.0.0.1:<gate>`). */
  url(url: string): string;
  /** Where the gate forwards to; may be set while the gate is shut (a server that starts later). */
  target: number | undefined;
  readonly isOpen: boolean;
  open(): Promise<void>;
  /** Refuses new connections and cuts the open ones. */
  shut(): Promise<void>;
}

/** A gate to `127.0.0.1:<target>`, open unless `{ open: false }` (a server that is unreachable from the start). */
export async function startTcpGate(target: number | undefined, options: { open?: boolean } = {}): Promise<TcpGate> {
  const port = await freePort();
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;

  const forward = (client: net.Socket) => {
    const upstream = net.connect(gate.target ?? 0, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
  };

  const gate: TcpGate = {
    port,
    target,
    url: (url) => url.replace(/^([a-z+]+:\/\/[^/@]*@?[^/:]+):\d+/, `$1:${port}`),
    get isOpen() {
      return server !== undefined;
    },
    async open() {
      if (server) return;
      const listening = net.createServer(forward);
      await new Promise<void>((resolve, reject) => {
        listening.once('error', reject);
        listening.listen(port, '127.0.0.1', () => resolve());
      });
      server = listening;
    },
    async shut() {
      const closing = server;
      server = undefined;
      for (const socket of sockets) socket.destroy();
      if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
    },
  };
  if (options.open !== false) await gate.open();
  return gate;
}
