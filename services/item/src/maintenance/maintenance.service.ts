import { Injectable, Logger } from '@nestjs/common';
import { DocumentStore, OnJob } from '@quire/platform';
import { anonymousCaller, type Caller, JobName, nowSeconds, type PurgedItems } from '@quire/proto';
import { AccessVersion } from '../access/access-version';
import { ItemTokenRepository } from '../api-key/item-token.repository';
import { PageClient } from '../clients/page.client';
import { TeamClient } from '../clients/team.client';
import { WebhookClient } from '../clients/webhook.client';
import { ItemRepository } from '../item/item.repository';
import { MemberRepository } from '../member/member.repository';

/** Soft-deleted items are kept this long, then purged with everything they hold (contract §16, §17). */
export const ITEM_RETENTION_SECONDS = 30 * 24 * 3600;
/**
 * An item still pending this long after it was started was abandoned by a process that died mid-copy:
 * far beyond any copy (a copy call gives up after REQUEST_TIMEOUT_MS), so a sweep in one replica never
 * removes a copy that another replica is still making.
 */
export const PENDING_ITEM_GRACE_SECONDS = 3600;
/** The first purge of a new schedule waits this long, so the services it asks have started too. */
export const BOOT_PURGE_DELAY_MS = 30_000;
/** How often the scheduler runs the purge (one replica each time). */
export const PURGE_INTERVAL_MS = 3600_000;
/** Items purged per run at most; the next run takes the rest. */
export const PURGE_BATCH = 500;

/** Who the scheduled purge asks the page service as. */
const SYSTEM_CALLER: Caller = anonymousCaller('', '');

/**
 * Hard-deletes items soft-deleted more than ITEM_RETENTION_SECONDS ago, and items left pending more
 * than PENDING_ITEM_GRACE_SECONDS ago: as the `item.purge-expired` job, which the job queue's
 * scheduler runs hourly on one replica, and on `item.maintenance.purge`. Each item's rows go in an
 * order that a re-run can resume, so a purge cut short finishes next time.
 */
@Injectable()
export class MaintenanceService {
  private readonly logger = new Logger(MaintenanceService.name);

  constructor(
    private readonly documents: DocumentStore,
    private readonly accessVersion: AccessVersion,
    private readonly items: ItemRepository,
    private readonly members: MemberRepository,
    private readonly tokens: ItemTokenRepository,
    private readonly pages: PageClient,
    private readonly teams: TeamClient,
    private readonly webhooks: WebhookClient,
  ) {}

  /** The scheduled purge; a run that fails is logged by the queue, and the next one starts over. */
  @OnJob(JobName.PurgeItems, { everyMs: PURGE_INTERVAL_MS, firstAfterMs: BOOT_PURGE_DELAY_MS })
  purgeExpired(): Promise<PurgedItems> {
    return this.purge(SYSTEM_CALLER);
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
  async purgeItem(caller: Caller, itemId: number): Promise<boolean> {
    try {
      await this.pages.purgeItem(caller, itemId);
    } catch (error) {
      this.logger.warn(`purging the pages of item ${itemId} failed, the next run tries again: ${(error as Error).message}`);
      return false;
    }
    // Team bindings of an item that is not live give no right (its access check answers `exists: false`), so a
    // team service that does not answer (or is not deployed) only leaves rows behind; the item is purged all the same.
    await this.teams.purgeItem(caller, itemId).catch((error: Error) => this.logger.warn(`removing item ${itemId} from its teams failed: ${error.message}`));
    // Likewise its webhooks: an item that is not live sends none, so a webhook service that does not answer only leaves
    // the rows (their URLs and secrets sealed) behind.
    await this.webhooks.purgeItem(caller, itemId).catch((error: Error) => this.logger.warn(`removing the webhooks of item ${itemId} failed: ${error.message}`));
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
