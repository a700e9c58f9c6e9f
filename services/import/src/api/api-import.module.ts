import { Module } from '@nestjs/common';
import { ImportClientsModule } from '../clients/import-clients.module';
import { ApiImportController } from './api-import.controller';
import { ApiImportService } from './api-import.service';

/** API descriptions: OpenAPI / Swagger documents and Postman collections (tags or folders → catalogs, operations → pages). */
@Module({
  imports: [ImportClientsModule],
  controllers: [ApiImportController],
  providers: [ApiImportService],
})
export class ApiImportModule {}
