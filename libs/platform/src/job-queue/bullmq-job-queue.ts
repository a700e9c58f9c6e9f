import { Logger } from '@nestjs/common';
import { Job, Queue, Worker, type ConnectionOptions } from 'bullmq';
import IORedis from 'ioredis';
import { checkedKey, JobQueue, type AddJobOptions, type JobContext, type JobHandler, type JobState, type JobStatus, type ScheduleOptions } from './job-queue';

export interface BullmqJobQueueOptions {
  /** `redis://host:port/db` */
  url: string;
  /** Redis key prefix (default `quire`). */
  prefix?: string;
  /** Base of the queue names; each job name has its own queue, `<queueName>.<job name>` (default `jobs`). */
  queueName?: string;
  /** How long close() lets running jobs finish before stopping them (default 5 s). */
  closeTimeoutMs?: number;
}

const KEEP_FINISHED = { age: 24 * 60 * 60 };
/**
 * A worker holds a job's lock this long, renewing it every half; a worker that died (SIGKILL, a
 * lost pod) leaves a stalled job that another worker, or the same one restarted, takes back within
 * about LOCK_DURATION_MS + STALLED_CHECK_MS (BullMQ's defaults, 30 s each, would make it a minute).
 */
const LOCK_DURATION_MS = 10_000;
const STALLED_CHECK_MS = 5_000;

/**
 * The distributed job queue on BullMQ. Each job name has its own BullMQ queue, so a process
 * only ever takes the jobs it has handlers for, and job ids are `<job name>:<BullMQ id>`.
 */
export class BullmqJobQueue extends JobQueue {
  private readonly logger = new Logger(BullmqJobQueue.name);
  private readonly prefix: string;
  private readonly queueName: string;
  private readonly url: string;
  private readonly closeTimeoutMs: number;
  private readonly queues = new Map<string, Queue>();
  private readonly workers = new Map<string, Worker>();
  private readonly client: IORedis;
  private connecting?: Promise<void>;

  constructor(options: BullmqJobQueueOptions) {
    super();
    this.url = options.url;
    this.prefix = options.prefix ?? 'quire';
    this.queueName = options.queueName ?? 'jobs';
    this.closeTimeoutMs = options.closeTimeoutMs ?? 5000;
    // For ping only (the queues and workers open their own): it never reconnects by itself,
    // each ping connects again if the last connection was lost.
    this.client = new IORedis(options.url, {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      retryStrategy: () => null,
      connectTimeout: 3000,
    });
    this.client.on('error', () => undefined);
  }

  override async add(name: string, data: unknown, options: AddJobOptions = {}): Promise<string> {
    const job = await this.queue(name).add(name, data, {
      ...(options.key === undefined ? {} : { jobId: checkedKey(options.key) }),
      attempts: Math.max(1, options.attempts ?? 3),
      backoff: { type: 'exponential', delay: Math.max(0, options.backoffMs ?? 500) },
      removeOnComplete: KEEP_FINISHED,
      removeOnFail: KEEP_FINISHED,
    });
    return `${name}:${job.id ?? ''}`;
  }

  override async getStatus(id: string): Promise<JobStatus | null> {
    const split = id.lastIndexOf(':');
    const name = id.slice(0, split);
    const bullId = id.slice(split + 1);
    // The name is read from the id, so a replica answers for jobs another one added. BullMQ
    // refuses a queue name with a colon: no id that add() gave has one in its name.
    if (split <= 0 || !bullId || name.includes(':')) return null;
    const queue = this.queue(name);
    let job = await Job.fromId(queue, bullId);
    if (!job) return null;
    // Read after the job, the state is never older than it; a job read just before it
    // finished is read again so its result or error matches the state.
    const state = mapState(await queue.getJobState(bullId));
    if ((state === 'completed' || state === 'failed') && !job.finishedOn) job = await Job.fromId(queue, bullId);
    if (!state || !job) return null;
    return {
      id,
      name,
      state,
      progress: typeof job.progress === 'number' ? job.progress : 0,
      attemptsMade: job.attemptsMade,
      ...(state === 'completed' ? { result: job.returnvalue ?? undefined } : {}),
      ...(state === 'failed' ? { error: job.failedReason } : {}),
    };
  }

  override async startWorkers(handlers: Map<string, JobHandler>, concurrency: number): Promise<void> {
    for (const name of handlers.keys()) {
      if (this.workers.has(name)) throw new Error(`Workers for job "${name}" are already running`);
    }
    for (const [name, handler] of handlers) {
      const worker = new Worker(
        this.fullQueueName(name),
        async (job: Job) => {
          const context: JobContext = {
            id: `${name}:${job.id ?? ''}`,
            name,
            data: job.data,
            attempt: job.attemptsMade + 1,
            progress: (percent) => job.updateProgress(clampProgress(percent)),
          };
          return handler(context);
        },
        {
          connection: this.connection(true),
          prefix: this.prefix,
          concurrency: Math.max(1, concurrency),
          lockDuration: LOCK_DURATION_MS,
          stalledInterval: STALLED_CHECK_MS,
        },
      );
      worker.on('error', (error) => this.logger.error(`Worker for ${name}: ${error.message}`));
      worker.on('failed', (job, error) => {
        if (job && job.attemptsMade >= (job.opts.attempts ?? 1)) {
          this.logger.warn(`Job ${name} #${job.id ?? '?'} failed after ${job.attemptsMade} attempt(s): ${error.message}`);
        }
      });
      this.workers.set(name, worker);
      await worker.waitUntilReady();
    }
  }

  /**
   * A BullMQ job scheduler (a repeatable job) named after the job: kept in Redis, so every replica
   * upserting it at boot leaves one schedule, and a run missed while every replica was down comes
   * when a worker is back.
   */
  override async schedule(name: string, everyMs: number, options: ScheduleOptions = {}): Promise<void> {
    // BullMQ reads startDate only when it creates the scheduler: a replica's restart moves no run.
    const startDate = options.firstAfterMs ? { startDate: Date.now() + options.firstAfterMs } : {};
    await this.queue(name).upsertJobScheduler(
      name,
      { every: Math.max(1, everyMs), ...startDate },
      { name, data: {}, opts: { attempts: 1, removeOnComplete: KEEP_FINISHED, removeOnFail: KEEP_FINISHED } },
    );
  }

  override async ping(): Promise<void> {
    if (this.client.status === 'wait' || this.client.status === 'end') {
      this.connecting ??= this.client.connect().finally(() => (this.connecting = undefined));
    }
    await this.connecting;
    await this.client.ping();
  }

  override async close(): Promise<void> {
    const workers = [...this.workers.values()];
    this.workers.clear();
    await Promise.allSettled(workers.map((worker) => this.closeWorker(worker)));
    const queues = [...this.queues.values()];
    this.queues.clear();
    await Promise.allSettled(queues.map((queue) => queue.close()));
    const { status } = this.client;
    if (status === 'ready') await this.client.quit().catch(() => this.client.disconnect());
    else if (status !== 'wait' && status !== 'end') this.client.disconnect();
  }

  /** Lets running jobs finish for a while, then stops; BullMQ retries a job cut short. */
  private async closeWorker(worker: Worker): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), this.closeTimeoutMs)));
    const outcome = await Promise.race([worker.close().then(() => 'closed' as const), timedOut]);
    clearTimeout(timer);
    if (outcome === 'timeout') await worker.close(true);
  }

  private queue(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(this.fullQueueName(name), { connection: this.connection(false), prefix: this.prefix });
      queue.on('error', (error) => this.logger.error(`Queue ${name}: ${error.message}`));
      this.queues.set(name, queue);
    }
    return queue;
  }

  private fullQueueName(name: string): string {
    return `${this.queueName}.${name}`;
  }

  /** Workers block on Redis and need `maxRetriesPerRequest: null`; producers fail fast instead. */
  private connection(worker: boolean): ConnectionOptions {
    return { url: this.url, maxRetriesPerRequest: worker ? null : 2 };
  }
}

function mapState(state: string): JobState | null {
  switch (state) {
    case 'waiting':
    case 'wait':
    case 'delayed':
    case 'prioritized':
    case 'waiting-children':
      return 'waiting';
    case 'active':
    case 'completed':
    case 'failed':
      return state;
    default:
      return null;
  }
}

function clampProgress(percent: number): number {
  if (!Number.isFinite(percent)) return 0;
  return Math.min(100, Math.max(0, Math.round(percent)));
}
