import { Injectable } from '@nestjs/common';
import { TransportClient } from '@quire/platform';
import { type Caller, type ItemAccess, type QuireContracts, Subject } from '@quire/proto';

/** What the audit service asks the item service: whether the caller owns the item whose entries they ask for. */
@Injectable()
export class ItemClient {
  constructor(private readonly transport: TransportClient<QuireContracts>) {}

  access(caller: Caller, itemId: number): Promise<ItemAccess> {
    return this.transport.send(Subject.ItemAccessCheck, { caller, params: { item_id: itemId } });
  }
}
