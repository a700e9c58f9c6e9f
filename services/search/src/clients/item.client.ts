import { Injectable } from '@nestjs/common';
import { TransportClient } from '@quire/platform';
import { type Caller, type ItemAccess, type ItemSummary, type QuireContracts, Subject } from '@quire/proto';

/** What the search service asks the item service, on behalf of the original caller. */
@Injectable()
export class ItemClient {
  constructor(private readonly transport: TransportClient<QuireContracts>) {}

  /** The caller's rights on one item, read fresh. */
  access(caller: Caller, itemId: number): Promise<ItemAccess> {
    return this.transport.send(Subject.ItemAccessCheck, { caller, params: { item_id: itemId } });
  }

  /** The live items the caller may read, read fresh (a member removed stops seeing at the next request). */
  async readable(caller: Caller): Promise<number[]> {
    return (await this.transport.send(Subject.ItemAccessReadable, { caller, params: {} })).item_ids;
  }

  /** The live items among `itemIds` (text raw). */
  summaries(caller: Caller, itemIds: number[]): Promise<ItemSummary[]> {
    if (itemIds.length === 0) return Promise.resolve([]);
    return this.transport.send(Subject.ItemItemSummaries, { caller, params: { item_ids: itemIds } });
  }
}
