import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  type CreatedShareLink,
  CreateShareLinkSchema,
  type Incoming,
  ListShareLinksSchema,
  parseParams,
  RevokeShareLinkSchema,
  type ShareLinkInfo,
  ShareLinkInfoSchema,
  type ShareLinkPage,
  ShareLinkPageSchema,
  type ShareLinkRow,
  Subject,
} from '@quire/proto';
import { Handles } from '../../handles';
import { ShareLinkService } from './share-link.service';

@Controller()
export class ShareLinkController {
  constructor(private readonly links: ShareLinkService) {}

  @Handles(Subject.PageShareCreate)
  create(@Payload() message: Incoming<typeof Subject.PageShareCreate>): Promise<CreatedShareLink> {
    return this.links.create(message.caller, parseParams(CreateShareLinkSchema, message.params));
  }

  @Handles(Subject.PageShareList)
  list(@Payload() message: Incoming<typeof Subject.PageShareList>): Promise<ShareLinkRow[]> {
    return this.links.list(message.caller, parseParams(ListShareLinksSchema, message.params));
  }

  @Handles(Subject.PageShareRevoke)
  revoke(@Payload() message: Incoming<typeof Subject.PageShareRevoke>): Promise<never[]> {
    return this.links.revoke(message.caller, parseParams(RevokeShareLinkSchema, message.params));
  }

  @Handles(Subject.PageShareInfo)
  info(@Payload() message: Incoming<typeof Subject.PageShareInfo>): Promise<ShareLinkInfo> {
    return this.links.info(parseParams(ShareLinkInfoSchema, message.params));
  }

  @Handles(Subject.PageSharePage)
  page(@Payload() message: Incoming<typeof Subject.PageSharePage>): Promise<ShareLinkPage> {
    return this.links.page(parseParams(ShareLinkPageSchema, message.params));
  }
}
