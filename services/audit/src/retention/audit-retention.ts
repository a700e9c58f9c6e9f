import { Injectable } from '@nestjs/common';
import { OnJob } from '@quire/platform';
import { AUDIT_RETENTION_DAYS_DEFAULT, AUDIT_RETENTION_DAYS_MAX, JobName, type PurgedAuditEntries } from '@quire/proto';
import { SettingClient } from '../clients/setting.client';
import { AuditEntryRepository } from '../entry/audit-entry.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How often the scheduler runs the sweep (one replica each time). */
export const AUDIT_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * The audit log keeps entries for the administrator's `audit_retention_days` site option (default
 * AUDIT_RETENTION_DAYS_DEFAULT, also without an admin service); older ones are removed by the hourly
 * `audit.sweep` job and whenever `ScriptCron/run` asks.
 */
@Injectable()
export class AuditRetention {
  constructor(
    private readonly settings: SettingClient,
    private readonly entries: AuditEntryRepository,
  ) {}

  async days(): Promise<number> {
    const days = Number(await this.settings.auditRetentionDays());
    return Number.isInteger(days) && days >= 1 && days <= AUDIT_RETENTION_DAYS_MAX ? days : AUDIT_RETENTION_DAYS_DEFAULT;
  }

  @OnJob(JobName.SweepAuditLog, { everyMs: AUDIT_SWEEP_INTERVAL_MS })
  sweep(): Promise<PurgedAuditEntries> {
    return this.purge();
  }

  /** Removes the entries older than the retention, counted from `now` (unix milliseconds). */
  async purge(now: number = Date.now()): Promise<PurgedAuditEntries> {
    return { entries: await this.entries.removeBefore(now - (await this.days()) * DAY_MS) };
  }
}
