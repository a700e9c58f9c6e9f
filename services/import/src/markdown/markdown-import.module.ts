import { Module } from '@nestjs/common';
import { ImportClientsModule } from '../clients/import-clients.module';
import { MarkdownImportController } from './markdown-import.controller';
import { MarkdownImportService } from './markdown-import.service';

/** `import/auto`: Markdown zips (folders → catalogs, files → pages, linked files → attachments). */
@Module({
  imports: [ImportClientsModule],
  controllers: [MarkdownImportController],
  providers: [MarkdownImportService],
})
export class MarkdownImportModule {}
