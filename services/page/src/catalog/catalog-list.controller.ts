import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type CatalogListEntry, type Incoming, ListCatalogsSchema, parseParams, Subject } from '@quire/proto';
import { Handles } from '../handles';
import { CatalogListService } from './catalog-list.service';

@Controller()
export class CatalogListController {
  constructor(private readonly lists: CatalogListService) {}

  @Handles(Subject.PageCatalogList)
  list(@Payload() message: Incoming<typeof Subject.PageCatalogList>): Promise<CatalogListEntry[]> {
    return this.lists.list(message.caller, parseParams(ListCatalogsSchema, message.params));
  }

  @Handles(Subject.PageCatalogListName)
  listNames(@Payload() message: Incoming<typeof Subject.PageCatalogListName>): Promise<CatalogListEntry[]> {
    return this.lists.listNames(message.caller, parseParams(ListCatalogsSchema, message.params));
  }
}
