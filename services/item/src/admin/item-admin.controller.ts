import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  AdminAttornItemSchema,
  AdminItemIdSchema,
  type AdminItemPage,
  AdminItemsOfUserSchema,
  AdminListItemsSchema,
  type Count,
  type ItemRow,
  type Message,
  parseParams,
  Subject,
} from '@quire/proto';
import { ItemAdminService } from './item-admin.service';

/** Internal subjects of the administrator console (the admin service asks them with the original caller). */
@Controller()
export class ItemAdminController {
  constructor(private readonly admin: ItemAdminService) {}

  @MessagePattern(Subject.ItemAdminList)
  list(@Payload() message: Message): Promise<AdminItemPage> {
    return this.admin.list(message.caller, parseParams(AdminListItemsSchema, message.params));
  }

  @MessagePattern(Subject.ItemAdminDelete)
  delete(@Payload() message: Message): Promise<number> {
    return this.admin.delete(message.caller, parseParams(AdminItemIdSchema, message.params).item_id);
  }

  @MessagePattern(Subject.ItemAdminAttorn)
  attorn(@Payload() message: Message): Promise<ItemRow> {
    return this.admin.attorn(message.caller, parseParams(AdminAttornItemSchema, message.params));
  }

  @MessagePattern(Subject.ItemAdminCountOwned)
  countOwned(@Payload() message: Message): Promise<Count> {
    return this.admin.countOwned(message.caller, parseParams(AdminItemsOfUserSchema, message.params).uid);
  }

  @MessagePattern(Subject.ItemAdminForgetUser)
  forgetUser(@Payload() message: Message): Promise<Count> {
    return this.admin.forgetUser(message.caller, parseParams(AdminItemsOfUserSchema, message.params).uid);
  }
}
