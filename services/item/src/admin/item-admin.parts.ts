import { ItemAdminController } from './item-admin.controller';
import { ItemAdminService } from './item-admin.service';

/** The administrator console's slice of the item service, registered by ItemModule. */
export const ItemAdminControllers = [ItemAdminController];
export const ItemAdminProviders = [ItemAdminService];
