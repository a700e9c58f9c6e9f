import { Injectable, type OnModuleInit } from '@nestjs/common';
import { type Collection, DocumentStore } from '@quire/platform';
import type { ExportJobEntity } from './export-job.entity';

/** The `export_jobs` collection. */
@Injectable()
export class ExportJobRepository implements OnModuleInit {
  private readonly jobs: Collection<ExportJobEntity>;

  constructor(store: DocumentStore) {
    this.jobs = store.collection<ExportJobEntity>('export_jobs');
  }

  async onModuleInit(): Promise<void> {
    await this.jobs.ensureIndex({ field: 'job_id', unique: true });
    await this.jobs.ensureIndex({ field: 'expires_at' });
  }

  create(job: ExportJobEntity): Promise<ExportJobEntity> {
    return this.jobs.insertOne(job);
  }

  find(jobId: string): Promise<ExportJobEntity | null> {
    return this.jobs.findOne({ job_id: jobId });
  }

  async setQueueId(jobId: string, queueId: string): Promise<void> {
    await this.jobs.updateOne({ job_id: jobId }, { $set: { queue_id: queueId } });
  }

  /** Exports whose file has expired. */
  expired(now: number, limit = 500): Promise<ExportJobEntity[]> {
    return this.jobs.find({ expires_at: { $lt: now } }, { sort: { expires_at: 1 }, limit });
  }

  async delete(jobId: string): Promise<void> {
    await this.jobs.deleteOne({ job_id: jobId });
  }
}
