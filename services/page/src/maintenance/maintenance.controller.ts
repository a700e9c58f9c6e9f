import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  type CopiedItemPages,
  CopyItemPagesSchema,
  type Message,
  parseParams,
  type PurgedPages,
  PurgeItemPagesSchema,
  Subject,
} from '@quire/proto';
import { MaintenanceService } from './maintenance.service';

/** Internal subjects only (no gateway route reaches them): the item and admin services call them. */
@Controller()
export class MaintenanceController {
  constructor(private readonly maintenance: MaintenanceService) {}

  @MessagePattern(Subject.PageItemCopy)
  copy(@Payload() message: Message): Promise<CopiedItemPages> {
    return this.maintenance.copy(message.caller, parseParams(CopyItemPagesSchema, message.params));
  }

  @MessagePattern(Subject.PageItemPurge)
  purgeItem(@Payload() message: Message): Promise<never[]> {
    return this.maintenance.purgeItem(parseParams(PurgeItemPagesSchema, message.params));
  }

  @MessagePattern(Subject.PageMaintenancePurge)
  purgeRecycled(): Promise<PurgedPages> {
    return this.maintenance.purgeRecycled();
  }
}
