import { Injectable } from '@nestjs/common';
import { TransportClient } from '@quire/platform';
import {
  type Caller,
  IMPORT_COMMAND_CALLER,
  type ImportCatalogsDto,
  type ImportContentsDto,
  type ImportedCatalogs,
  type ImportedItem,
  type ImportedMove,
  type ImportedPages,
  type ImportItemDto,
  type ImportPagesDto,
  type ItemAccess,
  type QuireContracts,
  Subject,
} from '@quire/proto';

/**
 * The owning services' writes a Markdown import needs, over the transport. The `*.import.*` subjects
 * take the import service's own caller (the administrator group, as the command line's): the import
 * service has checked the user's rights itself, and the records name the user as owner and author.
 */
@Injectable()
export class MarkdownWrites {
  private readonly importer: Caller = { ...IMPORT_COMMAND_CALLER, clientId: 'markdown-import' };

  constructor(private readonly transport: TransportClient<QuireContracts>) {}

  /** The user's rights on an item, as the item service answers every service. */
  access(caller: Caller, itemId: number): Promise<ItemAccess> {
    return this.transport.send(Subject.ItemAccessCheck, { caller, params: { item_id: itemId } });
  }

  createItem(params: ImportItemDto): Promise<ImportedItem> {
    return this.transport.send(Subject.ItemImportItem, { caller: this.importer, params });
  }

  publishItem(itemId: number): Promise<{ published: boolean }> {
    return this.transport.send(Subject.ItemImportPublish, { caller: this.importer, params: { item_id: itemId } });
  }

  /** Removes a pending item with everything written for it (never a live one). */
  discardItem(itemId: number): Promise<{ discarded: boolean }> {
    return this.transport.send(Subject.ItemImportDiscard, { caller: this.importer, params: { item_id: itemId } });
  }

  catalogs(params: ImportCatalogsDto): Promise<ImportedCatalogs> {
    return this.transport.send(Subject.PageImportCatalogs, { caller: this.importer, params });
  }

  pages(params: ImportPagesDto): Promise<ImportedPages> {
    return this.transport.send(Subject.PageImportPages, { caller: this.importer, params });
  }

  contents(params: ImportContentsDto): Promise<{ pages: number }> {
    return this.transport.send(Subject.PageImportContents, { caller: this.importer, params });
  }

  move(fromItemId: number, toItemId: number): Promise<ImportedMove> {
    return this.transport.send(Subject.PageImportMove, { caller: this.importer, params: { from_item_id: fromItemId, to_item_id: toItemId } });
  }
}
