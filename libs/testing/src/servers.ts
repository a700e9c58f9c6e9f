import { startServerProcess, type ServerProcess } from './server-process';

/** A real nats-server on a free loopback port. */
export function startNatsServer(): Promise<ServerProcess> {
  return startServerProcess({
    binary: 'nats-server',
    args: (port) => ['-a', '127.0.0.1', '-p', String(port)],
    url: (port) => `nats://127.0.0.1:${port}`,
  });
}

/** A real redis-server on a free loopback port, keeping nothing on disk. */
export function startRedisServer(): Promise<ServerProcess> {
  return startServerProcess({
    binary: 'redis-server',
    args: (port, dir) => ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    url: (port) => `redis://127.0.0.1:${port}`,
  });
}
