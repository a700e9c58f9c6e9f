import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type CopiedItemPages, CopyItemPagesSchema, type Incoming, parseParams, type PurgedPages, PurgeItemPagesSchema, Subject } from '@quire/proto';
import { Handles } from '../handles';
import { MaintenanceService } from './maintenance.service';

/** Internal subjects only (no gateway route reaches them): the item and admin services call them. */
@Controller()
export class MaintenanceController {
  constructor(private readonly maintenance: MaintenanceService) {}

  @Handles(Subject.PageItemCopy)
  copy(@Payload() message: Incoming<typeof Subject.PageItemCopy>): Promise<CopiedItemPages> {
    return this.maintenance.copy(message.caller, parseParams(CopyItemPagesSchema, message.params));
  }

  @Handles(Subject.PageItemPurge)
  purgeItem(@Payload() message: Incoming<typeof Subject.PageItemPurge>): Promise<never[]> {
    return this.maintenance.purgeItem(parseParams(PurgeItemPagesSchema, message.params));
  }

  @Handles(Subject.PageMaintenancePurge)
  purgeRecycled(): Promise<PurgedPages> {
    return this.maintenance.purgeRecycled();
  }
}
