import { Injectable } from '@nestjs/common';
import { TransportClient } from '@quire/platform';
import {
  type CacheVersions,
  type Caller,
  type CopyItemPagesDto,
  type CreateFirstPageDto,
  type Menu,
  type PageItemRef,
  type Reply,
  Subject,
  type UpsertPageByTitleDto,
} from '@quire/proto';

/** A page row as the page service answers it (single-page items, open API upserts). */
export type PageRow = Record<string, unknown>;

/** What the item service asks the page service, on behalf of the original caller. */
@Injectable()
export class PageClient {
  constructor(private readonly transport: TransportClient) {}

  /**
   * The nested menu of an item, or its keyword hits (flat `pages`, `catalogs: []`), as JSON text;
   * `versions`: the cache versions the gateway forwarded with item/info, passed on.
   */
  async menuJson(caller: Caller, itemId: number, keyword = '', versions?: CacheVersions): Promise<string> {
    const reply = await this.transport.send<Reply<Menu>>(Subject.PageMenuGet, { caller, params: { item_id: itemId, keyword }, versions });
    return reply.json ?? '{"pages":[],"catalogs":[]}';
  }

  /** The item of a live page, or null. */
  itemOfPage(caller: Caller, pageId: number): Promise<PageItemRef | null> {
    return this.transport.send<PageItemRef | null>(Subject.PagePageItem, { caller, params: { page_id: pageId } });
  }

  singlePage(caller: Caller, itemId: number): Promise<PageRow | null> {
    return this.transport.send<PageRow | null>(Subject.PageItemSinglePage, { caller, params: { item_id: itemId } });
  }

  createFirstPage(caller: Caller, params: CreateFirstPageDto): Promise<unknown> {
    return this.transport.send(Subject.PageItemCreateFirstPage, { caller, params: { ...params } });
  }

  copyItem(caller: Caller, params: CopyItemPagesDto): Promise<unknown> {
    return this.transport.send(Subject.PageItemCopy, { caller, params: { ...params } });
  }

  purgeItem(caller: Caller, itemId: number): Promise<unknown> {
    return this.transport.send(Subject.PageItemPurge, { caller, params: { item_id: itemId } });
  }

  upsertByTitle(caller: Caller, params: UpsertPageByTitleDto): Promise<PageRow> {
    return this.transport.send<PageRow>(Subject.PagePageUpsertByTitle, { caller, params: { ...params } });
  }
}
