import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  CreateFirstPageSchema,
  DeletePageSchema,
  ErrorCode,
  GetPageItemSchema,
  GetSinglePageSchema,
  type Incoming,
  type PageInfo,
  PageInfoSchema,
  type PageItemRef,
  type PageRow,
  parseParams,
  type Reply,
  SavePageBaseSchema,
  SavePageSchema,
  SortPagesSchema,
  Subject,
  UpsertPageByTitleSchema,
} from '@quire/proto';
import { Handles } from '../handles';
import { PageUpserts } from './page-upserts';
import { PageService } from './page.service';

@Controller()
export class PageController {
  constructor(
    private readonly pages: PageService,
    private readonly upserts: PageUpserts,
  ) {}

  @Handles(Subject.PagePageInfo)
  info(@Payload() message: Incoming<typeof Subject.PagePageInfo>): Promise<Reply<PageInfo>> {
    return this.pages.info(message.caller, parseParams(PageInfoSchema, message.params), message.versions);
  }

  @Handles(Subject.PagePageSave)
  save(@Payload() message: Incoming<typeof Subject.PagePageSave>): Promise<PageRow> {
    // base_hash is Quire's: a malformed one answers the validation code (10100), ShowDoc's parameters 10101.
    parseParams(SavePageBaseSchema, message.params, ErrorCode.Validation);
    return this.pages.save(message.caller, parseParams(SavePageSchema, message.params), message.versions);
  }

  @Handles(Subject.PagePageDelete)
  delete(@Payload() message: Incoming<typeof Subject.PagePageDelete>): Promise<never[]> {
    return this.pages.delete(message.caller, parseParams(DeletePageSchema, message.params));
  }

  @Handles(Subject.PagePageSort)
  sort(@Payload() message: Incoming<typeof Subject.PagePageSort>): Promise<never[]> {
    return this.pages.sort(message.caller, parseParams(SortPagesSchema, message.params));
  }

  @Handles(Subject.PagePageItem)
  itemOf(@Payload() message: Incoming<typeof Subject.PagePageItem>): Promise<PageItemRef | null> {
    return this.pages.itemOf(parseParams(GetPageItemSchema, message.params).page_id);
  }

  @Handles(Subject.PageItemSinglePage)
  singlePage(@Payload() message: Incoming<typeof Subject.PageItemSinglePage>): Promise<PageRow | null> {
    return this.pages.singlePage(parseParams(GetSinglePageSchema, message.params));
  }

  @Handles(Subject.PageItemCreateFirstPage)
  createFirstPage(@Payload() message: Incoming<typeof Subject.PageItemCreateFirstPage>): Promise<PageRow> {
    return this.pages.createFirstPage(message.caller, parseParams(CreateFirstPageSchema, message.params));
  }

  @Handles(Subject.PagePageUpsertByTitle)
  upsertByTitle(@Payload() message: Incoming<typeof Subject.PagePageUpsertByTitle>): Promise<PageRow> {
    return this.upserts.upsertByTitle(message.caller, parseParams(UpsertPageByTitleSchema, message.params));
  }
}
