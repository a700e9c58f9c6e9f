import * as os from 'node:os';
import type { NatsOptions } from '@nestjs/microservices';
import type { ConnectionOptions } from 'nats';

type NatsServerOptions = NonNullable<NatsOptions['options']>;

/**
 * The name a connection shows in the broker's monitoring (`/connz`, `nats server report connections`):
 * the app, what the connection does (`serve`: the queue group's subscriptions; `call`: requests to
 * other services; `feed`: the change feed's JetStream publishes and consumers) and the host, which is
 * the pod's name on Kubernetes and the container id on Compose.
 */
export function natsConnectionName(app: string, role: 'serve' | 'call' | 'feed'): string {
  return `${app}/${role}@${os.hostname()}`;
}

/**
 * Connection options shared by every NATS client and server of Quire: reconnect for ever,
 * quickly, so a NATS restart heals by itself; notice a silent broker within ~20 s.
 */
export function natsConnectionOptions(url: string, name?: string): ConnectionOptions {
  return {
    servers: [url],
    ...(name ? { name } : {}),
    reconnect: true,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 250,
    pingInterval: 10_000,
    maxPingOut: 2,
    // nats.js would capture a stack trace for every request and subscription callback (an Error
    // per call, ~7% of the gateway's CPU under load); Quire's errors carry their own context.
    noAsyncTraces: true,
  };
}

/**
 * A service's side: wait for NATS on boot (compose/k8s start order does not matter),
 * share the work with the other replicas through the queue group, and let in-flight
 * requests finish on shutdown.
 */
export function natsServerOptions(url: string, queue: string, name?: string): NatsServerOptions {
  return {
    ...natsConnectionOptions(url, name),
    queue,
    waitOnFirstConnect: true,
    gracefulShutdown: true,
    gracePeriod: 3_000,
  };
}
