export type JobState = 'waiting' | 'active' | 'completed' | 'failed';

export interface JobStatus<R = unknown> {
  id: string;
  name: string;
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
  /**
   * Makes the add idempotent: a job of the same name and key added while the first is known (waiting, running, or
   * finished within the day finished jobs are kept) is not added again, and `add` answers the first one's id. For
   * work that several replicas see (each follows the same change feed): letters, digits, `-` and `_`, not only digits.
   */
  key?: string;
}

export interface ScheduleOptions {
  /** Delay of the first run of a new schedule (default none), e.g. until the services the job asks have started. */
  firstAfterMs?: number;
}

/** What a handler receives: the payload (`T`, as its service declares it) and a way to report progress. */
export interface JobContext<T = unknown> {
  id: string;
  name: string;
  data: T;
  attempt: number;
  progress(percent: number): Promise<void>;
}

export type JobHandler<T = unknown> = (job: JobContext<T>) => Promise<unknown>;

/** The job names of a payload map; any name for a queue typed with none (`JobQueue`, `app.get(JobQueue)`). */
export type JobNameOf<M> = [keyof M] extends [never] ? string : keyof M & string;

/** The payload a map gives a job name; anything JSON carries for a queue typed with none. */
export type JobPayloadOf<M, N> = N extends keyof M ? M[N] : unknown;

/**
 * The job port: BullMQ on Redis, or an in-process queue with the same semantics
 * (progress, retries with backoff, a concurrency limit).
 *
 * Job names are the app's: the queue carries any name with any JSON payload. A service types the
 * queue it injects with its map of job names to payloads (`queue: JobQueue<JobPayloads>`), so
 * `add` takes only those names, each with its payload.
 */
export abstract class JobQueue<M extends object = object> {
  abstract add<N extends JobNameOf<M>>(name: N, data: JobPayloadOf<M, N>, options?: AddJobOptions): Promise<string>;
  abstract getStatus(id: string): Promise<JobStatus | null>;
  /**
   * Starts working on the named jobs with these handlers, at most `concurrency` jobs of
   * each name at a time. Jobs added before this wait. May be called again for other names;
   * a name already being worked on is refused.
   */
  abstract startWorkers(handlers: Map<string, JobHandler>, concurrency: number): Promise<void>;
  /**
   * Adds the job (with an empty payload) now, or `firstAfterMs` from now, then every `everyMs`, for
   * every process that shares the queue: one schedule per name, so N replicas scheduling it make one
   * run per interval, which one worker takes. Scheduling a name again (another replica, a restart)
   * keeps its schedule, with the new interval if it differs. A failed run is not retried: the next
   * one comes.
   */
  abstract schedule(name: string, everyMs: number, options?: ScheduleOptions): Promise<void>;
  abstract ping(): Promise<void>;
  /** Stops taking jobs, waits briefly for running ones, and releases connections. */
  abstract close(): Promise<void>;
}

/** A job key as both adapters take it (BullMQ refuses a custom id with `:` and mistakes an all-digit one for its own). */
export function checkedKey(key: string): string {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(key) || /^\d+$/.test(key)) throw new Error(`A job key is 1 to 200 letters, digits, '-' or '_', not only digits; got "${key}"`);
  return key;
}
