import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { CreateSinglePageSchema, type Incoming, PageInfoByKeySchema, parseParams, type SharedPageInfo, type SinglePageKey, Subject } from '@quire/proto';
import { Handles } from '../../handles';
import { ShareService } from './share.service';

@Controller()
export class ShareController {
  constructor(private readonly shares: ShareService) {}

  @Handles(Subject.PagePageCreateSinglePage)
  toggle(@Payload() message: Incoming<typeof Subject.PagePageCreateSinglePage>): Promise<SinglePageKey | never[]> {
    return this.shares.toggle(message.caller, parseParams(CreateSinglePageSchema, message.params));
  }

  @Handles(Subject.PagePageInfoByKey)
  read(@Payload() message: Incoming<typeof Subject.PagePageInfoByKey>): Promise<SharedPageInfo> {
    return this.shares.read(parseParams(PageInfoByKeySchema, message.params));
  }
}
