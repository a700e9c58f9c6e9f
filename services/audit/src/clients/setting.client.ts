import { Injectable } from '@nestjs/common';
import { TransportClient } from '@quire/platform';
import { anonymousCaller, AppError, ErrorCode, type QuireContracts, Subject } from '@quire/proto';

/** The scheduled sweep asks as the system itself (no user behind it). */
const SYSTEM = anonymousCaller('audit.retention', '');

/** The site option the audit service reads from the admin service. */
@Injectable()
export class SettingClient {
  constructor(private readonly transport: TransportClient<QuireContracts>) {}

  /** `audit_retention_days` as saved; null when never saved, or when the deployment has no admin service (no route). */
  async auditRetentionDays(): Promise<string | null> {
    try {
      return (await this.transport.send(Subject.AdminSettingGet, { caller: SYSTEM, params: { name: 'audit_retention_days' } }))?.value ?? null;
    } catch (error) {
      if (error instanceof AppError && error.code === ErrorCode.InvalidRoute) return null;
      throw error;
    }
  }
}
