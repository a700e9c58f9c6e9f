import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { deserialize, Long, serialize, type Document } from 'bson';
import { DuplicateKeyError, NedbDocumentStore, type Collection } from '@quire/platform';

/**
 * A MongoDB-protocol server for tests, in the spirit of s3rver: no MongoDB server exists on
 * these machines, yet replicas of a service (two page processes in one queue group) must share
 * one document store. It speaks the wire protocol (OP_MSG, and OP_QUERY for the handshake) for
 * the commands `MongoDocumentStore` sends through the official driver, and answers them with
 * an embedded NeDB store, so the filters keep the port's meaning. Not a general MongoDB.
 */
export interface MongoWireServer {
  /** `mongodb://127.0.0.1:<port>/<database>` */
  url: string;
  port: number;
  /** Commands answered so far (a test can see the store was really used). */
  commands(): number;
  stop(): Promise<void>;
}

const OP_REPLY = 1;
const OP_QUERY = 2004;
const OP_MSG = 2013;
const COUNTERS = 'counters';

type Command = Document & { $db?: string };

class CommandError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export async function startMongoWireServer(options: { database?: string } = {}): Promise<MongoWireServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-mongo-wire-'));
  const databases = new Map<string, NedbDocumentStore>();
  const sockets = new Set<net.Socket>();
  let answered = 0;

  const store = (name: string): NedbDocumentStore => {
    let found = databases.get(name);
    if (!found) {
      if (!/^[A-Za-z0-9_-]{1,64}$/.test(name)) throw new CommandError(73, `Invalid database name ${name}`);
      found = new NedbDocumentStore({ dir: path.join(dir, name) });
      databases.set(name, found);
    }
    return found;
  };

  const execute = async (command: Command): Promise<Document> => {
    const name = Object.keys(command)[0] ?? '';
    const db = command.$db ?? 'admin';
    const collection = (): Collection<Document> => store(db).collection<Document>(String(command[name]));
    switch (name.toLowerCase()) {
      case 'hello':
      case 'ismaster':
        return {
          helloOk: true,
          ismaster: true,
          isWritablePrimary: true,
          maxBsonObjectSize: 16 * 1024 * 1024,
          maxMessageSizeBytes: 48_000_000,
          maxWriteBatchSize: 100_000,
          localTime: new Date(),
          logicalSessionTimeoutMinutes: 30,
          connectionId: 1,
          minWireVersion: 0,
          maxWireVersion: 21,
          readOnly: false,
        };
      case 'ping':
      case 'endsessions':
      case 'killcursors':
        return {};
      case 'buildinfo':
        return { version: '7.0.0', versionArray: [7, 0, 0, 0] };
      case 'createindexes': {
        for (const index of command.indexes as { key: Record<string, number>; unique?: boolean; sparse?: boolean }[]) {
          const fields = Object.keys(index.key);
          if (fields.length !== 1) throw new CommandError(67, 'only single-field indexes are supported');
          await collection().ensureIndex({ field: fields[0] as never, unique: index.unique ?? false, sparse: index.sparse ?? false });
        }
        return {};
      }
      case 'insert': {
        const documents = (command.documents as Document[]).map(({ _id, ...rest }) => rest);
        const target = collection();
        let n = 0;
        const writeErrors: Document[] = [];
        // ordered (the driver's default): stop at the first failure, as MongoDB does.
        for (const [index, doc] of documents.entries()) {
          try {
            await target.insertOne(doc);
            n++;
          } catch (error) {
            writeErrors.push(writeError(index, error));
            break;
          }
        }
        return { n, ...(writeErrors.length ? { writeErrors } : {}) };
      }
      case 'find': {
        const docs = await collection().find(command.filter ?? {}, {
          sort: command.sort,
          skip: numberOf(command.skip),
          limit: Math.abs(numberOf(command.limit)),
          fields: fieldsOf(command.projection),
        });
        return cursor(db, String(command.find), docs);
      }
      case 'aggregate': {
        const pipeline = command.pipeline as Document[];
        const match = pipeline.find((stage) => '$match' in stage)?.$match ?? {};
        const group = pipeline.find((stage) => '$group' in stage)?.$group as Document | undefined;
        if (!group || pipeline.some((stage) => !('$match' in stage) && !('$group' in stage))) {
          throw new CommandError(168, 'only the countDocuments pipeline ($match, $group) is supported');
        }
        const n = await collection().count(match);
        const countField = Object.keys(group).find((key) => key !== '_id') ?? 'n';
        return cursor(db, String(command.aggregate), n > 0 ? [{ _id: group._id, [countField]: n }] : []);
      }
      case 'count':
        return { n: await collection().count(command.query ?? {}) };
      case 'update': {
        let n = 0;
        const writeErrors: Document[] = [];
        for (const [index, update] of (command.updates as Document[]).entries()) {
          try {
            if (update.upsert) throw new CommandError(2, 'upsert is only supported for counters');
            n += update.multi ? await collection().updateMany(update.q, update.u) : await collection().updateOne(update.q, update.u);
          } catch (error) {
            writeErrors.push(writeError(index, error));
            break;
          }
        }
        return { n, nModified: n, ...(writeErrors.length ? { writeErrors } : {}) };
      }
      case 'delete': {
        let n = 0;
        for (const del of command.deletes as Document[]) {
          n += numberOf(del.limit) === 1 ? await collection().deleteOne(del.q) : await collection().deleteMany(del.q);
        }
        return { n };
      }
      case 'findandmodify': {
        const target = String(command.findAndModify ?? command.findandmodify);
        const query = (command.query ?? {}) as Document;
        if (target === COUNTERS && command.upsert && typeof query._id === 'string') {
          // nextId: `{ _id: sequence }`, `$inc: { seq: 1 }`, upsert, the document after.
          const seq = await store(db).nextId(query._id);
          return { lastErrorObject: { n: 1, updatedExisting: seq > 1 }, value: { _id: query._id, seq } };
        }
        if (command.upsert || command.remove || !command.new) throw new CommandError(2, 'findAndModify: only {new: true} updates are supported');
        const value = await store(db).collection<Document>(target).findOneAndUpdate(query, command.update);
        return { lastErrorObject: { n: value ? 1 : 0, updatedExisting: Boolean(value) }, value };
      }
      case 'drop':
      case 'dropdatabase':
        return {};
      default:
        throw new CommandError(59, `no such command: '${name}'`);
    }
  };

  const reply = async (command: Command): Promise<Document> => {
    answered++;
    try {
      return { ...(await execute(command)), ok: 1 };
    } catch (error) {
      if (error instanceof CommandError) return { ok: 0, code: error.code, errmsg: error.message };
      if (error instanceof DuplicateKeyError) return { ok: 0, code: 11000, errmsg: `E11000 duplicate key error: ${error.message}` };
      return { ok: 0, code: 8000, errmsg: error instanceof Error ? error.message : String(error) };
    }
  };

  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    let pending = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      while (pending.length >= 4 && pending.length >= pending.readInt32LE(0)) {
        const length = pending.readInt32LE(0);
        const message = pending.subarray(0, length);
        pending = pending.subarray(length);
        void handle(socket, message);
      }
    });
  });

  const handle = async (socket: net.Socket, message: Buffer): Promise<void> => {
    const requestId = message.readInt32LE(4);
    const opCode = message.readInt32LE(12);
    if (opCode === OP_MSG) {
      const response = await reply(parseOpMsg(message));
      if (!socket.destroyed) socket.write(opMsg(requestId, response));
    } else if (opCode === OP_QUERY) {
      const response = await reply(parseOpQuery(message));
      if (!socket.destroyed) socket.write(opReply(requestId, response));
    } else {
      socket.destroy();
    }
  };

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `mongodb://127.0.0.1:${port}/${options.database ?? 'quire'}`,
    port,
    commands: () => answered,
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.allSettled([...databases.values()].map((db) => db.close()));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function writeError(index: number, error: unknown): Document {
  if (error instanceof DuplicateKeyError) return { index, code: 11000, errmsg: `E11000 duplicate key error: ${error.message}` };
  return { index, code: error instanceof CommandError ? error.code : 8000, errmsg: error instanceof Error ? error.message : String(error) };
}

function cursor(db: string, collection: string, docs: Document[]): Document {
  // Everything in the first batch; cursor id 0 tells the driver there is nothing more.
  return { cursor: { id: Long.fromNumber(0), ns: `${db}.${collection}`, firstBatch: docs } };
}

function numberOf(value: unknown): number {
  if (typeof value === 'number') return value;
  if (value instanceof Long) return value.toNumber();
  return 0;
}

function fieldsOf(projection: Document | undefined): string[] | undefined {
  const fields = Object.entries(projection ?? {})
    .filter(([field, include]) => field !== '_id' && Boolean(include))
    .map(([field]) => field);
  return fields.length > 0 ? fields : undefined;
}

const BSON_OPTIONS = { promoteLongs: true, promoteValues: true } as const;

function parseOpMsg(message: Buffer): Command {
  const flags = message.readUInt32LE(16);
  const end = flags & 1 ? message.length - 4 : message.length;
  let offset = 20;
  let body: Command = {};
  const sequences: Record<string, Document[]> = {};
  while (offset < end) {
    const kind = message.readUInt8(offset++);
    if (kind === 0) {
      const size = message.readInt32LE(offset);
      body = deserialize(message.subarray(offset, offset + size), BSON_OPTIONS);
      offset += size;
    } else {
      const size = message.readInt32LE(offset);
      const sectionEnd = offset + size;
      const nameEnd = message.indexOf(0, offset + 4);
      const identifier = message.toString('utf8', offset + 4, nameEnd);
      let cursorAt = nameEnd + 1;
      const docs: Document[] = [];
      while (cursorAt < sectionEnd) {
        const docSize = message.readInt32LE(cursorAt);
        docs.push(deserialize(message.subarray(cursorAt, cursorAt + docSize), BSON_OPTIONS));
        cursorAt += docSize;
      }
      sequences[identifier] = docs;
      offset = sectionEnd;
    }
  }
  return { ...body, ...sequences };
}

function parseOpQuery(message: Buffer): Command {
  const nsEnd = message.indexOf(0, 20);
  const ns = message.toString('utf8', 20, nsEnd);
  const queryAt = nsEnd + 1 + 8;
  const size = message.readInt32LE(queryAt);
  const query = deserialize(message.subarray(queryAt, queryAt + size), BSON_OPTIONS);
  const command = (query.$query ?? query) as Command;
  return { ...command, $db: ns.split('.')[0] };
}

function header(length: number, responseTo: number, opCode: number): Buffer {
  const buffer = Buffer.alloc(16);
  buffer.writeInt32LE(length, 0);
  buffer.writeInt32LE(0, 4);
  buffer.writeInt32LE(responseTo, 8);
  buffer.writeInt32LE(opCode, 12);
  return buffer;
}

function opMsg(responseTo: number, doc: Document): Buffer {
  const body = serialize(doc);
  const flagsAndKind = Buffer.alloc(5);
  return Buffer.concat([header(16 + 5 + body.length, responseTo, OP_MSG), flagsAndKind, body]);
}

function opReply(responseTo: number, doc: Document): Buffer {
  const body = serialize(doc);
  const fields = Buffer.alloc(20);
  fields.writeInt32LE(1, 16);
  return Buffer.concat([header(16 + 20 + body.length, responseTo, OP_REPLY), fields, body]);
}
