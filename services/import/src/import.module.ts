import { Module } from '@nestjs/common';
import { ApiImportModule } from './api/api-import.module';
import { ImportClientsModule } from './clients/import-clients.module';
import { ImportController } from './job/import.controller';
import { ImportJobRepository } from './job/import-job.repository';
import { ImportJobService } from './job/import-job.service';
import { ImportProcessor } from './job/import.processor';
import { ImportLedgerRepository } from './ledger/import-ledger.repository';
import { MarkdownImportModule } from './markdown/markdown-import.module';
import { ShowdocImportService } from './showdoc/showdoc-import.service';

/**
 * Imports from other tools: a ShowDoc site (`showdoc/`), a Markdown zip (`markdown/`), an API description (`api/`). The import service
 * owns only its ledger (what was imported from which source) and its jobs (the console's imports); every record
 * is written by the service that owns it, through its `*.import.*` messages. It imports no adapter: the ports come from the global
 * PlatformModule.
 */
@Module({
  imports: [ImportClientsModule, MarkdownImportModule, ApiImportModule],
  controllers: [ImportController],
  providers: [ImportLedgerRepository, ShowdocImportService, ImportJobRepository, ImportJobService, ImportProcessor],
  exports: [ShowdocImportService],
})
export class ImportModule {}
