import type { MessageContracts, NoMessages, ReplyOf, RequestOf, SubjectOf } from './message-map';

/**
 * The largest message the transport carries. NATS refuses payloads over its `max_payload`
 * (1 MB by default; Quire's Compose and Kubernetes configs raise it to this); the in-process
 * transport holds to the same limit so both modes accept exactly the same requests.
 */
export const MAX_MESSAGE_BYTES = 8 * 1024 * 1024;

/**
 * The transport port as callers see it: send a message to a subject and get its reply, both typed
 * by the app's message map `M` (the platform itself names no subject).
 * Failures arrive as the app's errors (PlatformErrors): the handler's own, or a timeout, unavailable, no handler.
 */
export abstract class TransportClient<M extends MessageContracts<M> = NoMessages> {
  /** Sends the subject's request; resolves with its reply (undefined when the handler returns nothing). */
  send<S extends SubjectOf<M>>(subject: S, message: RequestOf<M, S>): Promise<ReplyOf<M, S>> {
    return this.request(subject, message);
  }

  /**
   * Passes on a message this side has not checked, to a subject of the map: a gateway relays what an
   * HTTP request carried, and the handler validates it. The reply is the handler's, unknown here.
   */
  relay(subject: SubjectOf<M>, message: unknown): Promise<unknown> {
    return this.request(subject, message);
  }

  abstract ping(): Promise<void>;
  abstract close(): Promise<void>;

  /** One call over the wire: what `send` and `relay` do once typed. */
  protected abstract request(subject: string, message: unknown): Promise<unknown>;
}
