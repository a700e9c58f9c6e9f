import { Injectable, type OnModuleInit } from '@nestjs/common';
import { type Collection, DocumentStore } from '@quire/platform';
import type { ImportJobEntity } from './import-job.entity';

/** The `import_jobs` collection. */
@Injectable()
export class ImportJobRepository implements OnModuleInit {
  private readonly jobs: Collection<ImportJobEntity>;

  constructor(store: DocumentStore) {
    this.jobs = store.collection<ImportJobEntity>('import_jobs');
  }

  async onModuleInit(): Promise<void> {
    await this.jobs.ensureIndex({ field: 'import_id', unique: true });
    await this.jobs.ensureIndex({ field: 'state' });
  }

  create(job: ImportJobEntity): Promise<ImportJobEntity> {
    return this.jobs.insertOne(job);
  }

  find(importId: string): Promise<ImportJobEntity | null> {
    return this.jobs.findOne({ import_id: importId });
  }

  /** An import waiting or running, if any (one at a time). */
  unfinished(): Promise<ImportJobEntity | null> {
    return this.jobs.findOne({ state: { $in: ['waiting', 'running'] } });
  }

  async update(importId: string, changes: Partial<Omit<ImportJobEntity, 'import_id'>>): Promise<void> {
    await this.jobs.updateOne({ import_id: importId }, { $set: changes });
  }
}
