import * as os from 'node:os';
import type { Extension } from '@hocuspocus/server';
import { Redis } from '@hocuspocus/extension-redis';

/**
 * Hocuspocus's Redis extension on the platform's Redis: every replica that holds a document publishes
 * its updates and awareness there and applies the others', so any replica serves any document.
 */
export function redisExtension(redisUrl: string): Extension {
  const url = new URL(redisUrl);
  const db = Number(url.pathname.replace(/^\//, '') || 0);
  return new Redis({
    host: url.hostname,
    port: Number(url.port || 6379),
    options: {
      ...(url.username ? { username: decodeURIComponent(url.username) } : {}),
      ...(url.password ? { password: decodeURIComponent(url.password) } : {}),
      ...(Number.isSafeInteger(db) ? { db } : {}),
      ...(url.protocol === 'rediss:' ? { tls: {} } : {}),
    },
    prefix: 'quire:collab',
    identifier: `${os.hostname()}-${process.pid}`,
  });
}
