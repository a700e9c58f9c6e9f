import * as path from 'node:path';
import { z } from 'zod';
import { Languages } from '@quire/proto';

const boolean = (fallback: boolean) =>
  z
    .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off', ''])
    .default('')
    .transform((v) => (v === '' ? fallback : ['1', 'true', 'yes', 'on'].includes(v)));

const port = (fallback: number) => z.coerce.number().int().min(1).max(65535).default(fallback);
const positive = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const url = (protocols: string[]) =>
  z.string().refine((value) => {
    try {
      return protocols.includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, `must be a URL (${protocols.join(' or ')})`);

/** Every variable Quire reads; docker-compose.yml and k8s/ set each of them (a test checks). */
const EnvSchema = z.object({
  PORT: port(4999),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  LANGUAGE: z.enum(Languages).default('en'),
  QUIRE_ADMIN_PASSWORD: z.string().min(6).max(128).optional(),
  REQUEST_TIMEOUT_MS: positive(20_000),
  RATE_LIMIT_PER_MINUTE: positive(30),
  TRUST_PROXY: boolean(false),
  WEB_DIST: z.string().optional(),
  NATS_URL: url(['nats:', 'tls:']).default('nats://127.0.0.1:4222'),
  REDIS_URL: url(['redis:', 'rediss:']).default('redis://127.0.0.1:6379'),
  MONGO_URL: url(['mongodb:', 'mongodb+srv:']).optional(),
  S3_ENDPOINT: url(['http:', 'https:']).optional(),
  S3_ACCESS_KEY: z.string().default('minioadmin'),
  S3_SECRET_KEY: z.string().default('minioadmin'),
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{2,62}$/, 'must be a valid bucket name').default('quire'),
  S3_REGION: z.string().default('us-east-1'),
  SMTP_URL: url(['smtp:', 'smtps:']).optional(),
  MAIL_FROM: z.string().default('Quire <quire@localhost>'),
  /** The site's address as users reach it (links in mail); default http://localhost:<PORT>. */
  PUBLIC_URL: url(['http:', 'https:']).optional(),
  JOB_CONCURRENCY: positive(2),
  /** Addresses (IPs or CIDR ranges, comma-separated) the HTTP test tool's server proxy may reach although they are internal. */
  HTTP_PROXY_ALLOW_HOSTS: z.string().default(''),
});

/** The names of every environment variable Quire reads. */
export const ENV_VARIABLES = Object.keys(EnvSchema.shape) as (keyof typeof EnvSchema.shape)[];

export type Mode = 'embedded' | 'distributed';

export interface QuireConfig {
  http: { port: number; host: string; trustProxy: boolean; requestTimeoutMs: number; rateLimitPerMinute: number; webDist: string };
  language: (typeof Languages)[number];
  dataDir: string;
  adminPassword?: string;
  nats: { url: string };
  redis: { url: string };
  /** Distributed mode stores documents in MongoDB when set, else in NeDB files under DATA_DIR (one replica per service). */
  mongo: { url?: string };
  /** Distributed mode stores files in S3/MinIO when set, else on local disk under DATA_DIR. */
  s3: { endpoint?: string; accessKey: string; secretKey: string; bucket: string; region: string };
  mail: { smtpUrl?: string; from: string };
  /** The site's address as users reach it, without a trailing slash (links in mail). */
  publicUrl: string;
  jobs: { concurrency: number };
  /** The HTTP API test tool's server proxy: internal addresses it may reach all the same (default none). */
  httpProxy: { allowHosts: string[] };
}

export class ConfigError extends Error {}

/** Reads and validates the environment once; a bad value names its variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): QuireConfig {
  // An empty value (`SMTP_URL=` from `${SMTP_URL:-}`) means unset.
  const present = Object.fromEntries(ENV_VARIABLES.filter((k) => env[k] !== undefined && env[k] !== '').map((k) => [k, env[k]]));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${String(issue.path[0])}=${JSON.stringify(env[String(issue.path[0])])}: ${issue.message}`);
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
      webDist: path.resolve(e.WEB_DIST ?? path.join(__dirname, '..', '..', '..', 'web', 'dist')),
    },
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
    httpProxy: { allowHosts: e.HTTP_PROXY_ALLOW_HOSTS.split(',').map((entry) => entry.trim()).filter(Boolean) },
  };
}

let cached: QuireConfig | undefined;

/** The process's configuration, validated on first use. */
export function getConfig(): QuireConfig {
  cached ??= loadConfig();
  return cached;
}
