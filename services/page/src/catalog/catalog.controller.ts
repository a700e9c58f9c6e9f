import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  BatchUpdateCatalogsSchema,
  type CatalogGroup,
  type CatalogPage,
  CatalogPagesSchema,
  type CatalogRow,
  type DefaultCatalog,
  DeleteCatalogSchema,
  ErrorCode,
  GetDefaultCatalogSchema,
  ListCatalogGroupSchema,
  type Message,
  parseParams,
  SaveCatalogSchema,
  Subject,
} from '@quire/proto';
import { CatalogService } from './catalog.service';

@Controller()
export class CatalogController {
  constructor(private readonly catalogs: CatalogService) {}

  @MessagePattern(Subject.PageCatalogListGroup)
  listGroup(@Payload() message: Message): Promise<CatalogGroup[]> {
    return this.catalogs.listGroup(message.caller, parseParams(ListCatalogGroupSchema, message.params));
  }

  @MessagePattern(Subject.PageCatalogDefault)
  defaultCatalog(@Payload() message: Message): Promise<DefaultCatalog> {
    return this.catalogs.defaultCatalog(message.caller, parseParams(GetDefaultCatalogSchema, message.params));
  }

  @MessagePattern(Subject.PageCatalogSave)
  save(@Payload() message: Message): Promise<CatalogRow> {
    return this.catalogs.save(message.caller, parseParams(SaveCatalogSchema, message.params));
  }

  /** The one endpoint of the contract that answers -1 (also for bad parameters). */
  @MessagePattern(Subject.PageCatalogDelete)
  delete(@Payload() message: Message): Promise<true> {
    return this.catalogs.delete(message.caller, parseParams(DeleteCatalogSchema, message.params, ErrorCode.CatalogRequestFail));
  }

  @MessagePattern(Subject.PageCatalogBatchUpdate)
  batchUpdate(@Payload() message: Message): Promise<never[]> {
    return this.catalogs.batchUpdate(message.caller, parseParams(BatchUpdateCatalogsSchema, message.params));
  }

  @MessagePattern(Subject.PageCatalogPages)
  pagesOf(@Payload() message: Message): Promise<CatalogPage[]> {
    return this.catalogs.pagesOf(message.caller, parseParams(CatalogPagesSchema, message.params));
  }
}
