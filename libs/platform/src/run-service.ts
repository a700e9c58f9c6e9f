import { Logger, type DynamicModule, type Type } from '@nestjs/common';
import { loadConfig, type QuireConfig } from '@quire/config';
import { startHealthEndpoint } from './health-endpoint';
import { HealthService, SERVING_DEPENDENCIES, type HealthReport } from './health.service';
import { tuneHeap } from './heap-tuning';
import { registerPlatformErrors, type PlatformErrors } from './rpc/rpc-error';
import { createServiceMicroservice, type ServiceMicroservice } from './transport/connect-transport';
import { describeFailures, QueueMembership, waitForDependencies } from './transport/queue-membership';

const BOOTING: HealthReport = { ok: false, checks: { boot: 'starting' } };

export interface RunServiceOptions {
  /** Jobs this service works on (names the app gives them; their `@OnJob` handlers). */
  consumes: readonly string[];
  /** The app's words for the errors the platform raises itself (see PlatformErrors). */
  errors: PlatformErrors;
}

/**
 * The whole `main.ts` of a distributed service: validate the configuration (a bad value stops the
 * boot naming the variable), open the health endpoint (HEALTH_PORT), wait until MongoDB and Redis
 * answer, join the service's NATS queue group, log once ready; then stay in the group only while
 * they answer (QueueMembership). A dependency that is away never ends the process: it waits,
 * alive and not ready, and carries on when the dependency is back.
 */
export function runService(service: string, module: Type | DynamicModule, options: RunServiceOptions): void {
  const logger = new Logger(`${service}-service`);
  tuneHeap();
  registerPlatformErrors(options.errors);
  let readiness: () => HealthReport = () => BOOTING;
  (async () => {
    const config = loadConfig();
    if (config.health.port) {
      const endpoint = await startHealthEndpoint(config.health.port, config.http.host, () => readiness());
      logger.log(`health endpoint on http://${config.http.host}:${endpoint.port} (/healthz, /readyz)`);
    }
    const { queueGroup, health, first } = await boot(service, module, { config, consumes: options.consumes }, logger, (report) => {
      readiness = () => ({ ok: false, checks: report.checks });
    });
    const membership = new QueueMembership(health, queueGroup, service, first);
    readiness = () => membership.readiness();
    membership.start();
    logger.log(`Quire ${service} service ready (NATS ${config.nats.url}, queue group '${service}')`);
  })().catch((error: Error) => {
    logger.error(error.message);
    process.exit(1);
  });
}

interface Booted extends ServiceMicroservice {
  health: HealthService;
  /** The report that let it join. */
  first: HealthReport;
}

/**
 * Builds the app, waits for its stores, then runs its init hooks (indexes, upgrades) and joins the
 * queue group. Init that fails while a store is away is started again from scratch; init that fails
 * with every store answering is a real error and ends the boot.
 */
async function boot(
  service: string,
  module: Type | DynamicModule,
  options: { config: QuireConfig; consumes: readonly string[] },
  logger: Logger,
  report: (waiting: HealthReport) => void,
): Promise<Booted> {
  for (;;) {
    const booting = await createServiceMicroservice(module, { service, ...options });
    const health = booting.microservice.get(HealthService);
    let told = false;
    const first = await waitForDependencies(health, (failed) => {
      report(failed);
      if (!told) logger.warn(`waiting for its stores before joining the queue group '${service}' (${describeFailures(failed)})`);
      told = true;
    });
    report(first);
    try {
      await booting.microservice.listen();
      return { ...booting, health, first };
    } catch (error) {
      const after = await health.check(1_000, SERVING_DEPENDENCIES);
      if (after.ok) throw error;
      report(after);
      logger.warn(`starting again: the boot failed while a store was away (${(error as Error).message}; ${describeFailures(after)})`);
      await booting.microservice.close().catch(() => undefined);
    }
  }
}
