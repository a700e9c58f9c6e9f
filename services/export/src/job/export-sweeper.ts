import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { BlobStorage } from '@quire/platform';
import { nowSeconds } from '@quire/proto';
import { ExportJobRepository } from './export-job.repository';

const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** Removes exported files a day after they were asked for (hourly, and once at boot). */
@Injectable()
export class ExportSweeper implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(ExportSweeper.name);
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly jobs: ExportJobRepository,
    private readonly blobs: BlobStorage,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweep(), SWEEP_EVERY_MS);
    this.timer.unref();
    void this.sweep();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
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
