import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type ImportedItem, ImportItemIdSchema, ImportItemSchema, ImportItemSortSchema, type Incoming, parseParams, requireImporter, Subject } from '@quire/proto';
import { Handles } from '../handles';
import { ItemImportService } from './item-import.service';

/** `item.import.*`: items brought over by the import service (issue 16), written by the service that owns them. */
@Controller()
export class ItemImportController {
  constructor(private readonly imports: ItemImportService) {}

  @Handles(Subject.ItemImportItem)
  importItem(@Payload() message: Incoming<typeof Subject.ItemImportItem>): Promise<ImportedItem> {
    requireImporter(message.caller);
    return this.imports.importItem(parseParams(ImportItemSchema, message.params));
  }

  @Handles(Subject.ItemImportPublish)
  publish(@Payload() message: Incoming<typeof Subject.ItemImportPublish>): Promise<{ published: boolean }> {
    requireImporter(message.caller);
    return this.imports.publish(parseParams(ImportItemIdSchema, message.params).item_id);
  }

  @Handles(Subject.ItemImportSort)
  sort(@Payload() message: Incoming<typeof Subject.ItemImportSort>): Promise<{ positions: number }> {
    requireImporter(message.caller);
    return this.imports.sort(parseParams(ImportItemSortSchema, message.params));
  }

  @Handles(Subject.ItemImportDiscard)
  discard(@Payload() message: Incoming<typeof Subject.ItemImportDiscard>): Promise<{ discarded: boolean }> {
    requireImporter(message.caller);
    return this.imports.discard(message.caller, parseParams(ImportItemIdSchema, message.params).item_id);
  }
}
