import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  AdminAttornItemSchema,
  AdminItemIdSchema,
  type AdminItemPage,
  AdminItemsOfUserSchema,
  AdminListItemsSchema,
  type Count,
  type Incoming,
  type ItemRow,
  parseParams,
  Subject,
} from '@quire/proto';
import { Handles } from '../handles';
import { ItemAdminService } from './item-admin.service';

/** Internal subjects of the administrator console (the admin service asks them with the original caller). */
@Controller()
export class ItemAdminController {
  constructor(private readonly admin: ItemAdminService) {}

  @Handles(Subject.ItemAdminList)
  list(@Payload() message: Incoming<typeof Subject.ItemAdminList>): Promise<AdminItemPage> {
    return this.admin.list(message.caller, parseParams(AdminListItemsSchema, message.params));
  }

  @Handles(Subject.ItemAdminDelete)
  delete(@Payload() message: Incoming<typeof Subject.ItemAdminDelete>): Promise<number> {
    return this.admin.delete(message.caller, parseParams(AdminItemIdSchema, message.params).item_id);
  }

  @Handles(Subject.ItemAdminAttorn)
  attorn(@Payload() message: Incoming<typeof Subject.ItemAdminAttorn>): Promise<ItemRow> {
    return this.admin.attorn(message.caller, parseParams(AdminAttornItemSchema, message.params));
  }

  @Handles(Subject.ItemAdminCountOwned)
  countOwned(@Payload() message: Incoming<typeof Subject.ItemAdminCountOwned>): Promise<Count> {
    return this.admin.countOwned(message.caller, parseParams(AdminItemsOfUserSchema, message.params).uid);
  }

  @Handles(Subject.ItemAdminForgetUser)
  forgetUser(@Payload() message: Incoming<typeof Subject.ItemAdminForgetUser>): Promise<Count> {
    return this.admin.forgetUser(message.caller, parseParams(AdminItemsOfUserSchema, message.params).uid);
  }
}
