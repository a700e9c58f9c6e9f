import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { AdminAttornItemSchema, AdminItemIdSchema, type AdminItemPage, AdminListItemsSchema, type Incoming, type ItemRow, parseParams, Subject } from '@quire/proto';
import { Handles } from '../handles';
import { AdminItemService } from './admin-item.service';

@Controller()
export class AdminItemController {
  constructor(private readonly items: AdminItemService) {}

  @Handles(Subject.AdminItemList)
  list(@Payload() message: Incoming<typeof Subject.AdminItemList>): Promise<AdminItemPage> {
    return this.items.list(message.caller, parseParams(AdminListItemsSchema, message.params));
  }

  @Handles(Subject.AdminItemDelete)
  delete(@Payload() message: Incoming<typeof Subject.AdminItemDelete>): Promise<number> {
    return this.items.delete(message.caller, parseParams(AdminItemIdSchema, message.params).item_id);
  }

  @Handles(Subject.AdminItemAttorn)
  attorn(@Payload() message: Incoming<typeof Subject.AdminItemAttorn>): Promise<ItemRow> {
    return this.items.attorn(message.caller, parseParams(AdminAttornItemSchema, message.params));
  }
}
