import { Module } from '@nestjs/common';
import { ItemClient } from './clients/item.client';
import { PageClient } from './clients/page.client';
import { ExportSource } from './content/export-source';
import { ExportTexts } from './content/export-texts';
import { ItemLoader } from './content/loaded-item';
import { ExportController } from './job/export.controller';
import { ExportProcessor } from './job/export.processor';
import { ExportJobRepository } from './job/export-job.repository';
import { ExportJobService } from './job/export-job.service';
import { ExportSweeper } from './job/export-sweeper';
import { MarkdownExporter } from './markdown/markdown-exporter';
import { WordExporter } from './word/word-exporter';

/**
 * Word and Markdown exports as queued jobs (issue 5): the endpoints, the `@OnJob` handlers of
 * `export.word` and `export.markdown`, and the sweep that expires files after a day. It reads
 * items through the item and page services and imports no adapter.
 */
@Module({
  controllers: [ExportController],
  providers: [ItemClient, PageClient, ItemLoader, ExportSource, ExportTexts, WordExporter, MarkdownExporter, ExportJobRepository, ExportJobService, ExportProcessor, ExportSweeper],
})
export class ExportModule {}
