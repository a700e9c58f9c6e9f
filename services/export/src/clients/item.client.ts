import { Injectable } from '@nestjs/common';
import { TransportClient } from '@quire/platform';
import { type Caller, type ItemAccess, Subject } from '@quire/proto';

/** What the export service asks the item service, on behalf of the original caller. */
@Injectable()
export class ItemClient {
  constructor(private readonly transport: TransportClient) {}

  access(caller: Caller, itemId: number): Promise<ItemAccess> {
    return this.transport.send<ItemAccess>(Subject.ItemAccessCheck, { caller, params: { item_id: itemId } });
  }

  /**
   * The item's description for the title page. `item.access.check` does not carry it, and
   * `item/detail` answers the creator only, so other editors' documents go without it.
   */
  async description(caller: Caller, access: ItemAccess): Promise<string> {
    const carried = (access as ItemAccess & { item_description?: unknown }).item_description;
    if (typeof carried === 'string') return carried;
    if (!access.creator) return '';
    const row = await this.transport.send<{ item_description?: unknown }>(Subject.ItemItemDetail, { caller, params: { item_id: access.item_id } });
    return typeof row?.item_description === 'string' ? row.item_description : '';
  }
}
