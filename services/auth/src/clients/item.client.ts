import { Injectable } from '@nestjs/common';
import { TransportClient } from '@quire/platform';
import { type Caller, type QuireContracts, Subject } from '@quire/proto';

/** What auth asks the item service (which owns items and their members) when the console deletes a user, with the original caller. */
@Injectable()
export class ItemClient {
  constructor(private readonly transport: TransportClient<QuireContracts>) {}

  async countOwned(caller: Caller, uid: number): Promise<number> {
    return (await this.transport.send(Subject.ItemAdminCountOwned, { caller, params: { uid } })).count;
  }

  async forgetUser(caller: Caller, uid: number): Promise<void> {
    await this.transport.send(Subject.ItemAdminForgetUser, { caller, params: { uid } });
  }
}
