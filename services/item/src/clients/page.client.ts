import { Injectable } from '@nestjs/common';
import { TransportClient } from '@quire/platform';
import {
  type CacheVersions,
  type Caller,
  type CopiedItemPages,
  type CopyItemPagesDto,
  type CreateFirstPageDto,
  type PageItemRef,
  type PageRow,
  type QuireContracts,
  Subject,
  type UpsertPageByTitleDto,
} from '@quire/proto';

const EMPTY_MENU = '{"pages":[],"catalogs":[]}';

/** What the item service asks the page service, on behalf of the original caller. */
@Injectable()
export class PageClient {
  constructor(private readonly transport: TransportClient<QuireContracts>) {}

  /**
   * The nested menu of an item as JSON text; `versions`: the cache versions the gateway forwarded
   * with item/info, passed on.
   */
  async menuJson(caller: Caller, itemId: number, versions?: CacheVersions): Promise<string> {
    const reply = await this.transport.send(Subject.PageMenuGet, { caller, params: { item_id: itemId }, versions });
    return reply.json ?? EMPTY_MENU;
  }

  /** Keyword hits as JSON text: the item's live pages among `pageIds`, in that order (flat `pages`, `catalogs: []`). */
  async hitsJson(caller: Caller, itemId: number, pageIds: number[]): Promise<string> {
    const reply = await this.transport.send(Subject.PageMenuHits, { caller, params: { item_id: itemId, page_ids: pageIds } });
    return reply.json ?? EMPTY_MENU;
  }

  /** The item of a live page, or null. */
  itemOfPage(caller: Caller, pageId: number): Promise<PageItemRef | null> {
    return this.transport.send(Subject.PagePageItem, { caller, params: { page_id: pageId } });
  }

  singlePage(caller: Caller, itemId: number): Promise<PageRow | null> {
    return this.transport.send(Subject.PageItemSinglePage, { caller, params: { item_id: itemId } });
  }

  createFirstPage(caller: Caller, params: CreateFirstPageDto): Promise<PageRow> {
    return this.transport.send(Subject.PageItemCreateFirstPage, { caller, params: { ...params } });
  }

  copyItem(caller: Caller, params: CopyItemPagesDto): Promise<CopiedItemPages> {
    return this.transport.send(Subject.PageItemCopy, { caller, params: { ...params } });
  }

  purgeItem(caller: Caller, itemId: number): Promise<never[]> {
    return this.transport.send(Subject.PageItemPurge, { caller, params: { item_id: itemId } });
  }

  upsertByTitle(caller: Caller, params: UpsertPageByTitleDto): Promise<PageRow> {
    return this.transport.send(Subject.PagePageUpsertByTitle, { caller, params: { ...params } });
  }
}
