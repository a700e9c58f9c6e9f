/** Who is calling, as the gateway resolved it. `uid` 0 is an anonymous visitor. */
export interface Caller {
  uid: number;
  username: string;
  groupid: number;
  /** Opaque per-browser id (cookie `quire_client`): captcha codes and visit unlocks hang on it. */
  clientId: string;
  ip: string;
  /** The session token the call carried, when it carried one. */
  token?: string;
}

export const anonymousCaller = (clientId: string, ip: string): Caller => ({
  uid: 0,
  username: '',
  groupid: 0,
  clientId,
  ip,
});

/**
 * The largest message the transport carries. NATS refuses payloads over its `max_payload`
 * (1 MB by default; Quire's Compose and Kubernetes configs raise it to this); the in-process
 * transport holds to the same limit so both modes accept exactly the same requests.
 */
export const MAX_MESSAGE_BYTES = 8 * 1024 * 1024;

/** Wire parameters as they arrived: form values are strings, JSON may carry anything. */
export type WireParams = Record<string, unknown>;

/** Every message on the transport: the caller and the request parameters. */
export interface Message<P = WireParams> {
  caller: Caller;
  params: P;
}

/** A body sent as is instead of the envelope (images, files, empty bodies). */
export interface RawBody {
  contentType: string;
  /** Base64 of the bytes; only small generated bodies (captcha, QR code) travel this way. */
  base64: string;
  filename?: string;
}

/**
 * A reply that asks the gateway for more than the envelope: set or clear the session
 * cookie, or send a raw body. Handlers that only return data return the data itself.
 */
export interface Reply<T = unknown> {
  $reply: true;
  data?: T;
  raw?: RawBody;
  /** An empty 200 body (`ScriptCron/run`). */
  empty?: true;
  session?: { set: string; maxAgeSeconds: number } | { clear: true };
  /** Stream a stored file out of BlobStorage (downloads); the bytes never cross the transport. */
  blob?: BlobBody;
}

export interface BlobBody {
  key: string;
  contentType: string;
  filename: string;
  /** Shown in the browser (images) rather than downloaded; never for active content (HTML, SVG). */
  inline: boolean;
}

export const Reply = {
  raw(contentType: string, bytes: Buffer, filename?: string): Reply<never> {
    return { $reply: true, raw: { contentType, base64: bytes.toString('base64'), filename } };
  },
  empty(): Reply<never> {
    return { $reply: true, empty: true };
  },
  withSession<T>(data: T, token: string, maxAgeSeconds: number): Reply<T> {
    return { $reply: true, data, session: { set: token, maxAgeSeconds } };
  },
  clearingSession<T>(data: T): Reply<T> {
    return { $reply: true, data, session: { clear: true } };
  },
  blob(body: BlobBody): Reply<never> {
    return { $reply: true, blob: body };
  },
};

export function isReply(value: unknown): value is Reply {
  return typeof value === 'object' && value !== null && (value as { $reply?: unknown }).$reply === true;
}
