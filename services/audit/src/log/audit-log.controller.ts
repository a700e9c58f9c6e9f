import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { AuditLogCsvSchema, type AuditLogPage, type Incoming, ListAuditLogSchema, ListItemAuditLogSchema, parseParams, type PurgedAuditEntries, type Reply, Subject } from '@quire/proto';
import { Handles } from '../handles';
import { AuditRetention } from '../retention/audit-retention';
import { AuditLogService } from './audit-log.service';

@Controller()
export class AuditLogController {
  constructor(
    private readonly log: AuditLogService,
    private readonly retention: AuditRetention,
  ) {}

  @Handles(Subject.AuditLogList)
  list(@Payload() message: Incoming<typeof Subject.AuditLogList>): Promise<AuditLogPage> {
    return this.log.list(message.caller, parseParams(ListAuditLogSchema, message.params));
  }

  @Handles(Subject.AuditLogCsv)
  csv(@Payload() message: Incoming<typeof Subject.AuditLogCsv>): Promise<Reply<never>> {
    return this.log.csv(message.caller, parseParams(AuditLogCsvSchema, message.params));
  }

  @Handles(Subject.AuditLogItem)
  ofItem(@Payload() message: Incoming<typeof Subject.AuditLogItem>): Promise<AuditLogPage> {
    return this.log.ofItem(message.caller, parseParams(ListItemAuditLogSchema, message.params));
  }

  /** `ScriptCron/run` asks every owning service to purge. */
  @Handles(Subject.AuditMaintenancePurge)
  purge(): Promise<PurgedAuditEntries> {
    return this.retention.purge();
  }
}
