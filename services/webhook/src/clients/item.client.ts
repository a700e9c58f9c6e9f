import { Injectable } from '@nestjs/common';
import { TransportClient } from '@quire/platform';
import { type Caller, type ItemAccess, type QuireContracts, Subject } from '@quire/proto';

/** What the webhook service asks the item service. */
@Injectable()
export class ItemClient {
  constructor(private readonly transport: TransportClient<QuireContracts>) {}

  /** The user's rights on an item, as the item service answers every service. */
  access(caller: Caller, itemId: number): Promise<ItemAccess> {
    return this.transport.send(Subject.ItemAccessCheck, { caller, params: { item_id: itemId } });
  }
}
