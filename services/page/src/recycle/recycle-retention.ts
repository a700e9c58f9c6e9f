import { Injectable } from '@nestjs/common';
import { TransportClient } from '@quire/platform';
import { anonymousCaller, AppError, type Caller, ErrorCode, type QuireContracts, RECYCLE_RETENTION_DAYS_DEFAULT, RECYCLE_RETENTION_DAYS_MAX, Subject } from '@quire/proto';

const SECONDS_PER_DAY = 24 * 3600;

/** The system itself, asking for a site option on a scheduled run (no user behind it). */
const SYSTEM: Caller = anonymousCaller('page.recycle', '');

/**
 * How long recycle bins keep deletions: the administrator's `recycle_retention_days` site option
 * (admin service), else RECYCLE_RETENTION_DAYS_DEFAULT, also when the deployment has no admin service.
 */
@Injectable()
export class RecycleRetention {
  constructor(private readonly transport: TransportClient<QuireContracts>) {}

  async days(caller: Caller = SYSTEM): Promise<number> {
    let value: string | null = null;
    try {
      value = (await this.transport.send(Subject.AdminSettingGet, { caller, params: { name: 'recycle_retention_days' } }))?.value ?? null;
    } catch (error) {
      if (!(error instanceof AppError && error.code === ErrorCode.InvalidRoute)) throw error;
    }
    const days = Number(value);
    return Number.isInteger(days) && days >= 1 && days <= RECYCLE_RETENTION_DAYS_MAX ? days : RECYCLE_RETENTION_DAYS_DEFAULT;
  }

  async seconds(caller?: Caller): Promise<number> {
    return (await this.days(caller)) * SECONDS_PER_DAY;
  }
}
