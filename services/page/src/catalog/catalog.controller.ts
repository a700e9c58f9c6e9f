import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
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
  type Incoming,
  ListCatalogGroupSchema,
  parseParams,
  SaveCatalogSchema,
  Subject,
} from '@quire/proto';
import { Handles } from '../handles';
import { CatalogService } from './catalog.service';

@Controller()
export class CatalogController {
  constructor(private readonly catalogs: CatalogService) {}

  @Handles(Subject.PageCatalogListGroup)
  listGroup(@Payload() message: Incoming<typeof Subject.PageCatalogListGroup>): Promise<CatalogGroup[]> {
    return this.catalogs.listGroup(message.caller, parseParams(ListCatalogGroupSchema, message.params));
  }

  @Handles(Subject.PageCatalogDefault)
  defaultCatalog(@Payload() message: Incoming<typeof Subject.PageCatalogDefault>): Promise<DefaultCatalog> {
    return this.catalogs.defaultCatalog(message.caller, parseParams(GetDefaultCatalogSchema, message.params));
  }

  @Handles(Subject.PageCatalogSave)
  save(@Payload() message: Incoming<typeof Subject.PageCatalogSave>): Promise<CatalogRow> {
    return this.catalogs.save(message.caller, parseParams(SaveCatalogSchema, message.params));
  }

  /** The one endpoint of the contract that answers -1 (also for bad parameters). */
  @Handles(Subject.PageCatalogDelete)
  delete(@Payload() message: Incoming<typeof Subject.PageCatalogDelete>): Promise<true> {
    return this.catalogs.delete(message.caller, parseParams(DeleteCatalogSchema, message.params, ErrorCode.CatalogRequestFail));
  }

  @Handles(Subject.PageCatalogBatchUpdate)
  batchUpdate(@Payload() message: Incoming<typeof Subject.PageCatalogBatchUpdate>): Promise<never[]> {
    return this.catalogs.batchUpdate(message.caller, parseParams(BatchUpdateCatalogsSchema, message.params));
  }

  @Handles(Subject.PageCatalogPages)
  pagesOf(@Payload() message: Incoming<typeof Subject.PageCatalogPages>): Promise<CatalogPage[]> {
    return this.catalogs.pagesOf(message.caller, parseParams(CatalogPagesSchema, message.params));
  }
}
