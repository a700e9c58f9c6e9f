import type { IncomingMessage } from 'node:http';
import * as net from 'node:net';
import type { Duplex } from 'node:stream';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { QuireConfig } from '@quire/config';
import { QUIRE_CONFIG, refuseUpgrade, UpgradeHandler } from '@quire/platform';
import { COLLAB_PATH } from '@quire/proto';

/** How long a replica may take to accept the connection before the next one is tried. */
const CONNECT_TIMEOUT_MS = 3_000;

/**
 * The distributed gateway's part in co-editing: it forwards each upgrade of COLLAB_PATH, as it came
 * (request line, headers, then both directions as raw bytes), to a collab replica of COLLAB_URL, in
 * turn; a replica that does not accept the connection is skipped for the next. Replicas share every
 * document through Redis, so any of them will do (no sticky sessions), and a client whose replica
 * died reconnects through here to another. The session, the Origin and the rights are the collab
 * service's to check.
 */
@Injectable()
export class CollabUpgradeProxy extends UpgradeHandler {
  readonly path = COLLAB_PATH;
  private readonly logger = new Logger(CollabUpgradeProxy.name);
  private readonly replicas: URL[];
  private next = 0;

  constructor(@Inject(QUIRE_CONFIG) config: QuireConfig) {
    super();
    this.replicas = config.collab.urls.map((url) => new URL(url));
  }

  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    if (this.replicas.length === 0) return refuseUpgrade(socket, 503, 'Service Unavailable');
    const first = this.next++ % this.replicas.length;
    this.forward(request, socket, head, first, 0);
  }

  private forward(request: IncomingMessage, socket: Duplex, head: Buffer, first: number, tried: number): void {
    if (tried >= this.replicas.length || socket.destroyed) return refuseUpgrade(socket, 502, 'Bad Gateway');
    const replica = this.replicas[(first + tried) % this.replicas.length];
    const upstream = net.connect({ host: replica.hostname, port: Number(replica.port || 80), timeout: CONNECT_TIMEOUT_MS });
    const giveUp = (error?: Error) => {
      upstream.destroy();
      this.logger.warn(`The collab replica ${replica.host} did not take a co-editing connection (${error?.message ?? 'timeout'}); trying the next`);
      this.forward(request, socket, head, first, tried + 1);
    };
    upstream.once('error', giveUp);
    upstream.once('timeout', () => giveUp());
    upstream.once('connect', () => {
      upstream.removeListener('error', giveUp);
      upstream.removeAllListeners('timeout');
      upstream.setTimeout(0);
      upstream.write(requestHead(request));
      if (head.length > 0) upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
      upstream.on('error', () => socket.destroy());
      socket.on('error', () => upstream.destroy());
      upstream.on('close', () => socket.destroy());
      socket.on('close', () => upstream.destroy());
    });
  }
}

/** The upgrade request as the client sent it: its line and headers, with the client's address for the replica's log. */
function requestHead(request: IncomingMessage): string {
  const lines = [`${request.method ?? 'GET'} ${request.url ?? '/'} HTTP/1.1`];
  for (let i = 0; i < request.rawHeaders.length; i += 2) {
    if (request.rawHeaders[i].toLowerCase() === 'x-forwarded-for') continue;
    lines.push(`${request.rawHeaders[i]}: ${request.rawHeaders[i + 1]}`);
  }
  const forwarded = [request.headers['x-forwarded-for'], request.socket.remoteAddress].filter(Boolean).join(', ');
  if (forwarded) lines.push(`X-Forwarded-For: ${forwarded}`);
  return `${lines.join('\r\n')}\r\n\r\n`;
}
