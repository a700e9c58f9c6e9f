import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { QuireConfig } from '@quire/config';
import { BlobStorage, type JobContext, OnJob, QUIRE_CONFIG } from '@quire/platform';
import { AppError, type ImportJobPayload, JobName, SHOWDOC_ZIP_LIMITS, translate } from '@quire/proto';
import { type ImportReport, renderReport } from '../report/import-report';
import { ShowdocImportService } from '../showdoc/showdoc-import.service';
import type { ImportJobEntity } from './import-job.entity';
import { ImportJobRepository } from './import-job.repository';
import { DATABASE_FILE } from '../showdoc/uploads-source';
import { readZip } from '../zip/zip-reader';

/** Progress is written to the record at most this often. */
const PROGRESS_EVERY_MS = 500;

/**
 * The console's import job: the uploads (the database and a zip of `Public/Uploads`, or one zip of both) are
 * copied out of BlobStorage into a temporary folder (SQLite reads files), imported, and the report stored beside
 * them in BlobStorage. Whatever happens, the uploads and the temporary folder are gone before the job's end is recorded.
 */
@Injectable()
export class ImportProcessor {
  private readonly logger = new Logger('ShowdocImport');

  constructor(
    private readonly jobs: ImportJobRepository,
    private readonly showdoc: ShowdocImportService,
    private readonly blobs: BlobStorage,
    @Inject(QUIRE_CONFIG) private readonly config: QuireConfig,
  ) {}

  @OnJob(JobName.ImportShowdoc)
  async importShowdoc(job: JobContext<ImportJobPayload>): Promise<{ report_key: string }> {
    const record = await this.jobs.find(job.data.import_id);
    if (!record) throw new Error(`Import ${job.data.import_id} is not recorded`);
    await this.jobs.update(record.import_id, { state: 'running' });
    try {
      const report = await this.runOnce(record, job);
      const reportKey = `imports/${record.import_id}/report`;
      await this.blobs.put(`${reportKey}.json`, Buffer.from(`${JSON.stringify(report, null, 2)}\n`), 'application/json');
      await this.blobs.put(`${reportKey}.txt`, Buffer.from(renderReport(report)), 'text/plain');
      await this.jobs.update(record.import_id, { state: 'done', counts: report.counts, report_key: reportKey });
      return { report_key: reportKey };
    } catch (error) {
      const reason = error instanceof AppError ? translate(error.key, this.config.language, error.params) : error instanceof Error ? error.message : String(error);
      if (!(error instanceof AppError)) this.logger.error(`Import ${record.import_id} failed: ${error instanceof Error ? (error.stack ?? reason) : reason}`);
      await this.jobs.update(record.import_id, { state: 'failed', error: reason });
      throw new Error(reason, { cause: error });
    }
  }

  /**
   * Copies the uploads into a temporary folder and imports from there. The uploads and the folder are gone before
   * this returns or throws, so a caller who sees the job ended finds nothing of them left.
   */
  private async runOnce(record: ImportJobEntity, job: JobContext<ImportJobPayload>): Promise<ImportReport> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-import-'));
    try {
      const upload = path.join(dir, 'upload');
      await pipeline(await this.blobs.get(record.upload_key), fs.createWriteStream(upload));
      const unpacked = this.unpack(upload, dir);
      let uploads = unpacked.uploads;
      if (record.uploads_key) {
        uploads = path.join(dir, 'uploads.zip');
        await pipeline(await this.blobs.get(record.uploads_key), fs.createWriteStream(uploads));
      }
      let last = 0;
      return await this.showdoc.run({
        db: unpacked.db,
        uploads,
        dryRun: record.dry_run,
        caller: job.data.caller,
        log: (line) => this.logger.log(`${record.import_id}: ${line}`),
        progress: async (done, total) => {
          if (done < total && Date.now() - last < PROGRESS_EVERY_MS) return;
          last = Date.now();
          await this.jobs.update(record.import_id, { done, total });
          await job.progress(Math.floor((done / Math.max(1, total)) * 100));
        },
      });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
      await this.blobs.delete(record.upload_key).catch(() => undefined);
      if (record.uploads_key) await this.blobs.delete(record.uploads_key).catch(() => undefined);
    }
  }

  /** A database as it is, or a zip: its database (`*.db`, `*.db.php`) taken out, the zip itself as the uploads (unless given apart). */
  private unpack(upload: string, dir: string): { db: string; uploads?: string } {
    const head = Buffer.alloc(4);
    const fd = fs.openSync(upload, 'r');
    try {
      fs.readSync(fd, head, 0, 4, 0);
    } finally {
      fs.closeSync(fd);
    }
    if (!(head[0] === 0x50 && head[1] === 0x4b)) return { db: upload };
    const databases = readZip(fs.readFileSync(upload), SHOWDOC_ZIP_LIMITS, (name) => DATABASE_FILE.test(name)).files;
    const database = databases.sort((a, b) => Number(b.path.endsWith('showdoc.db.php')) - Number(a.path.endsWith('showdoc.db.php')))[0]?.data;
    if (!database) throw AppError.failed('import_not_showdoc', { reason: 'the zip holds no database file (Sqlite/showdoc.db.php or *.db)' });
    const db = path.join(dir, 'showdoc.db');
    fs.writeFileSync(db, database);
    return { db, uploads: upload };
  }
}
