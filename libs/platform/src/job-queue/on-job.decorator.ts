import type { JobName } from '@quire/proto';

/** Metadata key under which `@OnJob` records the job name on the handler method. */
export const JOB_HANDLER_METADATA = 'quire:job-handler';

/**
 * Marks a provider method as the handler of a job. Exactly one handler may exist per
 * job name; JobHandlerRegistry finds them at boot. The method receives a JobContext
 * and its resolved value becomes the job's result.
 */
export function OnJob(name: JobName): MethodDecorator {
  return (_target, _key, descriptor) => {
    Reflect.defineMetadata(JOB_HANDLER_METADATA, name, descriptor.value as object);
    return descriptor;
  };
}
