import { Injectable, Logger } from '@nestjs/common';
import { TransportClient } from '@quire/platform';
import { type Caller, type QuireContracts, Subject, type TeamRights } from '@quire/proto';
import { WarningThrottle } from './warning-throttle';

/**
 * What the item service asks the team service, on behalf of the original caller. Team rights
 * only ever add to what the item's own rows give, so when the team service cannot answer the
 * item service carries on without them (fails closed) and says so in the log.
 */
@Injectable()
export class TeamClient {
  private readonly logger = new Logger(TeamClient.name);
  private readonly warnings = new WarningThrottle();

  constructor(private readonly transport: TransportClient<QuireContracts>) {}

  /** The right user `uid` holds on the item through teams, or null (none, or the team service did not answer). */
  async rights(caller: Caller, itemId: number, uid: number): Promise<TeamRights> {
    try {
      return (await this.transport.send(Subject.TeamAccessRights, { caller, params: { item_id: itemId, uid } })) ?? null;
    } catch (error) {
      this.warn('team rights', error);
      return null;
    }
  }

  /** Ids of the items user `uid` holds a team right on ([] when the team service did not answer). */
  async itemsOfUser(caller: Caller, uid: number): Promise<number[]> {
    try {
      return (await this.transport.send(Subject.TeamAccessItemsOfUser, { caller, params: { uid } }))?.item_ids ?? [];
    } catch (error) {
      this.warn('team items', error);
      return [];
    }
  }

  /** The purged item leaves every team. */
  async purgeItem(caller: Caller, itemId: number): Promise<void> {
    await this.transport.send(Subject.TeamItemPurge, { caller, params: { item_id: itemId } });
  }

  private warn(what: string, error: unknown): void {
    if (this.warnings.due()) this.logger.warn(`${what}: the team service did not answer (${(error as Error).message}); going on without team rights`);
  }
}
