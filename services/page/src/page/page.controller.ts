import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  CreateFirstPageSchema,
  DeletePageSchema,
  GetPageItemSchema,
  GetSinglePageSchema,
  type PageItemRef,
  type Message,
  type PageInfo,
  PageInfoSchema,
  type PageRow,
  parseParams,
  type Reply,
  SavePageSchema,
  SortPagesSchema,
  Subject,
  UpsertPageByTitleSchema,
} from '@quire/proto';
import { PageService } from './page.service';

@Controller()
export class PageController {
  constructor(private readonly pages: PageService) {}

  @MessagePattern(Subject.PagePageInfo)
  info(@Payload() message: Message): Promise<Reply<PageInfo>> {
    return this.pages.info(message.caller, parseParams(PageInfoSchema, message.params), message.versions);
  }

  @MessagePattern(Subject.PagePageSave)
  save(@Payload() message: Message): Promise<PageRow> {
    return this.pages.save(message.caller, parseParams(SavePageSchema, message.params), message.versions);
  }

  @MessagePattern(Subject.PagePageDelete)
  delete(@Payload() message: Message): Promise<never[]> {
    return this.pages.delete(message.caller, parseParams(DeletePageSchema, message.params));
  }

  @MessagePattern(Subject.PagePageSort)
  sort(@Payload() message: Message): Promise<never[]> {
    return this.pages.sort(message.caller, parseParams(SortPagesSchema, message.params));
  }

  @MessagePattern(Subject.PagePageItem)
  itemOf(@Payload() message: Message): Promise<PageItemRef | null> {
    return this.pages.itemOf(parseParams(GetPageItemSchema, message.params).page_id);
  }

  @MessagePattern(Subject.PageItemSinglePage)
  singlePage(@Payload() message: Message): Promise<PageRow | null> {
    return this.pages.singlePage(parseParams(GetSinglePageSchema, message.params));
  }

  @MessagePattern(Subject.PageItemCreateFirstPage)
  createFirstPage(@Payload() message: Message): Promise<PageRow> {
    return this.pages.createFirstPage(message.caller, parseParams(CreateFirstPageSchema, message.params));
  }

  @MessagePattern(Subject.PagePageUpsertByTitle)
  upsertByTitle(@Payload() message: Message): Promise<PageRow> {
    return this.pages.upsertByTitle(parseParams(UpsertPageByTitleSchema, message.params));
  }
}
