import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { AccessVersion, DocumentStore } from '@quire/platform';
import { anonymousCaller, type Caller, nowSeconds, type PurgedItems } from '@quire/proto';
import { ItemTokenRepository } from '../api-key/item-token.repository';
import { PageClient } from '../clients/page.client';
import { TeamClient } from '../clients/team.client';
import { ItemRepository } from '../item/item.repository';
import { MemberRepository } from '../member/member.repository';

/** Soft-deleted items are kept this long, then purged with everything they hold (contract §16, §17). */
export const ITEM_RETENTION_SECONDS = 30 * 24 * 3600;
/** The first purge after a boot waits this long, so the services it asks have started too. */
export const BOOT_PURGE_DELAY_MS = 30_000;
/**
 * An item still pending this long after it was started was abandoned by a process that died mid-copy:
 * far beyond any copy (a copy call gives up after REQUEST_TIMEOUT_MS), so a sweep in one replica never
 * removes a copy that another replica is still making.
 */
export const PENDING_ITEM_GRACE_SECONDS = 3600;
export const PURGE_INTERVAL_MS = 3600_000;
/** Items purged per run at most; the next run takes the rest. */
export const PURGE_BATCH = 500;

/** Who the timer-driven purge asks the page service as. */
const SYSTEM_CALLER: Caller = anonymousCaller('', '');

/**
 * Hard-deletes items soft-deleted more than ITEM_RETENTION_SECONDS ago, and items left pending more
 * than PENDING_ITEM_GRACE_SECONDS ago: once soon after boot, hourly, and on `item.maintenance.purge`.
 * Each item's rows go in an order that a re-run can resume, so a purge cut short finishes next time.
 */
@Injectable()
export class MaintenanceService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(MaintenanceService.name);
  private readonly timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly documents: DocumentStore,
    private readonly accessVersion: AccessVersion,
    private readonly items: ItemRepository,
    private readonly members: MemberRepository,
    private readonly tokens: ItemTokenRepository,
    private readonly pages: PageClient,
    private readonly teams: TeamClient,
  ) {}

  onApplicationBootstrap(): void {
    const run = () => this.purge(SYSTEM_CALLER).catch((error: Error) => this.logger.warn(`scheduled item purge failed: ${error.message}`));
    // After the boot, once the transport answers: what a killed process left is removed without waiting an hour.
    this.timers.push(setTimeout(run, BOOT_PURGE_DELAY_MS), setInterval(run, PURGE_INTERVAL_MS));
    for (const timer of this.timers) timer.unref();
  }

  onModuleDestroy(): void {
    for (const timer of this.timers) clearTimeout(timer);
  }

  /** Abandoned pending items, then items past their retention. */
  async purge(caller: Caller, now = nowSeconds()): Promise<PurgedItems> {
    const expired = [
      ...(await this.items.listPendingBefore(now - PENDING_ITEM_GRACE_SECONDS, PURGE_BATCH)),
      ...(await this.items.listDeletedBefore(now - ITEM_RETENTION_SECONDS, PURGE_BATCH)),
    ];
    let purged = 0;
    for (const itemId of new Set(expired.map((item) => item.item_id))) {
      if (await this.purgeItem(caller, itemId)) purged++;
    }
    return { purged };
  }

  /**
   * Pages, history, catalogs and files go first (page service), then team bindings, then
   * members, credentials and the item row, in one unit: an item whose pages could not be purged
   * stays (not live) for the next run, which starts over.
   */
  private async purgeItem(caller: Caller, itemId: number): Promise<boolean> {
    try {
      await this.pages.purgeItem(caller, itemId);
    } catch (error) {
      this.logger.warn(`purging the pages of item ${itemId} failed, the next run tries again: ${(error as Error).message}`);
      return false;
    }
    // Team bindings of an item that is not live give no right (its access check answers `exists: false`), so a
    // team service that does not answer (or is not deployed) only leaves rows behind; the item is purged all the same.
    await this.teams.purgeItem(caller, itemId).catch((error: Error) => this.logger.warn(`removing item ${itemId} from its teams failed: ${error.message}`));
    const removed = this.documents.transaction(async () => {
      await this.members.removeByItem(itemId);
      await this.tokens.removeByItem(itemId);
      await this.items.remove(itemId);
    });
    // The repositories renew the access version inside the unit, before its commit: once more after it.
    await this.accessVersion.renewAfter(removed);
    return true;
  }
}
