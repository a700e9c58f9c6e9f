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
import { HtmlExporter } from './html/html-exporter';
import { MarkdownExporter } from './markdown/markdown-exporter';
import { PdfExporter } from './pdf/pdf-exporter';
import { RenderedItem } from './render/rendered-item';
import { WordExporter } from './word/word-exporter';

/**
 * Word, Markdown, PDF and HTML-site exports as queued jobs (issues 5 and 22): the endpoints, the
 * `@OnJob` handlers of `export.word`, `export.markdown`, `export.pdf` and `export.html`, and the sweep
 * that expires files after a day. It reads items through the item and page services and imports no
 * adapter; PDF and HTML are drawn by headless Chromium from the reader's renderer (render/).
 */
@Module({
  controllers: [ExportController],
  providers: [
    ItemClient,
    PageClient,
    ItemLoader,
    ExportSource,
    ExportTexts,
    WordExporter,
    MarkdownExporter,
    RenderedItem,
    PdfExporter,
    HtmlExporter,
    ExportJobRepository,
    ExportJobService,
    ExportProcessor,
    ExportSweeper,
  ],
})
export class ExportModule {}
