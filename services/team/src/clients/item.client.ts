import { Injectable } from '@nestjs/common';
import { TransportClient } from '@quire/platform';
import { AppError, type Caller, ErrorCode, type ItemAccess, type ItemSummary, type QuireContracts, Subject } from '@quire/proto';

/** What the team service asks the item service, always on behalf of the original caller. */
@Injectable()
export class ItemClient {
  constructor(private readonly transport: TransportClient<QuireContracts>) {}

  /** The caller's rights on the item, read fresh. */
  access(caller: Caller, itemId: number): Promise<ItemAccess> {
    return this.transport.send(Subject.ItemAccessCheck, { caller, params: { item_id: itemId } });
  }

  /** The live item the caller created: 10101 when missing or deleted, 10303 when someone else's. */
  async requireCreator(caller: Caller, itemId: number): Promise<ItemAccess> {
    const access = await this.access(caller, itemId);
    if (!access.exists) throw AppError.failed('item_not_exist');
    if (!access.creator) throw new AppError(ErrorCode.NotCreator, 'item_not_creator');
    return access;
  }

  /** The live items among `itemIds`, without visit passwords (text raw). */
  summaries(caller: Caller, itemIds: number[]): Promise<ItemSummary[]> {
    if (itemIds.length === 0) return Promise.resolve([]);
    return this.transport.send(Subject.ItemItemSummaries, { caller, params: { item_ids: itemIds } });
  }
}
