import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { ExportOpenapiSchema, ImportApiSchemasSchema, ImportApiSourceSchema, type Incoming, parseParams, type Reply, requireImporter, Subject } from '@quire/proto';
import { Handles } from '../handles';
import { ApiSourceService } from './api-source.service';

/** An API import's source record (internal, from the import service) and the OpenAPI export (`export/openapi`). */
@Controller()
export class ApiSourceController {
  constructor(private readonly sources: ApiSourceService) {}

  @Handles(Subject.PageImportApiSource)
  source(@Payload() message: Incoming<typeof Subject.PageImportApiSource>): Promise<{ source_id: number }> {
    requireImporter(message.caller);
    return this.sources.importSource(parseParams(ImportApiSourceSchema, message.params));
  }

  @Handles(Subject.PageImportApiSchemas)
  schemas(@Payload() message: Incoming<typeof Subject.PageImportApiSchemas>): Promise<{ schemas: number }> {
    requireImporter(message.caller);
    return this.sources.importSchemas(parseParams(ImportApiSchemasSchema, message.params));
  }

  /** `GET /api/export/openapi?item_id=&cat_id=&format=json|yaml`: the generated pages as an OpenAPI 3.1 download. */
  @Handles(Subject.PageExportOpenapi)
  exportOpenapi(@Payload() message: Incoming<typeof Subject.PageExportOpenapi>): Promise<Reply<never>> {
    return this.sources.exportOpenapi(message.caller, parseParams(ExportOpenapiSchema, message.params));
  }
}
