import { Injectable } from '@nestjs/common';
import { TransportClient } from '@quire/platform';
import { type AdminAttornItemDto, type AdminItemPage, type AdminListItemsDto, type Caller, type Count, type ItemRow, Subject } from '@quire/proto';

/** What the admin service asks the item service (which owns the items), always with the original caller. */
@Injectable()
export class ItemClient {
  constructor(private readonly transport: TransportClient) {}

  list(caller: Caller, dto: AdminListItemsDto): Promise<AdminItemPage> {
    return this.transport.send<AdminItemPage>(Subject.ItemAdminList, { caller, params: { ...dto } });
  }

  delete(caller: Caller, itemId: number): Promise<number> {
    return this.transport.send<number>(Subject.ItemAdminDelete, { caller, params: { item_id: itemId } });
  }

  attorn(caller: Caller, dto: AdminAttornItemDto): Promise<ItemRow> {
    return this.transport.send<ItemRow>(Subject.ItemAdminAttorn, { caller, params: { ...dto } });
  }

  async countOwned(caller: Caller, uid: number): Promise<number> {
    return (await this.transport.send<Count>(Subject.ItemAdminCountOwned, { caller, params: { uid } })).count;
  }

  async forgetUser(caller: Caller, uid: number): Promise<void> {
    await this.transport.send<Count>(Subject.ItemAdminForgetUser, { caller, params: { uid } });
  }
}
