import { Module, type DynamicModule } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { JobHandlerRegistry, JOBS_OPTIONS, type JobsOptions } from './job-handler.registry';

/**
 * Discovers `@OnJob` handlers and starts the workers of the consumed jobs at boot. The
 * `JobQueue` provider comes from elsewhere (PlatformModule, which is global).
 */
@Module({})
export class JobsModule {
  static forRoot(options: JobsOptions): DynamicModule {
    return {
      module: JobsModule,
      global: false,
      imports: [DiscoveryModule],
      providers: [{ provide: JOBS_OPTIONS, useValue: options }, JobHandlerRegistry],
      exports: [JobHandlerRegistry],
    };
  }
}
