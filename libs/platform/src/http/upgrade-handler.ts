import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';

/**
 * Takes over the HTTP upgrades (WebSocket) of one path of the site. The gateway's HTTP server hands
 * every upgrade of `path` to the handler a module provides under this token, and destroys the socket
 * of any other upgrade: the gateway knows the path and nothing of what is spoken there.
 */
export abstract class UpgradeHandler {
  /** The request path (without the query) whose upgrades this handler takes. */
  abstract readonly path: string;

  /** Answers the upgrade: accepts it, or writes an HTTP refusal and destroys the socket. Never throws. */
  abstract handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
}

/** The path of an upgrade request, without its query; '' when the target cannot be read. */
export function upgradePath(request: IncomingMessage): string {
  try {
    return new URL(request.url ?? '', 'http://upgrade.invalid').pathname;
  } catch {
    return '';
  }
}

/** Answers an upgrade with an HTTP status and closes the socket. */
export function refuseUpgrade(socket: Duplex, status: number, reason: string): void {
  if (!socket.writable) return void socket.destroy();
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`, () => socket.destroy());
}
