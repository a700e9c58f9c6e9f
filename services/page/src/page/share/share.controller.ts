import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  CreateSinglePageSchema,
  type Message,
  PageInfoByKeySchema,
  parseParams,
  type SharedPageInfo,
  type SinglePageKey,
  Subject,
} from '@quire/proto';
import { ShareService } from './share.service';

@Controller()
export class ShareController {
  constructor(private readonly shares: ShareService) {}

  @MessagePattern(Subject.PagePageCreateSinglePage)
  toggle(@Payload() message: Message): Promise<SinglePageKey | never[]> {
    return this.shares.toggle(message.caller, parseParams(CreateSinglePageSchema, message.params));
  }

  @MessagePattern(Subject.PagePageInfoByKey)
  read(@Payload() message: Message): Promise<SharedPageInfo> {
    return this.shares.read(parseParams(PageInfoByKeySchema, message.params));
  }
}
