import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { anonymousCaller, type Caller, nowSeconds, type PurgedItems } from '@quire/proto';
import { ItemTokenRepository } from '../api-key/item-token.repository';
import { PageClient } from '../clients/page.client';
import { TeamClient } from '../clients/team.client';
import { ItemRepository } from '../item/item.repository';
import { MemberRepository } from '../member/member.repository';

/** Soft-deleted items are kept this long, then purged with everything they hold (contract §16, §17). */
export const ITEM_RETENTION_SECONDS = 30 * 24 * 3600;
export const PURGE_INTERVAL_MS = 3600_000;
/** Items purged per run at most; the next run takes the rest. */
export const PURGE_BATCH = 500;

/** Who the timer-driven purge asks the page service as. */
const SYSTEM_CALLER: Caller = anonymousCaller('', '');

/** Hard-deletes items soft-deleted more than ITEM_RETENTION_SECONDS ago: hourly, and on `item.maintenance.purge`. */
@Injectable()
export class MaintenanceService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(MaintenanceService.name);
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly items: ItemRepository,
    private readonly members: MemberRepository,
    private readonly tokens: ItemTokenRepository,
    private readonly pages: PageClient,
    private readonly teams: TeamClient,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      this.purge(SYSTEM_CALLER).catch((error: Error) => this.logger.warn(`scheduled item purge failed: ${error.message}`));
    }, PURGE_INTERVAL_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /**
   * Pages, history, catalogs and files go first (page service), then team bindings, members,
   * credentials and the item row. An item whose pages could not be purged stays for the next run.
   */
  async purge(caller: Caller, now = nowSeconds()): Promise<PurgedItems> {
    let purged = 0;
    for (const item of await this.items.listDeletedBefore(now - ITEM_RETENTION_SECONDS, PURGE_BATCH)) {
      try {
        await this.pages.purgeItem(caller, item.item_id);
      } catch (error) {
        this.logger.warn(`purging the pages of item ${item.item_id} failed: ${(error as Error).message}`);
        continue;
      }
      // Team bindings of a deleted item give no right (its access check answers `exists: false`), so a
      // team service that does not answer only leaves rows behind; the item is purged all the same.
      await this.teams.purgeItem(caller, item.item_id).catch((error: Error) =>
        this.logger.warn(`removing item ${item.item_id} from its teams failed: ${error.message}`),
      );
      await this.members.removeByItem(item.item_id);
      await this.tokens.removeByItem(item.item_id);
      await this.items.remove(item.item_id);
      purged++;
    }
    return { purged };
  }
}
