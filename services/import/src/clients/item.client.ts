import { Injectable } from '@nestjs/common';
import { TransportClient } from '@quire/platform';
import { type Caller, type ImportedItem, type ImportItemDto, type ImportItemSortDto, type ItemAccess, ItemType, nowSeconds, type QuireContracts, Subject } from '@quire/proto';

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

  /**
   * A new regular item of `owner`'s, pending (invisible) until published: what a Markdown or API import fills. Name
   * and description are cut to the item service's limits.
   */
  pendingItem(importer: Caller, owner: Caller, name: string, description: string): Promise<ImportedItem> {
    const now = nowSeconds();
    return this.importItem(importer, {
      item: {
        item_name: name.slice(0, 2000),
        item_description: description.slice(0, 20_000),
        uid: owner.uid,
        username: owner.username,
        password: '',
        item_domain: '',
        item_type: ItemType.Regular,
        is_archived: 0,
        addtime: now,
        last_update_time: now,
      },
      members: [],
      token: null,
    });
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
