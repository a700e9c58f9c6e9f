import { Injectable } from '@nestjs/common';
import { TransportClient } from '@quire/platform';
import { type Caller, type QuireContracts, Subject } from '@quire/proto';

/** What the item service asks the webhook service. */
@Injectable()
export class WebhookClient {
  constructor(private readonly transport: TransportClient<QuireContracts>) {}

  /** The purged item's hooks (their URLs and secrets) and delivery logs removed. */
  async purgeItem(caller: Caller, itemId: number): Promise<void> {
    await this.transport.send(Subject.WebhookItemPurge, { caller, params: { item_id: itemId } });
  }
}
