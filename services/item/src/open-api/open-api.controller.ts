import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type Incoming, OpenFromCommentsSchema, OpenUpdateDbItemSchema, OpenUpdatePageSchema, type PageRow, parseParams, type Reply, Subject } from '@quire/proto';
import { Handles } from '../handles';
import { OpenApiService } from './open-api.service';

@Controller()
export class OpenApiController {
  constructor(private readonly openApi: OpenApiService) {}

  @Handles(Subject.ItemOpenUpdatePage)
  updatePage(@Payload() message: Incoming<typeof Subject.ItemOpenUpdatePage>): Promise<PageRow> {
    return this.openApi.updatePage(message.caller, parseParams(OpenUpdatePageSchema, message.params));
  }

  @Handles(Subject.ItemOpenUpdateDbItem)
  updateDbItem(@Payload() message: Incoming<typeof Subject.ItemOpenUpdateDbItem>): Promise<Reply<never>> {
    return this.openApi.updateDbItem(message.caller, parseParams(OpenUpdateDbItemSchema, message.params));
  }

  @Handles(Subject.ItemOpenFromComments)
  fromComments(@Payload() message: Incoming<typeof Subject.ItemOpenFromComments>): Promise<Reply<never>> {
    return this.openApi.fromComments(message.caller, parseParams(OpenFromCommentsSchema, message.params));
  }
}
