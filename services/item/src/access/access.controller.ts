import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { CheckItemAccessSchema, type Incoming, type ItemAccess, parseParams, type ReadableItems, Subject } from '@quire/proto';
import { Handles } from '../handles';
import { ItemAccessService } from './item-access.service';

@Controller()
export class AccessController {
  constructor(private readonly access: ItemAccessService) {}

  /** Internal: what the message's caller may do with `params.item_id`. */
  @Handles(Subject.ItemAccessCheck)
  check(@Payload() message: Incoming<typeof Subject.ItemAccessCheck>): Promise<ItemAccess> {
    return this.access.check(message.caller, parseParams(CheckItemAccessSchema, message.params).item_id);
  }

  /** Internal: the live items the message's caller may read (search filters its hits by them). */
  @Handles(Subject.ItemAccessReadable)
  async readable(@Payload() message: Incoming<typeof Subject.ItemAccessReadable>): Promise<ReadableItems> {
    return { item_ids: await this.access.readable(message.caller) };
  }
}
