import { Injectable, Logger } from '@nestjs/common';
import { TransportClient } from '@quire/platform';
import { type Caller, type QuireContracts, Subject } from '@quire/proto';

/** The purges `ScriptCron/run` triggers; each service also runs its own on a timer. */
const PURGES = [Subject.ItemMaintenancePurge, Subject.PageMaintenancePurge, Subject.AuditMaintenancePurge] as const;

@Injectable()
export class CronService {
  private readonly logger = new Logger(CronService.name);

  constructor(private readonly transport: TransportClient<QuireContracts>) {}

  /** Asks every owning service to purge what is past its retention; a failing one does not stop the others. */
  async run(caller: Caller): Promise<void> {
    await Promise.all(PURGES.map((subject) => this.transport.send(subject, { caller, params: {} }).catch((error: Error) => this.logger.warn(`${subject} failed: ${error.message}`))));
  }
}
