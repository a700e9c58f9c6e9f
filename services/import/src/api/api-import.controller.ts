import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { ImportApiFileSchema, ImportApiUrlSchema, type ImportedApi, type Incoming, parseParams, Subject } from '@quire/proto';
import { Handles } from '../handles';
import { ApiImportService } from './api-import.service';

/** ShowDoc's `importSwagger/import` and `importPostman/import` (answering `{item_id}` as ShowDoc does), Quire's `importApi/url`. */
@Controller()
export class ApiImportController {
  constructor(private readonly imports: ApiImportService) {}

  @Handles(Subject.ImportApiSwagger)
  async swagger(@Payload() message: Incoming<typeof Subject.ImportApiSwagger>): Promise<{ item_id: number }> {
    const { item_id } = await this.imports.importFile(message.caller, parseParams(ImportApiFileSchema, message.params));
    return { item_id };
  }

  @Handles(Subject.ImportApiPostman)
  async postman(@Payload() message: Incoming<typeof Subject.ImportApiPostman>): Promise<{ item_id: number }> {
    const { item_id } = await this.imports.importFile(message.caller, parseParams(ImportApiFileSchema, message.params));
    return { item_id };
  }

  @Handles(Subject.ImportApiUrl)
  url(@Payload() message: Incoming<typeof Subject.ImportApiUrl>): Promise<ImportedApi> {
    return this.imports.importUrl(message.caller, parseParams(ImportApiUrlSchema, message.params));
  }
}
