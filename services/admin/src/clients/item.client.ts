import { Injectable } from '@nestjs/common';
import { TransportClient } from '@quire/platform';
import { type AdminAttornItemDto, type AdminItemPage, type AdminListItemsDto, type Caller, type ItemRow, type QuireContracts, Subject } from '@quire/proto';

/** What the admin service asks the item service (which owns the items), always with the original caller. */
@Injectable()
export class ItemClient {
  constructor(private readonly transport: TransportClient<QuireContracts>) {}

  list(caller: Caller, dto: AdminListItemsDto): Promise<AdminItemPage> {
    return this.transport.send(Subject.ItemAdminList, { caller, params: { ...dto } });
  }

  delete(caller: Caller, itemId: number): Promise<number> {
    return this.transport.send(Subject.ItemAdminDelete, { caller, params: { item_id: itemId } });
  }

  attorn(caller: Caller, dto: AdminAttornItemDto): Promise<ItemRow> {
    return this.transport.send(Subject.ItemAdminAttorn, { caller, params: { ...dto } });
  }
}
