import * as net from 'node:net';
import type { Document } from 'bson';
import { MongoEngine, type Command, type ConnectionInfo } from './mongo-wire/mongo-engine';
import { formatReply, messageLength, parseMessage } from './mongo-wire/wire-protocol';

/**
 * A MongoDB-protocol server for tests, in the spirit of s3rver: no MongoDB server exists on these
 * machines, yet replicas of a service (two page processes in one queue group) must share one
 * document store, and MongoDocumentStore must run every code path in CI. It speaks the wire
 * protocol (OP_MSG, and OP_QUERY for the handshake) and answers as the primary of a one-member
 * MongoDB 7 replica set does, transactions included (see mongo-wire/mongo-engine.ts; what still
 * differs is listed in docs/operations.md).
 */
export interface MongoWireServer {
  /**
   * `mongodb://127.0.0.1:<port>/<database>?directConnection=true`. The driver needs
   * `directConnection`: without it, it would go to the member the replica set names (this port),
   * past a TcpGate placed in front of the server.
   */
  url: string;
  port: number;
  /** Commands answered so far (a test can see the store was really used). */
  commands(): number;
  /**
   * Closes every connection and stops listening, as a stopped mongod: clients see network errors
   * and then fail to select a server. The data stays for `start()`.
   */
  stop(): Promise<void>;
  /** Serves again on the same port with the data it held; cursors and fail points are gone, as after a restart. */
  start(): Promise<void>;
  /** Stops for good and drops the data. */
  dispose(): Promise<void>;
}

/** Messages larger than MongoDB's maxMessageSizeBytes end the connection. */
const MAX_MESSAGE_BYTES = 48_000_000;

export async function startMongoWireServer(options: { database?: string } = {}): Promise<MongoWireServer> {
  let port = 0;
  const engine = new MongoEngine(() => `127.0.0.1:${port}`);
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let answered = 0;
  let connections = 0;

  const answer = async (command: Command, connection: ConnectionInfo, socket: net.Socket): Promise<Document | undefined> => {
    const action = engine.failPoint.take(Object.keys(command)[0] ?? '', connection.appName);
    if (action) {
      if (action.blockTimeMS > 0) await new Promise((resolve) => setTimeout(resolve, action.blockTimeMS));
      if (action.closeConnection) {
        socket.destroy();
        return undefined;
      }
    }
    return engine.run(command, connection, action?.error);
  };

  const handle = async (socket: net.Socket, connection: ConnectionInfo, message: Buffer): Promise<void> => {
    const request = parseMessage(message);
    if (!request) {
      socket.destroy();
      return;
    }
    answered++;
    const reply = await answer(request.command, connection, socket);
    if (reply && !request.noReply && !socket.destroyed) socket.write(formatReply(request, reply));
  };

  const serve = (socket: net.Socket): void => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    const connection: ConnectionInfo = { id: ++connections };
    let pending = Buffer.alloc(0);
    // One message at a time per connection, in order, as a mongod answers them.
    let queue = Promise.resolve();
    socket.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      for (;;) {
        const length = messageLength(pending);
        if (length === undefined || pending.length < length) break;
        if (length < 16 || length > MAX_MESSAGE_BYTES) {
          socket.destroy();
          return;
        }
        const message = pending.subarray(0, length);
        pending = pending.subarray(length);
        queue = queue
          .then(() => handle(socket, connection, message))
          .catch(() => {
            socket.destroy();
          });
      }
    });
  };

  const listen = async (): Promise<void> => {
    const next = net.createServer(serve);
    await new Promise<void>((resolve, reject) => {
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => resolve());
    });
    server = next;
    port = (next.address() as net.AddressInfo).port;
  };

  const stop = async (): Promise<void> => {
    const running = server;
    if (!running) return;
    server = undefined;
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => running.close(() => resolve()));
    engine.restart();
  };

  await listen();
  return {
    url: `mongodb://127.0.0.1:${port}/${options.database ?? 'quire'}?directConnection=true`,
    port,
    commands: () => answered,
    stop,
    async start() {
      if (!server) await listen();
    },
    async dispose() {
      await stop();
      engine.clear();
    },
  };
}
