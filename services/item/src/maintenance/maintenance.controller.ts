import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type Incoming, type PurgedItems, Subject } from '@quire/proto';
import { Handles } from '../handles';
import { MaintenanceService } from './maintenance.service';

@Controller()
export class MaintenanceController {
  constructor(private readonly maintenance: MaintenanceService) {}

  /** Internal: the timer's purge, on demand (`ScriptCron/run`). */
  @Handles(Subject.ItemMaintenancePurge)
  purge(@Payload() message: Incoming<typeof Subject.ItemMaintenancePurge>): Promise<PurgedItems> {
    return this.maintenance.purge(message.caller);
  }
}
