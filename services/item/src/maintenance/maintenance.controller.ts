import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type Message, type PurgedItems, Subject } from '@quire/proto';
import { MaintenanceService } from './maintenance.service';

@Controller()
export class MaintenanceController {
  constructor(private readonly maintenance: MaintenanceService) {}

  /** Internal: the timer's purge, on demand (`ScriptCron/run`). */
  @MessagePattern(Subject.ItemMaintenancePurge)
  purge(@Payload() message: Message): Promise<PurgedItems> {
    return this.maintenance.purge(message.caller);
  }
}
