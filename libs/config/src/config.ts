import { isIP } from 'node:net';
import * as path from 'node:path';
import { z } from 'zod';
import { Languages } from '@quire/proto';

const port = (fallback: number) => z.coerce.number().int().min(1).max(65535).default(fallback);
const positive = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const url = (protocols: string[]) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    `must be a URL (${protocols.join(' or ')})`,
  );

/** A 32-byte key written as 64 hex digits or as base64 (standard or URL-safe, padding optional); null after reporting the issue. */
function parseSecretKey(value: string, ctx: z.RefinementCtx): Buffer | null {
  const key = /^[0-9a-fA-F]{64}$/.test(value) ? Buffer.from(value, 'hex') : /^[A-Za-z0-9+/_-]{43}=?$/.test(value) ? Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64') : null;
  if (key?.length === 32) return key;
  ctx.addIssue({ code: 'custom', message: 'must be 32 bytes written as base64 or as 64 hex digits (e.g. `openssl rand -base64 32`)' });
  return null;
}

/** An http(s) origin, normalised (`https://Docs.Example.com:443/` -> `https://docs.example.com`); '' after reporting the issue. */
function parseOrigin(value: string, ctx: z.RefinementCtx): string {
  try {
    const parsed = new URL(value);
    const bare = parsed.pathname === '/' && !parsed.search && !parsed.hash && !parsed.username && !parsed.password;
    if ((parsed.protocol === 'http:' || parsed.protocol === 'https:') && bare) return parsed.origin;
  } catch {
    // reported below
  }
  ctx.addIssue({ code: 'custom', message: `${JSON.stringify(value)} is not an origin (http:// or https://, a host and an optional port, no path)` });
  return '';
}

/** Express's `trust proxy`: no proxy, a number of hops, or the proxies' addresses. */
export type TrustProxy = false | number | string[];

/** Most proxies Quire may sit behind; a larger count would trust whatever a client writes, as `true` would. */
const MAX_PROXY_HOPS = 10;
/** The address ranges express names (proxy-addr): loopback, link-local and unique-local (private) addresses. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An IP, a CIDR (`10.0.0.0/8`, `fd00::/8`) or a named range. */
function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

/**
 * TRUST_PROXY: which proxies in front of Quire may say who the client is (`X-Forwarded-For`,
 * `-Proto`, `-Host`). Off (`false`, `0`, unset); a number of hops (`1` behind one ingress: the
 * address that ingress saw, whatever a client wrote further left); or the proxies' addresses.
 * `true` would trust every hop a client writes itself, so anyone could claim any address: refused.
 */
function parseTrustProxy(value: string, ctx: z.RefinementCtx): TrustProxy {
  const lower = value.trim().toLowerCase();
  if (['', 'false', 'no', 'off', '0'].includes(lower)) return false;
  const refuse = (message: string) => {
    ctx.addIssue({ code: 'custom', message });
    return false as const;
  };
  if (['true', 'yes', 'on'].includes(lower)) {
    return refuse(
      'would trust any X-Forwarded-For a client sends (anyone could claim any address): give the number of proxies in front of Quire (e.g. 1 behind one ingress or reverse proxy) or their addresses (comma-separated IPs or CIDRs)',
    );
  }
  if (/^\d+$/.test(lower)) return Number(lower) <= MAX_PROXY_HOPS ? Number(lower) : refuse(`must be at most ${MAX_PROXY_HOPS} hops`);
  const entries = lower
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const wrong = entries.filter((entry) => !isProxyAddress(entry));
  if (wrong.length > 0) return refuse(`${wrong.map((entry) => JSON.stringify(entry)).join(', ')}: not a number of hops, an IP address or a CIDR range`);
  return entries;
}

const secretKey = z.string().transform((value, ctx) => parseSecretKey(value.trim(), ctx) ?? z.NEVER);

/** Every variable Quire reads; docker-compose.yml and k8s/ set each of them (a test checks). */
const EnvSchema = z.object({
  PORT: port(4999),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  LANGUAGE: z.enum(Languages).default('en'),
  QUIRE_ADMIN_PASSWORD: z.string().min(6).max(128).optional(),
  REQUEST_TIMEOUT_MS: positive(20_000),
  RATE_LIMIT_PER_MINUTE: positive(30),
  TOKEN_RATE_LIMIT_PER_MINUTE: positive(600),
  /** `false`, a number of proxy hops, or the proxies' addresses (see parseTrustProxy). */
  TRUST_PROXY: z.string().default('').transform(parseTrustProxy),
  WEB_DIST: z.string().optional(),
  /** The headless Chromium the export worker prints PDFs and renders the HTML site with (issue 22). */
  CHROMIUM_PATH: z.string().min(1).default('/usr/bin/chromium'),
  NATS_URL: url(['nats:', 'tls:']).default('nats://127.0.0.1:4222'),
  REDIS_URL: url(['redis:', 'rediss:']).default('redis://127.0.0.1:6379'),
  MONGO_URL: url(['mongodb:', 'mongodb+srv:']).optional(),
  S3_ENDPOINT: url(['http:', 'https:']).optional(),
  S3_ACCESS_KEY: z.string().default('minioadmin'),
  S3_SECRET_KEY: z.string().default('minioadmin'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{2,62}$/, 'must be a valid bucket name')
    .default('quire'),
  S3_REGION: z.string().default('us-east-1'),
  SMTP_URL: url(['smtp:', 'smtps:']).optional(),
  MAIL_FROM: z.string().default('Quire <quire@localhost>'),
  /** The site's address as users reach it (links in mail); default http://localhost:<PORT>. */
  PUBLIC_URL: url(['http:', 'https:']).optional(),
  /** More origins (comma-separated `https://host[:port]`) whose pages may make changes with the session cookie, besides PUBLIC_URL's and the request's own. */
  TRUSTED_ORIGINS: z
    .string()
    .default('')
    .transform((value, ctx) =>
      value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean)
        .map((entry) => parseOrigin(entry, ctx)),
    ),
  JOB_CONCURRENCY: positive(2),
  /** Distributed services: the port of their HTTP health endpoint (`/healthz` liveness, `/readyz` readiness); unset = none. */
  HEALTH_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** What each user's uploaded files may hold together, in MiB; 0 = no limit. */
  UPLOAD_QUOTA_MB: z.coerce.number().int().min(0).default(1024),
  /** Addresses (IPs or CIDR ranges, comma-separated) the HTTP test tool's server proxy may reach although they are internal. */
  HTTP_PROXY_ALLOW_HOSTS: z.string().default(''),
  /** Webhooks: how long a receiver has to answer, and the delay before the first retry (doubling for each next one). */
  WEBHOOK_TIMEOUT_MS: positive(10_000),
  WEBHOOK_RETRY_MS: positive(10_000),
  /** The key that encrypts secrets at rest: 32 bytes as base64 or 64 hex digits. Required in distributed mode. */
  QUIRE_SECRET_KEY: secretKey.optional(),
  /** Earlier keys, comma-separated: what they encrypted still decrypts, and is re-encrypted under QUIRE_SECRET_KEY at boot. */
  QUIRE_SECRET_KEY_PREVIOUS: z
    .string()
    .default('')
    .transform((value, ctx) =>
      value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean)
        .map((entry) => parseSecretKey(entry, ctx))
        .filter((key) => key !== null),
    ),
  /** Distributed: the port of the collab service's own HTTP server, where the gateway forwards co-editing WebSocket upgrades. */
  COLLAB_PORT: port(4997),
  /** Distributed gateway: where co-editing WebSocket upgrades go (comma-separated `http://host:port` of the collab replicas, or one Service address). */
  COLLAB_URL: z
    .string()
    .default('')
    .transform((value, ctx) =>
      value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean)
        .map((entry) => parseOrigin(entry, ctx)),
    ),
  /** Co-editing: a changed page is written after this many milliseconds without an edit … */
  COLLAB_SAVE_QUIET_MS: positive(5_000),
  /** … and at the latest this many milliseconds after its first unsaved edit. */
  COLLAB_SAVE_MAX_MS: positive(30_000),
  /** Co-editing: how often each open editor's session is checked; one that ended (logout, password change) is closed. */
  COLLAB_SESSION_CHECK_MS: positive(15_000),
  /** Embedded without QUIRE_SECRET_KEY: the key file, created once (0600); default `<DATA_DIR>.key`, beside DATA_DIR and outside it. */
  QUIRE_SECRET_KEY_FILE: z.string().min(1).optional(),
});

/** The names of every environment variable Quire reads. */
export const ENV_VARIABLES = Object.keys(EnvSchema.shape) as (keyof typeof EnvSchema.shape)[];

export type Mode = 'embedded' | 'distributed';

export interface QuireConfig {
  http: {
    port: number;
    host: string;
    trustProxy: TrustProxy;
    requestTimeoutMs: number;
    rateLimitPerMinute: number;
    tokenRateLimitPerMinute: number;
    webDist: string;
    trustedOrigins: string[];
  };
  /** The headless Chromium of the PDF and HTML exports. */
  chromiumPath: string;
  language: (typeof Languages)[number];
  dataDir: string;
  adminPassword?: string;
  nats: { url: string };
  redis: { url: string };
  /** Distributed mode stores documents in MongoDB when set, else in SQLite under DATA_DIR (one replica per service). */
  mongo: { url?: string };
  /** Distributed mode stores files in S3/MinIO when set, else on local disk under DATA_DIR. */
  s3: { endpoint?: string; accessKey: string; secretKey: string; bucket: string; region: string };
  mail: { smtpUrl?: string; from: string };
  /** The site's address as users reach it, without a trailing slash (links in mail). */
  publicUrl: string;
  jobs: { concurrency: number };
  /** A distributed service's health endpoint (`/healthz`, `/readyz`); no port = none. The gateway answers both on PORT. */
  health: { port?: number };
  /** Bytes each user's uploaded files may hold together; 0 = no limit. */
  uploads: { quotaBytes: number };
  /** The HTTP API test tool's server proxy: internal addresses it may reach all the same (default none). */
  httpProxy: { allowHosts: string[] };
  /** Webhook deliveries: the receiver's time to answer, and the first retry's delay (doubling each time). */
  webhooks: { timeoutMs: number; retryMs: number };
  /**
   * Keys of the secrets kept encrypted at rest. `key` unset: embedded mode reads (or creates) `keyFile`;
   * distributed mode refuses to boot. `previousKeys` only decrypt (rotation).
   */
  secrets: { key?: Buffer; previousKeys: Buffer[]; keyFile: string };
  /**
   * Live co-editing: the collab service's port (distributed), the replicas the distributed gateway
   * forwards upgrades to, and when a changed document is written (quiet period, longest wait).
   */
  collab: { port: number; urls: string[]; saveQuietMs: number; saveMaxMs: number; sessionCheckMs: number };
}

export class ConfigError extends Error {}

/** Keys are never echoed, not even a wrong one (it may be the right one with a typo). */
const HIDDEN_VALUES = new Set(['QUIRE_SECRET_KEY', 'QUIRE_SECRET_KEY_PREVIOUS']);
const shown = (name: string, env: NodeJS.ProcessEnv): string => (HIDDEN_VALUES.has(name) ? `(${String(env[name]).length} characters, not shown)` : JSON.stringify(env[name]));

/** Reads and validates the environment once; a bad value names its variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): QuireConfig {
  // An empty value (`SMTP_URL=` from `${SMTP_URL:-}`) means unset.
  const present = Object.fromEntries(ENV_VARIABLES.filter((k) => env[k] !== undefined && env[k] !== '').map((k) => [k, env[k]]));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${String(issue.path[0])}=${shown(String(issue.path[0]), env)}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    http: {
      port: e.PORT,
      host: e.HOST,
      trustProxy: e.TRUST_PROXY,
      requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
      rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
      tokenRateLimitPerMinute: e.TOKEN_RATE_LIMIT_PER_MINUTE,
      webDist: path.resolve(e.WEB_DIST ?? path.join(__dirname, '..', '..', '..', 'web', 'dist')),
      trustedOrigins: e.TRUSTED_ORIGINS,
    },
    chromiumPath: e.CHROMIUM_PATH,
    language: e.LANGUAGE,
    dataDir: path.resolve(e.DATA_DIR),
    adminPassword: e.QUIRE_ADMIN_PASSWORD,
    nats: { url: e.NATS_URL },
    redis: { url: e.REDIS_URL },
    mongo: { url: e.MONGO_URL },
    s3: { endpoint: e.S3_ENDPOINT, accessKey: e.S3_ACCESS_KEY, secretKey: e.S3_SECRET_KEY, bucket: e.S3_BUCKET, region: e.S3_REGION },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    jobs: { concurrency: e.JOB_CONCURRENCY },
    health: { port: e.HEALTH_PORT },
    uploads: { quotaBytes: e.UPLOAD_QUOTA_MB * 1024 * 1024 },
    httpProxy: {
      allowHosts: e.HTTP_PROXY_ALLOW_HOSTS.split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    },
    webhooks: { timeoutMs: e.WEBHOOK_TIMEOUT_MS, retryMs: e.WEBHOOK_RETRY_MS },
    collab: { port: e.COLLAB_PORT, urls: e.COLLAB_URL, saveQuietMs: e.COLLAB_SAVE_QUIET_MS, saveMaxMs: e.COLLAB_SAVE_MAX_MS, sessionCheckMs: e.COLLAB_SESSION_CHECK_MS },
    secrets: { key: e.QUIRE_SECRET_KEY, previousKeys: e.QUIRE_SECRET_KEY_PREVIOUS, keyFile: secretKeyFile(e.QUIRE_SECRET_KEY_FILE, path.resolve(e.DATA_DIR), env) },
  };
}

/** The key file's path: given, or `<DATA_DIR>.key`. Inside DATA_DIR it would travel with every copy of the data: refused. */
function secretKeyFile(given: string | undefined, dataDir: string, env: NodeJS.ProcessEnv): string {
  const file = path.resolve(given ?? `${dataDir}.key`);
  const relative = path.relative(dataDir, file);
  if (relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative)) {
    throw new ConfigError(
      `Invalid configuration:\n  QUIRE_SECRET_KEY_FILE=${JSON.stringify(env.QUIRE_SECRET_KEY_FILE)}: must be outside DATA_DIR (${dataDir}), or a copy of the data carries its key`,
    );
  }
  return file;
}

let cached: QuireConfig | undefined;

/** The process's configuration, validated on first use. */
export function getConfig(): QuireConfig {
  cached ??= loadConfig();
  return cached;
}
