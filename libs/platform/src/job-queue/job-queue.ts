import type { JobName, JobPayloads } from '@quire/proto';

export type JobState = 'waiting' | 'active' | 'completed' | 'failed';

export interface JobStatus<R = unknown> {
  id: string;
  name: JobName;
  state: JobState;
  /** 0–100, as reported by the handler. */
  progress: number;
  attemptsMade: number;
  result?: R;
  /** The last failure's message, once the job has failed for good. */
  error?: string;
}

export interface AddJobOptions {
  /** Total tries before the job fails for good (default 3). */
  attempts?: number;
  /** Delay before a retry, doubling each time (default 500 ms). */
  backoffMs?: number;
}

/** What a handler receives: the payload and a way to report progress. */
export interface JobContext<N extends JobName = JobName> {
  id: string;
  name: N;
  data: JobPayloads[N];
  attempt: number;
  progress(percent: number): Promise<void>;
}

export type JobHandler<N extends JobName = JobName> = (job: JobContext<N>) => Promise<unknown>;

/**
 * The job port: BullMQ on Redis, or an in-process queue with the same semantics
 * (progress, retries with backoff, a concurrency limit).
 */
export abstract class JobQueue {
  abstract add<N extends JobName>(name: N, data: JobPayloads[N], options?: AddJobOptions): Promise<string>;
  abstract getStatus(id: string): Promise<JobStatus | null>;
  /**
   * Starts working on the named jobs with these handlers, at most `concurrency` jobs of
   * each name at a time. Jobs added before this wait. May be called again for other names;
   * a name already being worked on is refused.
   */
  abstract startWorkers(handlers: Map<JobName, JobHandler>, concurrency: number): Promise<void>;
  abstract ping(): Promise<void>;
  /** Stops taking jobs, waits briefly for running ones, and releases connections. */
  abstract close(): Promise<void>;
}
