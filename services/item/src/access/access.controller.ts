import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CheckItemAccessSchema, type ItemAccess, type Message, parseParams, Subject } from '@quire/proto';
import { ItemAccessService } from './item-access.service';

@Controller()
export class AccessController {
  constructor(private readonly access: ItemAccessService) {}

  /** Internal: what the message's caller may do with `params.item_id`. */
  @MessagePattern(Subject.ItemAccessCheck)
  check(@Payload() message: Message): Promise<ItemAccess> {
    return this.access.check(message.caller, parseParams(CheckItemAccessSchema, message.params).item_id);
  }
}
