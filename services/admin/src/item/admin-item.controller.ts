import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AdminAttornItemSchema, AdminItemIdSchema, type AdminItemPage, AdminListItemsSchema, type ItemRow, type Message, parseParams, Subject } from '@quire/proto';
import { AdminItemService } from './admin-item.service';

@Controller()
export class AdminItemController {
  constructor(private readonly items: AdminItemService) {}

  @MessagePattern(Subject.AdminItemList)
  list(@Payload() message: Message): Promise<AdminItemPage> {
    return this.items.list(message.caller, parseParams(AdminListItemsSchema, message.params));
  }

  @MessagePattern(Subject.AdminItemDelete)
  delete(@Payload() message: Message): Promise<number> {
    return this.items.delete(message.caller, parseParams(AdminItemIdSchema, message.params).item_id);
  }

  @MessagePattern(Subject.AdminItemAttorn)
  attorn(@Payload() message: Message): Promise<ItemRow> {
    return this.items.attorn(message.caller, parseParams(AdminAttornItemSchema, message.params));
  }
}
