import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { ErrorCode, translate, type Language } from '@quire/proto';

/** What Node's HTTP parser reports on a request it cannot read: the status that answers it, and why. */
const FAILURES: Record<string, { status: number; reason: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, reason: 'its headers are larger than 16 KB' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, reason: 'it did not arrive in time' },
};
const MALFORMED = { status: 400, reason: 'it is not well-formed HTTP (framing, Content-Length or Transfer-Encoding)' };

/**
 * Requests Node's HTTP parser cannot read (broken chunked encoding, a Content-Length that is no
 * number or beside Transfer-Encoding, headers over 16 KB) never reach express: Node answers them
 * with a bare 400. Here they get the envelope too, in the server's language (no request was read to
 * choose another), then the connection closes. Nothing is written
 * into a connection that has already started an answer, or that the client has reset.
 */
export function answerUnreadableRequests(server: Server, language: Language): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex & { bytesWritten?: number }) => {
    if (error.code === 'ECONNRESET' || !socket.writable || (socket.bytesWritten ?? 0) > 0) {
      socket.destroy();
      return;
    }
    const { status, reason } = FAILURES[error.code ?? ''] ?? MALFORMED;
    const body = JSON.stringify({ error_code: ErrorCode.BadRequest, error_message: translate('bad_request', language, { reason }) });
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
