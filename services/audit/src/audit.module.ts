import { Module } from '@nestjs/common';
import { ItemClient } from './clients/item.client';
import { SettingClient } from './clients/setting.client';
import { AuditEntryRepository } from './entry/audit-entry.repository';
import { AuditRecorder } from './entry/audit-recorder';
import { AuditLogController } from './log/audit-log.controller';
import { AuditLogService } from './log/audit-log.service';
import { AuditRetention } from './retention/audit-retention';

/**
 * The audit log (issue 20): every activity the owning services publish on the ChangeFeed's `activity` topic,
 * recorded once, append-only, in the collection `audit_entries`; read by administrators (the whole log, as a
 * CSV too) and by an item's owner (their item's entries); entries older than `audit_retention_days` go hourly.
 * It imports no adapter: the ports come from the global PlatformModule.
 */
@Module({
  controllers: [AuditLogController],
  providers: [ItemClient, SettingClient, AuditEntryRepository, AuditRecorder, AuditLogService, AuditRetention],
})
export class AuditModule {}
