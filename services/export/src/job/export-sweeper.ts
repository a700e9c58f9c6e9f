import { Injectable, Logger } from '@nestjs/common';
import { BlobStorage, OnJob } from '@quire/platform';
import { JobName, nowSeconds } from '@quire/proto';
import { ExportJobRepository } from './export-job.repository';

/** How often the scheduler runs the sweep (one replica each time). */
export const SWEEP_EVERY_MS = 60 * 60 * 1000;

/**
 * Removes exported files a day after they were asked for: the `export.sweep` job, which the job
 * queue's scheduler runs hourly on one replica (and at once when it is first scheduled).
 */
@Injectable()
export class ExportSweeper {
  private readonly logger = new Logger(ExportSweeper.name);

  constructor(
    private readonly jobs: ExportJobRepository,
    private readonly blobs: BlobStorage,
  ) {}

  @OnJob(JobName.SweepExports, { everyMs: SWEEP_EVERY_MS })
  run(): Promise<number> {
    return this.sweep();
  }

  /** Deletes the files and records of expired exports; returns how many were removed. */
  async sweep(now = nowSeconds()): Promise<number> {
    let removed = 0;
    try {
      for (const job of await this.jobs.expired(now)) {
        try {
          await this.blobs.delete(job.blob_key);
          await this.jobs.delete(job.job_id);
          removed += 1;
        } catch (error) {
          this.logger.warn(`Removing expired export ${job.blob_key} failed: ${(error as Error).message}`);
        }
      }
    } catch (error) {
      this.logger.warn(`Sweeping expired exports failed: ${(error as Error).message}`);
    }
    return removed;
  }
}
