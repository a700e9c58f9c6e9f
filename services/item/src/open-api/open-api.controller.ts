import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  type Message,
  OpenFromCommentsSchema,
  OpenUpdateDbItemSchema,
  OpenUpdatePageSchema,
  parseParams,
  type Reply,
  Subject,
} from '@quire/proto';
import type { PageRow } from '../clients/page.client';
import { OpenApiService } from './open-api.service';

@Controller()
export class OpenApiController {
  constructor(private readonly openApi: OpenApiService) {}

  @MessagePattern(Subject.ItemOpenUpdatePage)
  updatePage(@Payload() message: Message): Promise<PageRow> {
    return this.openApi.updatePage(message.caller, parseParams(OpenUpdatePageSchema, message.params));
  }

  @MessagePattern(Subject.ItemOpenUpdateDbItem)
  updateDbItem(@Payload() message: Message): Promise<Reply<never>> {
    return this.openApi.updateDbItem(message.caller, parseParams(OpenUpdateDbItemSchema, message.params));
  }

  @MessagePattern(Subject.ItemOpenFromComments)
  fromComments(@Payload() message: Message): Promise<Reply<never>> {
    return this.openApi.fromComments(message.caller, parseParams(OpenFromCommentsSchema, message.params));
  }
}
