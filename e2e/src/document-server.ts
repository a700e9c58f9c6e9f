import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A local HTTP server that serves fixed documents (the API import's URL tests), on one loopback address. */
export interface DocumentServer {
  /** `http://<host>:<port>` */
  url: string;
  port: number;
  close(): Promise<void>;
}

export async function startDocumentServer(host: string, documents: Record<string, string>): Promise<DocumentServer> {
  const server = http.createServer((req, res) => {
    const body = documents[(req.url ?? '').split('?')[0]];
    if (body === undefined) res.writeHead(404).end('not found');
    else res.writeHead(200, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const port = (server.address() as AddressInfo).port;
  return { url: `http://${host}:${port}`, port, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
