import { Module } from '@nestjs/common';
import { ApiResyncClient } from '../clients/api-resync.client';
import { ImportClientsModule } from '../clients/import-clients.module';
import { ApiImportController } from './api-import.controller';
import { ApiImportService } from './api-import.service';
import { ApiResyncController } from './resync/api-resync.controller';
import { ApiResyncLogRepository } from './resync/api-resync-log.repository';
import { ApiResyncSourceRepository } from './resync/api-resync-source.repository';
import { ApiResyncService } from './resync/api-resync.service';

/**
 * API descriptions: OpenAPI / Swagger documents and Postman collections (tags or folders → catalogs, operations → pages),
 * and their re-sync (`resync/`: the remembered sources, the summaries, the scheduled job).
 */
@Module({
  imports: [ImportClientsModule],
  controllers: [ApiImportController, ApiResyncController],
  providers: [ApiImportService, ApiResyncService, ApiResyncClient, ApiResyncSourceRepository, ApiResyncLogRepository],
})
export class ApiImportModule {}
