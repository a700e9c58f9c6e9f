import type { DynamicModule, INestApplication, INestMicroservice, LogLevel, Type } from '@nestjs/common';
import { ModuleRef, NestFactory } from '@nestjs/core';
import { NestMicroservice, Transport, type CustomStrategy, type NatsOptions } from '@nestjs/microservices';
import type { QuireConfig } from '@quire/config';
import { PlatformModule, QUIRE_CONFIG, type PlatformOptions } from '../platform.module';
import { DurableRepliesInterceptor } from '../rpc/durable-replies.interceptor';
import { RpcErrorFilter } from '../rpc/rpc-error.filter';
import { LocalDatabase } from '../sqlite/local-database';
import { InProcessBus } from './in-process/in-process-bus';
import { InProcessServer } from './in-process/in-process-server';
import { natsConnectionName, natsServerOptions } from './nats-options';
import { QuireNatsServer } from './quire-nats-server';

export interface ConnectTransportOptions {
  mode: 'embedded' | 'distributed';
  /** NATS queue group (distributed); defaults to 'gateway'. */
  queue?: string;
  /** NATS URL (distributed); defaults to the app's QUIRE_CONFIG nats.url. */
  natsUrl?: string;
}

/**
 * Makes a hybrid app answer its `@MessagePattern` handlers: on the app's InProcessBus
 * (embedded), or over NATS (distributed). Call `app.startAllMicroservices()` afterwards.
 */
export function connectTransport(app: INestApplication, options: ConnectTransportOptions): INestMicroservice {
  let strategy: CustomStrategy | NatsOptions;
  if (options.mode === 'embedded') {
    strategy = { strategy: new InProcessServer(app.get(InProcessBus)) };
  } else {
    const url = options.natsUrl ?? app.get<QuireConfig>(QUIRE_CONFIG).nats.url;
    strategy = { transport: Transport.NATS, options: natsServerOptions(url, options.queue ?? 'gateway') };
  }
  // A hybrid microservice binds its handlers (and their filters) as soon as it is connected,
  // so connect it deferred, add the filter, then bind exactly as Nest does when not deferred.
  // The app's own init() runs the lifecycle hooks of the shared container, once.
  const microservice = app.connectMicroservice<CustomStrategy | NatsOptions>(strategy, { deferInitialization: true });
  microservice.useGlobalFilters(new RpcErrorFilter());
  useDurableReplies(microservice, app);
  if (microservice instanceof NestMicroservice) {
    microservice.registerListeners();
    microservice.setIsInitialized(true);
    microservice.setIsInitHookCalled(true);
  }
  return microservice;
}

export interface ServiceMicroserviceOptions {
  /** The service's name: its NATS queue group. */
  service: string;
  config: QuireConfig;
  /** Jobs this service works on (its `@OnJob` handlers). */
  consumes?: PlatformOptions['consumes'];
}

export interface ServiceMicroservice {
  microservice: INestMicroservice;
  /** Its membership of the queue group (joined by `listen()`; QueueMembership leaves and rejoins it). */
  queueGroup: QuireNatsServer;
}

/**
 * A distributed service's process: the context module on the distributed platform,
 * answering over NATS in the queue group named after the service (so N replicas share
 * the work), closing gracefully on SIGTERM. Call `await microservice.listen()`.
 *
 * `module` is the bare context module: this adds `PlatformModule.forRoot({ mode: 'distributed' })`.
 */
export async function createServiceMicroservice(module: Type | DynamicModule, options: ServiceMicroserviceOptions): Promise<ServiceMicroservice> {
  class ServiceRootModule {}
  const root: DynamicModule = {
    module: ServiceRootModule,
    imports: [PlatformModule.forRoot({ mode: 'distributed', config: options.config, consumes: options.consumes, app: options.service }), module],
  };
  const queueGroup = new QuireNatsServer(natsServerOptions(options.config.nats.url, options.service, natsConnectionName(options.service, 'serve')));
  return { microservice: await natsMicroservice(root, queueGroup), queueGroup };
}

/**
 * A microservice answering `module`'s handlers over NATS in a queue group, with the
 * RpcErrorFilter and shutdown hooks. `module` must bring its own platform (see
 * createServiceMicroservice, which does).
 */
export async function createNatsMicroservice(
  module: Type | DynamicModule,
  options: { url: string; queue: string; logger?: LogLevel[] | false; gracePeriodMs?: number },
): Promise<INestMicroservice> {
  const server = new QuireNatsServer({
    ...natsServerOptions(options.url, options.queue),
    ...(options.gracePeriodMs !== undefined ? { gracePeriod: options.gracePeriodMs } : {}),
  });
  return natsMicroservice(module, server, options.logger);
}

async function natsMicroservice(module: Type | DynamicModule, server: QuireNatsServer, logger?: LogLevel[] | false): Promise<INestMicroservice> {
  const microservice = await NestFactory.createMicroservice<CustomStrategy>(module, {
    strategy: server,
    ...(logger !== undefined ? { logger } : {}),
  });
  microservice.useGlobalFilters(new RpcErrorFilter());
  useDurableReplies(microservice, microservice);
  // SIGTERM: leave the queue group, give in-flight handlers the grace period, close the adapters, exit 0.
  microservice.enableShutdownHooks(['SIGTERM', 'SIGINT'], { useProcessExit: true });
  return microservice;
}

/**
 * Replies leave once the handler's writes to the local database are durable (see
 * DurableRepliesInterceptor). A module served without the platform (transport tests) has no
 * local database: nothing to wait for.
 */
function useDurableReplies(microservice: INestMicroservice, container: Pick<INestApplication, 'get'>): void {
  let local: LocalDatabase;
  try {
    // Through ModuleRef: the app's own get() ends the process on an unknown token (abortOnError).
    local = container.get(ModuleRef).get(LocalDatabase, { strict: false });
  } catch {
    return;
  }
  microservice.useGlobalInterceptors(new DurableRepliesInterceptor(local));
}
