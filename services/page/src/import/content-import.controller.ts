import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  type ImportedCatalogs,
  type ImportedIds,
  type ImportedPages,
  ImportCatalogsSchema,
  ImportHistorySchema,
  ImportPagesSchema,
  ImportSignsSchema,
  ImportTemplatesSchema,
  type Incoming,
  parseParams,
  requireImporter,
  Subject,
} from '@quire/proto';
import { Handles } from '../handles';
import { ContentImportService } from './content-import.service';

/** `page.import.*`: catalogs, pages, history, files, share keys and templates brought over by the import service (issue 16). */
@Controller()
export class ContentImportController {
  constructor(private readonly imports: ContentImportService) {}

  @Handles(Subject.PageImportCatalogs)
  catalogs(@Payload() message: Incoming<typeof Subject.PageImportCatalogs>): Promise<ImportedCatalogs> {
    requireImporter(message.caller);
    return this.imports.importCatalogs(parseParams(ImportCatalogsSchema, message.params));
  }

  @Handles(Subject.PageImportPages)
  pages(@Payload() message: Incoming<typeof Subject.PageImportPages>): Promise<ImportedPages> {
    requireImporter(message.caller);
    return this.imports.importPages(parseParams(ImportPagesSchema, message.params));
  }

  @Handles(Subject.PageImportHistory)
  history(@Payload() message: Incoming<typeof Subject.PageImportHistory>): Promise<{ versions: number }> {
    requireImporter(message.caller);
    return this.imports.importHistory(parseParams(ImportHistorySchema, message.params));
  }

  @Handles(Subject.PageImportTakenSigns)
  takenSigns(@Payload() message: Incoming<typeof Subject.PageImportTakenSigns>): Promise<{ taken: string[] }> {
    requireImporter(message.caller);
    return this.imports.takenSigns(parseParams(ImportSignsSchema, message.params));
  }

  @Handles(Subject.PageImportTemplates)
  templates(@Payload() message: Incoming<typeof Subject.PageImportTemplates>): Promise<ImportedIds> {
    requireImporter(message.caller);
    return this.imports.importTemplates(parseParams(ImportTemplatesSchema, message.params));
  }
}
