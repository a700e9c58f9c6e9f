import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { JobQueue, type JobHandler } from './job-queue';
import { JOB_HANDLER_METADATA, JOB_SCHEDULE_METADATA, type JobSchedule } from './on-job.decorator';

export interface JobsOptions {
  /** The jobs this process works on (names the app gives them); each needs exactly one `@OnJob` handler. */
  consumes: readonly string[];
  /** How many jobs of one name run at once in this process. */
  concurrency: number;
}

export const JOBS_OPTIONS = Symbol('JOBS_OPTIONS');

interface FoundHandler {
  owner: string;
  handler: JobHandler;
  /** Set for a job that runs by itself. */
  schedule?: JobSchedule;
}

/**
 * Finds every `@OnJob` method at boot, refuses to boot on two handlers for one job or on a
 * consumed job without a handler, then starts the queue's workers for the consumed jobs and
 * schedules those of them that run by themselves.
 */
@Injectable()
export class JobHandlerRegistry implements OnApplicationBootstrap {
  private readonly logger = new Logger(JobHandlerRegistry.name);
  private readonly handlers = new Map<string, FoundHandler>();

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    @Inject(JobQueue) private readonly queue: JobQueue,
    @Inject(JOBS_OPTIONS) private readonly options: JobsOptions,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.discover();
    const missing = this.options.consumes.filter((name) => !this.handlers.has(name));
    if (missing.length > 0) {
      throw new Error(`This process consumes ${missing.map((n) => `"${n}"`).join(', ')} but no provider has an @OnJob handler for ${missing.length === 1 ? 'it' : 'them'}`);
    }
    const consumed = new Map<string, JobHandler>();
    for (const name of new Set(this.options.consumes)) {
      const found = this.handlers.get(name);
      if (found) consumed.set(name, found.handler);
    }
    if (consumed.size === 0) return;
    await this.queue.startWorkers(consumed, this.options.concurrency);
    this.logger.log(`Working on ${[...consumed.keys()].join(', ')} (concurrency ${this.options.concurrency})`);
    for (const name of consumed.keys()) {
      const schedule = this.handlers.get(name)?.schedule;
      if (schedule) await this.queue.schedule(name, schedule.everyMs, { firstAfterMs: schedule.firstAfterMs });
    }
  }

  /** The handler of a job, for the queue adapters and tests. */
  get(name: string): JobHandler | undefined {
    return this.handlers.get(name)?.handler;
  }

  private discover(): void {
    this.handlers.clear();
    const seen = new Set<object>();
    for (const wrapper of this.discovery.getProviders()) {
      const instance: unknown = wrapper.instance;
      if (!instance || typeof instance !== 'object' || !wrapper.isDependencyTreeStatic() || seen.has(instance)) continue;
      seen.add(instance);
      const prototype = Object.getPrototypeOf(instance) as object | null;
      for (const method of this.scanner.getAllMethodNames(prototype)) {
        const fn = (instance as Record<string, unknown>)[method];
        if (typeof fn !== 'function') continue;
        const name = Reflect.getMetadata(JOB_HANDLER_METADATA, fn) as string | undefined;
        if (!name) continue;
        const owner = `${instance.constructor.name}.${method}`;
        const existing = this.handlers.get(name);
        if (existing) {
          throw new Error(`Job "${name}" has two @OnJob handlers, ${existing.owner} and ${owner}; keep exactly one`);
        }
        const schedule = Reflect.getMetadata(JOB_SCHEDULE_METADATA, fn) as JobSchedule | undefined;
        this.handlers.set(name, { owner, handler: (job) => (fn as JobHandler).call(instance, job), schedule });
      }
    }
  }
}
