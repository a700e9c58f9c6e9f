import { Injectable } from '@nestjs/common';
import { TransportClient } from '@quire/platform';
import { type Caller, type QuireContracts, Subject } from '@quire/proto';

/** What the item service asks the search service, on behalf of the original caller. */
@Injectable()
export class SearchClient {
  constructor(private readonly transport: TransportClient<QuireContracts>) {}

  /**
   * The ids of the item's pages that match `keyword`, best first (item/info). Asked only once the
   * caller's visit right on the item is checked: the search service asks for none.
   */
  async itemPages(caller: Caller, itemId: number, keyword: string): Promise<number[]> {
    return (await this.transport.send(Subject.SearchItemPages, { caller, params: { item_id: itemId, keyword } })).page_ids;
  }
}
