import type { ScheduleOptions } from './job-queue';

/** Metadata key under which `@OnJob` records the job name on the handler method. */
export const JOB_HANDLER_METADATA = 'quire:job-handler';

/** Metadata key under which `@OnJob` records a scheduled job's interval (and first delay) on the handler method. */
export const JOB_SCHEDULE_METADATA = 'quire:job-schedule';

/** When a job that runs by itself runs. */
export interface JobSchedule extends ScheduleOptions {
  everyMs: number;
}

/**
 * Marks a provider method as the handler of a job (a name the app gives it). Exactly one
 * handler may exist per job name; JobHandlerRegistry finds them at boot. The method receives
 * a JobContext and its resolved value becomes the job's result. With a schedule the job runs
 * by itself: each process that consumes it schedules it (JobQueue.schedule), so it runs at
 * once (or `firstAfterMs` later), then every `everyMs`, on one replica each time.
 */
export function OnJob(name: string, schedule?: JobSchedule): MethodDecorator {
  return (_target, _key, descriptor) => {
    Reflect.defineMetadata(JOB_HANDLER_METADATA, name, descriptor.value as object);
    if (schedule) Reflect.defineMetadata(JOB_SCHEDULE_METADATA, schedule, descriptor.value as object);
    return descriptor;
  };
}
