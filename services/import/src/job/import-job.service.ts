import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { BlobStorage, ChangeFeed, JobQueue } from '@quire/platform';
import {
  ACTIVITY_TOPIC,
  activityOf,
  AppError,
  type Caller,
  type ChangeTopics,
  type ImportIdDto,
  type ImportStatus,
  JobName,
  type JobPayloads,
  nowSeconds,
  Reply,
  requireAdmin,
  type StartedImport,
  type StartShowdocImportDto,
} from '@quire/proto';
import { ImportJobRepository } from './import-job.repository';

/** An import that has not ended this long after it started is taken as dead (its process went away): another may start. */
const STALE_SECONDS = 6 * 3600;

/**
 * The console's ShowDoc import (issue 16): an administrator uploads the site, the import runs as a job (one at a
 * time), the console follows its progress and downloads its report. Imports belong to the administrators as a
 * group: any of them may follow one.
 */
@Injectable()
export class ImportJobService {
  constructor(
    private readonly jobs: ImportJobRepository,
    private readonly queue: JobQueue<JobPayloads>,
    private readonly blobs: BlobStorage,
    private readonly feed: ChangeFeed<ChangeTopics>,
  ) {}

  /**
   * The database comes as `db` (with the Uploads zip as `uploads`) or as `file` (the database, or one zip of the
   * site); `db` wins when both came. A refused call's uploads are removed by the gateway; an accepted call's are
   * removed by the job once read, and a `file` beside `db` here.
   */
  async start(caller: Caller, dto: StartShowdocImportDto): Promise<StartedImport> {
    requireAdmin(caller);
    const database = dto.db ?? dto.file;
    if (!database) throw AppError.failed('import_db_required');
    if (dto.uploads && dto.uploads.detectedType !== 'application/zip') throw AppError.failed('import_uploads_not_zip');
    const running = await this.jobs.unfinished();
    if (running && running.created_at > nowSeconds() - STALE_SECONDS) throw AppError.failed('import_already_running', { import_id: running.import_id });
    if (dto.db && dto.file) await this.blobs.delete(dto.file.key).catch(() => undefined);
    const importId = randomBytes(16).toString('hex');
    await this.jobs.create({
      import_id: importId,
      queue_id: '',
      uid: caller.uid,
      upload_key: database.key,
      upload_name: database.name,
      uploads_key: dto.uploads?.key ?? '',
      uploads_name: dto.uploads?.name ?? '',
      dry_run: dto.dry_run,
      state: 'waiting',
      done: 0,
      total: 0,
      counts: null,
      error: '',
      report_key: '',
      created_at: nowSeconds(),
    });
    // The session token stays out of the queue.
    const { token: _token, ...withoutToken } = caller;
    const queueId = await this.queue.add(JobName.ImportShowdoc, { import_id: importId, caller: withoutToken }, { attempts: 1 });
    await this.jobs.update(importId, { queue_id: queueId });
    const detail = { kind: 'showdoc', dry_run: dto.dry_run };
    await this.feed.publishAfterCommit(ACTIVITY_TOPIC, activityOf(caller, 'import.create', 0, { type: 'import', id: importId, name: database.name }, detail));
    return { import_id: importId };
  }

  async status(caller: Caller, dto: ImportIdDto): Promise<ImportStatus> {
    requireAdmin(caller);
    const job = await this.jobs.find(dto.import_id);
    if (!job) throw AppError.failed('import_not_found');
    return {
      state: job.state,
      done: job.done,
      total: job.total,
      dry_run: job.dry_run,
      ...(job.state === 'done' && job.counts ? { counts: job.counts } : {}),
      ...(job.state === 'failed' ? { error: job.error } : {}),
      report_url: job.state === 'done' ? `/api/adminImport/report?import_id=${job.import_id}` : '',
    };
  }

  /** The report as JSON (default) or as the readable text, streamed by the gateway out of BlobStorage. */
  async report(caller: Caller, dto: ImportIdDto): Promise<Reply<never>> {
    requireAdmin(caller);
    const job = await this.jobs.find(dto.import_id);
    if (!job) throw AppError.failed('import_not_found');
    if (job.state === 'failed') throw AppError.failed('import_failed', { reason: job.error });
    if (job.state !== 'done') throw AppError.failed('import_not_finished');
    const text = dto.format === 'text';
    return Reply.blob({
      key: `${job.report_key}.${text ? 'txt' : 'json'}`,
      contentType: text ? 'text/plain; charset=utf-8' : 'application/json',
      filename: `showdoc-import-${job.import_id}.${text ? 'txt' : 'json'}`,
      inline: false,
    });
  }
}
