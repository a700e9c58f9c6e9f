import type { TokenScope } from './schemas/token.schema';

/** Who is calling, as the gateway resolved it. `uid` 0 is an anonymous visitor. */
export interface Caller {
  uid: number;
  username: string;
  groupid: number;
  /** Opaque per-browser id (cookie `quire_client`): captcha codes and visit unlocks hang on it. */
  clientId: string;
  ip: string;
  /**
   * The session the call carried, when it named a live one: the SHA-256 (hex) of its token, as the
   * session is stored. The token itself goes no further than the gateway.
   */
  token?: string;
  /** A personal API token (issue 21) authenticated the call, not a session: which one, and what it may do. */
  personalToken?: { id: number; scope: TokenScope };
  /**
   * The visit password the request carried as `_item_pwd` (clients that keep no cookie): it opens a
   * private item for this request only, and a wrong one counts as a failed `item/pwd`.
   */
  itemPassword?: string;
}

export const anonymousCaller = (clientId: string, ip: string): Caller => ({
  uid: 0,
  username: '',
  groupid: 0,
  clientId,
  ip,
});

/** Wire parameters as they arrived: form values are strings, JSON may carry anything. */
export type WireParams = Record<string, unknown>;

/**
 * Tokens in the KeyValueStore that writers renew after every change of some data, so replicas
 * know whether what they cached is current (libs/platform's VersionToken): page content (pages,
 * catalogs, attachments, share keys), rights on items (items, members, unlocks, teams) and
 * notices (notices, read and delete receipts).
 */
export const CacheVersionKey = {
  Content: 'page:content-version',
  Access: 'item:access-version',
  Notice: 'notice:version',
} as const;
export type CacheVersionKey = (typeof CacheVersionKey)[keyof typeof CacheVersionKey];
export const CACHE_VERSION_KEYS: readonly CacheVersionKey[] = Object.values(CacheVersionKey);

/** Cache versions as read from the KeyValueStore (null: never renewed yet). */
export type CacheVersions = Partial<Record<CacheVersionKey, string | null>>;

/** Every message on the transport: the caller and the request parameters. */
export interface Message<P = WireParams> {
  caller: Caller;
  params: P;
  /**
   * The cache versions the gateway read together with the session, before forwarding: a service
   * that caches uses them instead of asking the KeyValueStore again (one round trip per request).
   */
  versions?: CacheVersions;
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
  /**
   * The data already serialized as JSON text (a cached menu): it crosses the transport and goes
   * into the envelope as one string, never parsed and serialized again on the way.
   */
  json?: string;
  raw?: RawBody;
  /** An empty 200 body (`ScriptCron/run`). */
  empty?: true;
  session?: { set: string; maxAgeSeconds: number } | { clear: true };
  /** Stream a stored file out of BlobStorage (downloads); the bytes never cross the transport. */
  blob?: BlobBody;
  /**
   * An opaque tag of everything the answer was built from (cache versions, the caller's rights, the
   * parameters): equal tags, equal answers. The gateway sends it as the ETag and answers a GET that
   * already holds it with 304.
   */
  version?: string;
}

export interface BlobBody {
  key: string;
  contentType: string;
  filename: string;
  /** Shown in the browser (images) rather than downloaded; never for active content (HTML, SVG). */
  inline: boolean;
}

export const Reply = {
  /** `text` must be the JSON of a `T`; see `spliceJson` to build it from parts. `version`: see `Reply.version`. */
  json<T>(text: string, version?: string): Reply<T> {
    return version === undefined ? { $reply: true, json: text } : { $reply: true, json: text, version };
  },
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

/**
 * The JSON text of an object made of `before`'s fields, then `key` whose value is already JSON
 * text, then `after`'s fields (field order as the wire contract shows it).
 */
export function spliceJson(before: object, key: string, json: string, after: object = {}): string {
  const head = JSON.stringify(before).slice(0, -1);
  const tail = JSON.stringify(after).slice(1);
  return `${head}${head.length > 1 ? ',' : ''}${JSON.stringify(key)}:${json}${tail.length > 1 ? ',' : ''}${tail}`;
}

/** A reply's data when it came as JSON text (`Reply.json`); anything else as it is. */
export function parseJsonReply<T>(reply: unknown): T {
  return (isReply(reply) && reply.json !== undefined ? JSON.parse(reply.json) : reply) as T;
}
