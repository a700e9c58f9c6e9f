import { Logger, type DynamicModule, type Type } from '@nestjs/common';
import { loadConfig } from '@quire/config';
import type { JobName, ServiceName } from '@quire/proto';
import { tuneHeap } from './heap-tuning';
import { createServiceMicroservice } from './transport/connect-transport';

/**
 * The whole `main.ts` of a distributed service: validate the configuration (a bad value
 * stops the boot naming the variable), join the service's NATS queue group, log once ready.
 */
export function runService(service: ServiceName, module: Type | DynamicModule, options: { consumes: JobName[] }): void {
  const logger = new Logger(`${service}-service`);
  tuneHeap();
  (async () => {
    const config = loadConfig();
    const microservice = await createServiceMicroservice(module, { service, config, consumes: options.consumes });
    await microservice.listen();
    logger.log(`Quire ${service} service ready (NATS ${config.nats.url}, queue group '${service}')`);
  })().catch((error: Error) => {
    logger.error(error.message);
    process.exit(1);
  });
}
