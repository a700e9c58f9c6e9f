import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  AppError,
  type AuthorizedItem,
  AuthorizeApiKeySchema,
  ErrorCode,
  type Incoming,
  ItemAudienceSchema,
  OpenFromCommentsSchema,
  OpenUpdateDbItemSchema,
  OpenUpdatePageSchema,
  type PageRow,
  parseParams,
  type Reply,
  requireImporter,
  Subject,
} from '@quire/proto';
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

  @Handles(Subject.ItemOpenAuthorize)
  authorize(@Payload() message: Incoming<typeof Subject.ItemOpenAuthorize>): Promise<AuthorizedItem> {
    requireImporter(message.caller);
    return this.openApi.authorize(parseParams(AuthorizeApiKeySchema, message.params));
  }

  @Handles(Subject.ItemImportAudience)
  audience(@Payload() message: Incoming<typeof Subject.ItemImportAudience>): Promise<{ uids: number[] }> {
    requireImporter(message.caller);
    return this.openApi.audience(parseParams(ItemAudienceSchema, message.params));
  }

  /** The page service's new-comment notice: asked with the commenter, who must be logged in (no route reaches it). */
  @Handles(Subject.ItemMemberAudience)
  memberAudience(@Payload() message: Incoming<typeof Subject.ItemMemberAudience>): Promise<{ uids: number[] }> {
    if (!(message.caller?.uid > 0)) throw new AppError(ErrorCode.NotLoggedIn, 'not_logged_in');
    return this.openApi.audience(parseParams(ItemAudienceSchema, message.params));
  }
}
