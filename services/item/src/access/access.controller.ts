import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { CheckItemAccessSchema, type Incoming, type ItemAccess, parseParams, Subject } from '@quire/proto';
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
}
