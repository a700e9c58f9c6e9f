import { Injectable } from '@nestjs/common';
import { TransportClient } from '@quire/platform';
import { type Caller, type ImportedItem, type ImportItemDto, type ImportItemSortDto, type ItemAccess, type QuireContracts, Subject } from '@quire/proto';

/** What the import service asks the item service. */
@Injectable()
export class ItemClient {
  constructor(private readonly transport: TransportClient<QuireContracts>) {}

  /** The user's rights on an item, as the item service answers every service. */
  access(caller: Caller, itemId: number): Promise<ItemAccess> {
    return this.transport.send(Subject.ItemAccessCheck, { caller, params: { item_id: itemId } });
  }

  /** Stores the item pending (invisible) with its members and credentials. */
  importItem(caller: Caller, params: ImportItemDto): Promise<ImportedItem> {
    return this.transport.send(Subject.ItemImportItem, { caller, params });
  }

  async publish(caller: Caller, itemId: number): Promise<boolean> {
    return (await this.transport.send(Subject.ItemImportPublish, { caller, params: { item_id: itemId } })).published;
  }

  /** A user's order of the item list, for the imported items. */
  async sort(caller: Caller, params: ImportItemSortDto): Promise<number> {
    return (await this.transport.send(Subject.ItemImportSort, { caller, params })).positions;
  }

  /** Removes a pending item with everything written for it (a live item is never touched). */
  async discard(caller: Caller, itemId: number): Promise<boolean> {
    return (await this.transport.send(Subject.ItemImportDiscard, { caller, params: { item_id: itemId } })).discarded;
  }
}
