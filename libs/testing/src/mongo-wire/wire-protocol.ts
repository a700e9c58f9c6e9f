import { deserialize, serialize, type Document } from 'bson';
import type { Command } from './mongo-engine';

/** The MongoDB wire protocol's framing: OP_MSG, and OP_QUERY/OP_REPLY for a legacy handshake. */
const OP_REPLY = 1;
const OP_QUERY = 2004;
const OP_MSG = 2013;
const CHECKSUM_PRESENT = 1;
const MORE_TO_COME = 2;

/**
 * Numbers as JS numbers (Long beyond 2^53), regular expressions as BSONRegExp so their options
 * reach the matcher as MongoDB's (JS RegExp would turn `s` into `g`).
 */
const BSON_OPTIONS = { promoteLongs: true, promoteValues: true, bsonRegExp: true } as const;

export interface WireRequest {
  requestId: number;
  command: Command;
  /** OP_QUERY asks for an OP_REPLY answer. */
  legacy: boolean;
  /** OP_MSG moreToCome (w: 0): the client expects no answer. */
  noReply: boolean;
}

/** The length prefix of the next message, once 4 bytes are there. */
export function messageLength(buffer: Buffer): number | undefined {
  return buffer.length >= 4 ? buffer.readInt32LE(0) : undefined;
}

/** A complete message, or undefined for an op code this server does not speak (the caller closes the connection). */
export function parseMessage(message: Buffer): WireRequest | undefined {
  const requestId = message.readInt32LE(4);
  const opCode = message.readInt32LE(12);
  if (opCode === OP_MSG) {
    const flags = message.readUInt32LE(16);
    return { requestId, command: parseOpMsg(message, flags), legacy: false, noReply: (flags & MORE_TO_COME) !== 0 };
  }
  if (opCode === OP_QUERY) return { requestId, command: parseOpQuery(message), legacy: true, noReply: false };
  return undefined;
}

export function formatReply(request: WireRequest, reply: Document): Buffer {
  return request.legacy ? opReply(request.requestId, reply) : opMsg(request.requestId, reply);
}

function parseOpMsg(message: Buffer, flags: number): Command {
  const end = flags & CHECKSUM_PRESENT ? message.length - 4 : message.length;
  let offset = 20;
  let body: Command = {};
  const sequences: Record<string, Document[]> = {};
  while (offset < end) {
    const kind = message.readUInt8(offset++);
    const size = message.readInt32LE(offset);
    if (kind === 0) {
      body = deserialize(message.subarray(offset, offset + size), BSON_OPTIONS);
      offset += size;
      continue;
    }
    // Kind 1: a document sequence (the driver sends `documents`, `updates`, `deletes` this way).
    const sectionEnd = offset + size;
    const nameEnd = message.indexOf(0, offset + 4);
    const identifier = message.toString('utf8', offset + 4, nameEnd);
    const docs: Document[] = [];
    for (let at = nameEnd + 1; at < sectionEnd;) {
      const docSize = message.readInt32LE(at);
      docs.push(deserialize(message.subarray(at, at + docSize), BSON_OPTIONS));
      at += docSize;
    }
    sequences[identifier] = docs;
    offset = sectionEnd;
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
