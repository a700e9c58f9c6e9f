import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type Incoming, ItemIdSchema, type ItemTokenRow, parseParams, Subject } from '@quire/proto';
import { Handles } from '../handles';
import { ApiKeyService } from './api-key.service';

@Controller()
export class ApiKeyController {
  constructor(private readonly apiKeys: ApiKeyService) {}

  @Handles(Subject.ItemItemGetKey)
  getKey(@Payload() message: Incoming<typeof Subject.ItemItemGetKey>): Promise<ItemTokenRow> {
    return this.apiKeys.getKey(message.caller, parseParams(ItemIdSchema, message.params).item_id);
  }

  @Handles(Subject.ItemItemResetKey)
  resetKey(@Payload() message: Incoming<typeof Subject.ItemItemResetKey>): Promise<ItemTokenRow> {
    return this.apiKeys.resetKey(message.caller, parseParams(ItemIdSchema, message.params).item_id);
  }
}
