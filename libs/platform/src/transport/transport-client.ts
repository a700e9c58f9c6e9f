import type { Message, Subject } from '@quire/proto';

/**
 * The transport port as callers see it: send a message to a subject and get its reply.
 * Failures arrive as AppError (the handler's own, or Timeout / Unavailable / InvalidRoute).
 */
export abstract class TransportClient {
  abstract send<R = unknown>(subject: Subject, message: Message): Promise<R>;
  abstract ping(): Promise<void>;
  abstract close(): Promise<void>;
}
