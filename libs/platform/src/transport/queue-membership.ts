import { Logger } from '@nestjs/common';
import { SERVING_DEPENDENCIES, type HealthReport, type HealthService } from '../health.service';
import type { QueueGroup } from './quire-nats-server';

/** Between two checks of the dependencies. */
const CHECK_INTERVAL_MS = 1_000;
/** A dependency that has not answered within this long counts as down. */
const CHECK_TIMEOUT_MS = 1_000;

/**
 * Keeps a service in its NATS queue group only while what it needs answers (SERVING_DEPENDENCIES):
 * checks them every second, leaves the group when one fails (the broker then gives the requests to
 * the other replicas, or answers 10503 at once when none is left) and joins again when all answer.
 * Its last report is the service's readiness (`/readyz`).
 */
export class QueueMembership {
  private readonly logger: Logger;
  private last: HealthReport;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly health: HealthService,
    private readonly group: QueueGroup,
    private readonly name: string,
    first: HealthReport,
  ) {
    this.logger = new Logger(`${name}-service`);
    this.last = first;
  }

  /** `ok` while the service is in its queue group; `checks` says why it is not. */
  readiness(): HealthReport {
    return { ok: this.group.joined, checks: this.last.checks };
  }

  /** Joins now if the first report was good, then checks every second. */
  start(): void {
    this.apply(this.last);
    this.schedule();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.health.check(CHECK_TIMEOUT_MS, SERVING_DEPENDENCIES).then(
        (report) => {
          if (!this.stopped) this.apply(report);
          this.schedule();
        },
        () => this.schedule(),
      );
    }, CHECK_INTERVAL_MS);
    this.timer.unref();
  }

  private apply(report: HealthReport): void {
    this.last = report;
    if (report.ok && !this.group.joined) {
      this.group.join();
      this.logger.log(`joined the queue group '${this.name}': its stores answer`);
    } else if (!report.ok && this.group.joined) {
      void this.group.leave();
      this.logger.warn(`left the queue group '${this.name}' until its stores answer again (${describeFailures(report)})`);
    }
  }
}

/** `keyValue: Redis does not answer…; documents: …` — the checks that failed. */
export function describeFailures(report: HealthReport): string {
  return Object.entries(report.checks)
    .filter(([, result]) => result !== 'ok')
    .map(([name, result]) => `${name}: ${result}`)
    .join('; ');
}

/** Resolves with the first good report; reports each failed one (the service stays out of its group meanwhile). */
export async function waitForDependencies(health: HealthService, onFailure: (report: HealthReport) => void): Promise<HealthReport> {
  for (;;) {
    const report = await health.check(CHECK_TIMEOUT_MS, SERVING_DEPENDENCIES);
    if (report.ok) return report;
    onFailure(report);
    await new Promise((resolve) => setTimeout(resolve, CHECK_INTERVAL_MS));
  }
}
