import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable } from '@nestjs/common';
import type { QuireConfig } from '@quire/config';
import { BlobStorage, ChangeFeed, JobQueue, type JobStatus, QUIRE_CONFIG } from '@quire/platform';
import {
  ACTIVITY_TOPIC,
  activityOf,
  AppError,
  type Caller,
  type ChangeTopics,
  ErrorCode,
  type ExportFormat,
  type ExportJobIdDto,
  type ExportStatus,
  type ExportTargetDto,
  JobName,
  type JobPayloads,
  nowSeconds,
  Reply,
  type StartedExport,
  type StartExportDto,
} from '@quire/proto';
import { ItemLoader } from '../content/loaded-item';
import { safeName } from '../markdown/markdown-exporter';
import type { ExportJobEntity } from './export-job.entity';
import { ExportJobRepository } from './export-job.repository';

/** An export's file is kept this long after it was asked for. */
export const EXPORT_TTL_SECONDS = 24 * 60 * 60;
/** Tries before a job fails for good, and the wait before the first retry (doubling). */
export const EXPORT_ATTEMPTS = 3;
const RETRY_BACKOFF_MS = 500;
const POLL_MS = 100;

type ExportJobName = typeof JobName.ExportWord | typeof JobName.ExportMarkdown | typeof JobName.ExportPdf | typeof JobName.ExportHtml;

export const FORMATS: Record<ExportFormat, { job: ExportJobName; extension: string; contentType: string }> = {
  word: { job: JobName.ExportWord, extension: 'docx', contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  markdown: { job: JobName.ExportMarkdown, extension: 'zip', contentType: 'application/zip' },
  pdf: { job: JobName.ExportPdf, extension: 'pdf', contentType: 'application/pdf' },
  html: { job: JobName.ExportHtml, extension: 'zip', contentType: 'application/zip' },
};

/**
 * Exports as queued jobs (contract §9.6, §12): who may start one, following one's progress,
 * downloading its file. A job belongs to the user who started it; nobody else may follow or
 * download it. `export/word` and `export/markdown` keep the browser-navigation behaviour of
 * ShowDoc: they start a job, wait for it (within the request timeout) and answer the file.
 */
@Injectable()
export class ExportJobService {
  constructor(
    private readonly jobs: ExportJobRepository,
    private readonly queue: JobQueue<JobPayloads>,
    private readonly loader: ItemLoader,
    private readonly blobs: BlobStorage,
    private readonly feed: ChangeFeed<ChangeTopics>,
    @Inject(QUIRE_CONFIG) private readonly config: QuireConfig,
  ) {}

  /** `export/start`: checks the right and the catalog now, so a refusal is immediate; the job does the rest. */
  async start(caller: Caller, dto: StartExportDto): Promise<StartedExport> {
    const job = await this.enqueue(caller, dto, dto.format);
    return { job_id: job.job_id };
  }

  /** `export/status`: state, progress 0–100 (pages done / total) and, once failed, why. */
  async status(caller: Caller, dto: ExportJobIdDto): Promise<ExportStatus> {
    const job = await this.owned(caller, dto.job_id);
    const status = await this.queueStatus(job);
    return {
      job_id: job.job_id,
      format: job.format,
      state: status.state,
      progress: status.state === 'completed' ? 100 : status.progress,
      attempts: status.attemptsMade,
      ...(status.state === 'failed' ? { error: status.error ?? '' } : {}),
    };
  }

  /** `export/download`: the finished file, streamed by the gateway out of BlobStorage. */
  async download(caller: Caller, dto: ExportJobIdDto): Promise<Reply<never>> {
    const job = await this.owned(caller, dto.job_id);
    return this.fileOf(job, await this.queueStatus(job));
  }

  /** `export/word`, `export/markdown`, `export/pdf` and `export/html`: a job, waited for, then its file. */
  async exportNow(caller: Caller, dto: ExportTargetDto, format: ExportFormat): Promise<Reply<never>> {
    const job = await this.enqueue(caller, dto, format);
    // Answer before the gateway gives up on the call (REQUEST_TIMEOUT_MS).
    const deadline = Date.now() + Math.max(1000, this.config.http.requestTimeoutMs - 1500);
    for (;;) {
      const status = await this.queueStatus(job);
      if (status.state === 'completed' || status.state === 'failed') return this.fileOf(job, status);
      if (Date.now() >= deadline) throw new AppError(ErrorCode.Timeout, 'export_still_running', { job_id: job.job_id });
      await sleep(POLL_MS);
    }
  }

  private async enqueue(caller: Caller, target: ExportTargetDto, format: ExportFormat): Promise<ExportJobEntity> {
    const item = await this.loader.load(caller, target);
    const jobId = randomBytes(12).toString('hex');
    const { job: name, extension } = FORMATS[format];
    const base = item.outline.cat_name ? `${item.name} - ${item.outline.cat_name}` : item.name;
    const now = nowSeconds();
    const job = await this.jobs.create({
      job_id: jobId,
      queue_id: '',
      uid: caller.uid,
      item_id: target.item_id,
      cat_id: target.cat_id,
      format,
      filename: `${safeName(base)}.${extension}`,
      blob_key: `exports/${jobId}.${extension}`,
      created_at: now,
      expires_at: now + EXPORT_TTL_SECONDS,
    });
    // The session token stays out of the queue (Redis keeps jobs for a day).
    const { token: _token, ...withoutToken } = caller;
    const queueId = await this.queue.add(
      name,
      { export_id: jobId, caller: withoutToken, item_id: target.item_id, cat_id: target.cat_id },
      { attempts: EXPORT_ATTEMPTS, backoffMs: RETRY_BACKOFF_MS },
    );
    await this.jobs.setQueueId(jobId, queueId);
    await this.feed.publishAfterCommit(
      ACTIVITY_TOPIC,
      activityOf(caller, 'export.create', target.item_id, { type: 'export', id: jobId, name: job.filename }, { format, cat_id: target.cat_id }),
    );
    return { ...job, queue_id: queueId };
  }

  private fileOf(job: ExportJobEntity, status: JobStatus): Reply<never> {
    if (status.state === 'failed') throw AppError.failed('export_job_failed', { reason: status.error ?? '' });
    if (status.state !== 'completed') throw AppError.failed('export_job_not_finished');
    return Reply.blob({ key: job.blob_key, contentType: FORMATS[job.format].contentType, filename: job.filename, inline: false });
  }

  /** The caller's own, unexpired export; another user's is refused. */
  private async owned(caller: Caller, jobId: string): Promise<ExportJobEntity> {
    if (!caller || caller.uid <= 0) throw new AppError(ErrorCode.NotLoggedIn, 'not_logged_in');
    const job = await this.jobs.find(jobId);
    if (!job || job.expires_at <= nowSeconds()) throw AppError.failed('export_job_not_found');
    if (job.uid !== caller.uid) throw new AppError(ErrorCode.NoPermission, 'no_permission');
    return job;
  }

  /** The queue's word on the job; a job the queue forgot (the in-process queue after a restart) whose file exists is done. */
  private async queueStatus(job: ExportJobEntity): Promise<JobStatus> {
    const status = job.queue_id ? await this.queue.getStatus(job.queue_id) : null;
    if (status) return status;
    if (await this.blobs.stat(job.blob_key)) return { id: job.queue_id, name: FORMATS[job.format].job, state: 'completed', progress: 100, attemptsMade: 1 };
    throw AppError.failed('export_job_not_found');
  }
}
