import { Logger } from '@nestjs/common';
import { checkedKey, JobQueue, type AddJobOptions, type JobContext, type JobHandler, type JobState, type JobStatus, type ScheduleOptions } from './job-queue';

export interface InProcessJobQueueOptions {
  /** How long finished jobs stay visible to getStatus (default one day, as with BullMQ). */
  keepFinishedMs?: number;
  /** How long close() waits for running jobs (default 5 s). */
  closeTimeoutMs?: number;
}

interface JobRecord {
  id: string;
  name: string;
  data: unknown;
  state: JobState;
  progress: number;
  attemptsMade: number;
  attempts: number;
  backoffMs: number;
  result?: unknown;
  error?: string;
  finishedAt?: number;
}

interface Lane {
  handler: JobHandler;
  concurrency: number;
  active: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The embedded job queue, with BullMQ's semantics in one process: ids, waiting → active →
 * completed/failed, progress, retries with exponential backoff, a concurrency limit per job
 * name, finished jobs kept for a day. Payloads and results are JSON round-tripped, as they
 * would be through Redis. Jobs do not survive a restart.
 */
export class InProcessJobQueue extends JobQueue {
  private readonly logger = new Logger(InProcessJobQueue.name);
  private readonly jobs = new Map<string, JobRecord>();
  private readonly waiting = new Map<string, JobRecord[]>();
  private readonly lanes = new Map<string, Lane>();
  private readonly retryTimers = new Set<NodeJS.Timeout>();
  private readonly schedules = new Map<string, { everyMs: number; timer: NodeJS.Timeout }>();
  private readonly running = new Set<Promise<void>>();
  private readonly keepFinishedMs: number;
  private readonly closeTimeoutMs: number;
  private readonly sweeper: NodeJS.Timeout;
  private sequence = 0;
  private closed = false;

  constructor(options: InProcessJobQueueOptions = {}) {
    super();
    this.keepFinishedMs = options.keepFinishedMs ?? DAY_MS;
    this.closeTimeoutMs = options.closeTimeoutMs ?? 5000;
    this.sweeper = setInterval(() => this.sweep(), Math.min(this.keepFinishedMs, 60 * 60 * 1000));
    this.sweeper.unref();
  }

  override async add(name: string, data: unknown, options: AddJobOptions = {}): Promise<string> {
    if (this.closed) throw new Error('The job queue is closed');
    const id = options.key === undefined ? String(++this.sequence) : `${name}:${checkedKey(options.key)}`;
    if (this.jobs.has(id)) return id;
    const job: JobRecord = {
      id,
      name,
      data: roundTrip(data),
      state: 'waiting',
      progress: 0,
      attemptsMade: 0,
      attempts: Math.max(1, options.attempts ?? 3),
      backoffMs: Math.max(0, options.backoffMs ?? 500),
    };
    this.jobs.set(job.id, job);
    this.enqueue(job);
    return job.id;
  }

  override async getStatus(id: string): Promise<JobStatus | null> {
    const job = this.jobs.get(id);
    if (!job) return null;
    return {
      id: job.id,
      name: job.name,
      state: job.state,
      progress: job.progress,
      attemptsMade: job.attemptsMade,
      ...(job.state === 'completed' ? { result: roundTrip(job.result) } : {}),
      ...(job.state === 'failed' && job.error !== undefined ? { error: job.error } : {}),
    };
  }

  override async startWorkers(handlers: Map<string, JobHandler>, concurrency: number): Promise<void> {
    if (this.closed) throw new Error('The job queue is closed');
    for (const name of handlers.keys()) {
      if (this.lanes.has(name)) throw new Error(`Workers for job "${name}" are already running`);
    }
    for (const [name, handler] of handlers) {
      this.lanes.set(name, { handler, concurrency: Math.max(1, concurrency), active: 0 });
      this.pump(name);
    }
  }

  /** A timer per scheduled name; nothing outlives the process, so each boot makes a new schedule. */
  override async schedule(name: string, everyMs: number, options: ScheduleOptions = {}): Promise<void> {
    if (this.closed) throw new Error('The job queue is closed');
    const existing = this.schedules.get(name);
    if (existing?.everyMs === everyMs) return;
    const repeat = () =>
      this.keepSchedule(
        name,
        everyMs,
        setInterval(() => void this.addScheduled(name), everyMs),
      );
    if (existing) {
      clearTimeout(existing.timer);
      repeat();
      return;
    }
    const first = setTimeout(() => {
      void this.addScheduled(name);
      repeat();
    }, options.firstAfterMs ?? 0);
    this.keepSchedule(name, everyMs, first);
  }

  override async ping(): Promise<void> {
    if (this.closed) throw new Error('The job queue is closed');
  }

  override async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.sweeper);
    for (const { timer } of this.schedules.values()) clearTimeout(timer);
    this.schedules.clear();
    for (const timer of this.retryTimers) clearTimeout(timer);
    this.retryTimers.clear();
    if (this.running.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, this.closeTimeoutMs)));
    await Promise.race([Promise.allSettled([...this.running]), timeout]);
    clearTimeout(timer);
  }

  private enqueue(job: JobRecord): void {
    const list = this.waiting.get(job.name) ?? [];
    list.push(job);
    this.waiting.set(job.name, list);
    this.pump(job.name);
  }

  private pump(name: string): void {
    const lane = this.lanes.get(name);
    const list = this.waiting.get(name);
    while (!this.closed && lane && list && list.length > 0 && lane.active < lane.concurrency) {
      const job = list.shift() as JobRecord;
      lane.active += 1;
      const run = this.run(job, lane.handler).finally(() => {
        lane.active -= 1;
        this.running.delete(run);
        this.pump(name);
      });
      this.running.add(run);
    }
  }

  private async run(job: JobRecord, handler: JobHandler): Promise<void> {
    job.state = 'active';
    const context: JobContext = {
      id: job.id,
      name: job.name,
      data: roundTrip(job.data),
      attempt: job.attemptsMade + 1,
      progress: async (percent) => {
        if (job.state === 'active') job.progress = clampProgress(percent);
      },
    };
    try {
      const result = await handler(context);
      job.attemptsMade += 1;
      job.result = roundTrip(result);
      job.state = 'completed';
      job.finishedAt = Date.now();
    } catch (error) {
      job.attemptsMade += 1;
      const message = error instanceof Error ? error.message : String(error);
      if (job.attemptsMade < job.attempts && !this.closed) {
        job.state = 'waiting';
        const delay = job.backoffMs * 2 ** (job.attemptsMade - 1);
        const timer = setTimeout(() => {
          this.retryTimers.delete(timer);
          this.enqueue(job);
        }, delay);
        this.retryTimers.add(timer);
        return;
      }
      job.state = 'failed';
      job.error = message;
      job.finishedAt = Date.now();
      this.logger.warn(`Job ${job.name} #${job.id} failed after ${job.attemptsMade} attempt(s): ${message}`);
    }
  }

  private keepSchedule(name: string, everyMs: number, timer: NodeJS.Timeout): void {
    timer.unref();
    this.schedules.set(name, { everyMs, timer });
  }

  /** One run of a scheduled job: no payload, no retry (the next run comes). */
  private async addScheduled(name: string): Promise<void> {
    if (!this.closed) await this.add(name, {}, { attempts: 1 });
  }

  /** Drops finished jobs older than the retention. */
  private sweep(now = Date.now()): void {
    for (const [id, job] of this.jobs) {
      if (job.finishedAt !== undefined && now - job.finishedAt >= this.keepFinishedMs) this.jobs.delete(id);
    }
  }
}

function roundTrip(value: unknown): unknown {
  return value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as unknown);
}

function clampProgress(percent: number): number {
  if (!Number.isFinite(percent)) return 0;
  return Math.min(100, Math.max(0, Math.round(percent)));
}
