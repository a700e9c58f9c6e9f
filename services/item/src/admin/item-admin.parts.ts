import { ItemAdminController } from './item-admin.controller';
import { ItemAdminRepository } from './item-admin.repository';
import { ItemAdminService } from './item-admin.service';

/** The administrator console's slice of the item service, registered by ItemModule. */
export const ItemAdminControllers = [ItemAdminController];
export const ItemAdminProviders = [ItemAdminRepository, ItemAdminService];
