import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ItemIdSchema, type ItemTokenRow, type Message, parseParams, Subject } from '@quire/proto';
import { ApiKeyService } from './api-key.service';

@Controller()
export class ApiKeyController {
  constructor(private readonly apiKeys: ApiKeyService) {}

  @MessagePattern(Subject.ItemItemGetKey)
  getKey(@Payload() message: Message): Promise<ItemTokenRow> {
    return this.apiKeys.getKey(message.caller, parseParams(ItemIdSchema, message.params).item_id);
  }

  @MessagePattern(Subject.ItemItemResetKey)
  resetKey(@Payload() message: Message): Promise<ItemTokenRow> {
    return this.apiKeys.resetKey(message.caller, parseParams(ItemIdSchema, message.params).item_id);
  }
}
