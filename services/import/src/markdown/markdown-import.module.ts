import { Module } from '@nestjs/common';
import { MarkdownImportController } from './markdown-import.controller';
import { MarkdownImportService } from './markdown-import.service';
import { MarkdownWrites } from './markdown-writes';

/** `import/auto`: Markdown zips (folders → catalogs, files → pages, linked files → attachments). */
@Module({
  controllers: [MarkdownImportController],
  providers: [MarkdownImportService, MarkdownWrites],
})
export class MarkdownImportModule {}
