import { Inject, Injectable, Logger } from '@nestjs/common';
import type { QuireConfig } from '@quire/config';
import { BlobStorage, type JobContext, OnJob, QUIRE_CONFIG } from '@quire/platform';
import { AppError, type ExportFormat, type ExportJobPayload, JobName, translate } from '@quire/proto';
import { ItemLoader } from '../content/loaded-item';
import { HtmlExporter } from '../html/html-exporter';
import { MarkdownExporter } from '../markdown/markdown-exporter';
import { PdfExporter } from '../pdf/pdf-exporter';
import { RendererMissingError } from '../render/render-session';
import { WordExporter } from '../word/word-exporter';
import { ExportJobRepository } from './export-job.repository';
import { FORMATS } from './export-job.service';

/** Progress up to this while pages are rendered; the rest is packing and storing the file. */
const RENDER_SHARE = 95;

/**
 * The export jobs' handlers: load the item for the user who asked (rights checked again), render
 * it page by page reporting pages done / total, and store the file in BlobStorage. A failure is
 * thrown as a sentence in the server's language: the queue retries, then reports it as the error.
 */
@Injectable()
export class ExportProcessor {
  private readonly logger = new Logger(ExportProcessor.name);

  constructor(
    private readonly jobs: ExportJobRepository,
    private readonly loader: ItemLoader,
    private readonly word: WordExporter,
    private readonly markdown: MarkdownExporter,
    private readonly pdf: PdfExporter,
    private readonly html: HtmlExporter,
    private readonly blobs: BlobStorage,
    @Inject(QUIRE_CONFIG) private readonly config: QuireConfig,
  ) {}

  @OnJob(JobName.ExportWord)
  exportWord(job: JobContext<ExportJobPayload>): Promise<{ key: string; size: number }> {
    return this.run(job.data, 'word', job.progress.bind(job));
  }

  @OnJob(JobName.ExportMarkdown)
  exportMarkdown(job: JobContext<ExportJobPayload>): Promise<{ key: string; size: number }> {
    return this.run(job.data, 'markdown', job.progress.bind(job));
  }

  @OnJob(JobName.ExportPdf)
  exportPdf(job: JobContext<ExportJobPayload>): Promise<{ key: string; size: number }> {
    return this.run(job.data, 'pdf', job.progress.bind(job));
  }

  @OnJob(JobName.ExportHtml)
  exportHtml(job: JobContext<ExportJobPayload>): Promise<{ key: string; size: number }> {
    return this.run(job.data, 'html', job.progress.bind(job));
  }

  private async run(payload: ExportJobPayload, format: ExportFormat, progress: (percent: number) => Promise<void>): Promise<{ key: string; size: number }> {
    const record = await this.jobs.find(payload.export_id);
    if (!record) throw new Error(`Export ${payload.export_id} is not recorded (expired or removed)`);
    let last = -1;
    const report = async (done: number, total: number): Promise<void> => {
      const percent = Math.floor((done / Math.max(1, total)) * RENDER_SHARE);
      if (percent === last) return;
      last = percent;
      await progress(percent);
    };
    let file: Buffer;
    try {
      const item = await this.loader.load(payload.caller, { item_id: payload.item_id, cat_id: payload.cat_id });
      file = await this.exporterOf(format).render(payload.caller, item, report);
    } catch (error) {
      throw this.readable(error);
    }
    try {
      const stored = await this.blobs.put(record.blob_key, file, FORMATS[format].contentType);
      await progress(100);
      return { key: record.blob_key, size: stored.size };
    } catch (error) {
      this.logger.error(`Storing ${record.blob_key} failed: ${(error as Error).message}`);
      throw new Error(translate('export_store_failed', this.config.language), { cause: error });
    }
  }

  private exporterOf(format: ExportFormat): { render: WordExporter['render'] } {
    return { word: this.word, markdown: this.markdown, pdf: this.pdf, html: this.html }[format];
  }

  /** The failure as the user should read it in export/status. */
  private readable(error: unknown): Error {
    if (error instanceof AppError) return new Error(translate(error.key, this.config.language, error.params));
    if (error instanceof RendererMissingError) {
      this.logger.error(error.message);
      return new Error(translate('export_renderer_missing', this.config.language));
    }
    this.logger.error(`Export failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return error instanceof Error ? error : new Error(String(error));
  }
}
