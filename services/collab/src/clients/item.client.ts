import { Injectable } from '@nestjs/common';
import { TransportClient } from '@quire/platform';
import { type Caller, type ItemAccess, type QuireContracts, Subject } from '@quire/proto';

/** How far a caller may take a page of an item in the live editor. */
export type CollabRight = 'write' | 'watch' | 'none';

/** What the collab service asks the item service: the caller's rights, read fresh every time. */
@Injectable()
export class ItemClient {
  constructor(private readonly transport: TransportClient<QuireContracts>) {}

  async right(caller: Caller, itemId: number): Promise<CollabRight> {
    return rightOf(await this.transport.send(Subject.ItemAccessCheck, { caller, params: { item_id: itemId } }));
  }
}

/** Edit right on a live item that is not archived: write; visit right: watch; else none. */
export function rightOf(access: ItemAccess): CollabRight {
  if (!access.exists) return 'none';
  if (access.edit && !access.archived) return 'write';
  return access.visit ? 'watch' : 'none';
}
