/**
 * What an app's message map says of one subject. The platform knows no subject: the app declares
 * its map once and binds the transport to it (`TransportClient<AppMap>`, `messageHandler<AppMap>()`),
 * so a sender and a handler that disagree on a subject fail the type check.
 */
export interface MessageContract {
  /** What a sender sends. */
  request: unknown;
  /** What the handler is called with: the request as it arrives, before the handler has validated it. */
  received: unknown;
  /** What the handler returns and the sender gets back. */
  reply: unknown;
}

/** A message map: a contract for each subject (its keys). */
export type MessageContracts<M> = { [S in keyof M]: MessageContract };

export type SubjectOf<M> = keyof M & string;
export type RequestOf<M extends MessageContracts<M>, S extends SubjectOf<M>> = M[S]['request'];
export type ReceivedOf<M extends MessageContracts<M>, S extends SubjectOf<M>> = M[S]['received'];
export type ReplyOf<M extends MessageContracts<M>, S extends SubjectOf<M>> = M[S]['reply'];

/** The map of a client that names no subject: it can be pinged and closed, and sends nothing. */
export type NoMessages = Record<never, MessageContract>;
