import * as fs from 'node:fs';
import * as path from 'node:path';
import { startServerProcess, type ServerProcess } from './server-process';

/**
 * A real nats-server on a free loopback port, with `max_payload` raised to 8 MiB as Quire's deployments configure it;
 * `jetstream`: with JetStream on (`-js`), its store in the server's directory, so streams outlive a stop and start.
 */
export function startNatsServer(options: { jetstream?: boolean } = {}): Promise<ServerProcess> {
  return startServerProcess({
    binary: 'nats-server',
    prepare: (port, dir) => fs.writeFileSync(path.join(dir, 'nats.conf'), `listen: "127.0.0.1:${port}"\nmax_payload: 8388608\n`),
    args: (_port, dir) => ['-c', path.join(dir, 'nats.conf'), ...(options.jetstream ? ['-js', '-sd', path.join(dir, 'jetstream')] : [])],
    url: (port) => `nats://127.0.0.1:${port}`,
  });
}

/**
 * A real redis-server on a free loopback port, keeping nothing on disk; `persistent`: every write goes to
 * an append-only file, fsynced, so what it held is back after a stop and start (as production's Redis).
 */
export function startRedisServer(options: { persistent?: boolean } = {}): Promise<ServerProcess> {
  const persistence = options.persistent ? ['--appendonly', 'yes', '--appendfsync', 'always'] : ['--appendonly', 'no'];
  return startServerProcess({
    binary: 'redis-server',
    args: (port, dir) => ['--port', String(port), '--bind', '127.0.0.1', '--save', '', ...persistence, '--dir', dir],
    url: (port) => `redis://127.0.0.1:${port}`,
  });
}
