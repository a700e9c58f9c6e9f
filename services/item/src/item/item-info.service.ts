import { Injectable } from '@nestjs/common';
import {
  AppError,
  type CacheVersions,
  type Caller,
  ErrorCode,
  escapeHtml,
  type ItemInfoDto,
  type ItemInfoHead,
  type ItemInfoReply,
  type ItemInfoRights,
  type ItemInfoRights3x,
  ItemType,
  type Menu,
  type RegularItemInfo,
  Reply,
  type SinglePageItemInfo,
  spliceJson,
} from '@quire/proto';
import { replyVersion, VersionToken } from '@quire/platform';
import { AccessVersion } from '../access/access-version';
import { ItemAccessService } from '../access/item-access.service';
import { ContentVersion } from '../clients/content-version';
import { NoticeClient } from '../clients/notice.client';
import { NoticeVersion } from '../clients/notice-version';
import { PageClient } from '../clients/page.client';
import { SearchClient } from '../clients/search.client';
import { defaultCatalogs, NO_DEFAULT_CATALOGS } from './default-catalogs';

/** `item/info`: what the item view needs (contract §9.3). */
@Injectable()
export class ItemInfoService {
  constructor(
    private readonly access: ItemAccessService,
    private readonly pages: PageClient,
    private readonly notices: NoticeClient,
    private readonly search: SearchClient,
    private readonly contentVersion: ContentVersion,
    private readonly accessVersion: AccessVersion,
    private readonly noticeVersion: NoticeVersion,
  ) {}

  /**
   * The visit right is checked before existence, as ShowDoc does: a private item the caller has
   * not unlocked answers 10303 (the client opens the password screen), a missing or deleted
   * one 10101. The answer's version (the gateway's ETag) is built from the tokens read before the
   * data, the caller and their rights; a keyword search has none (the search index follows the
   * pages a moment later).
   */
  async info(caller: Caller, dto: ItemInfoDto, versions?: CacheVersions): Promise<ItemInfoReply> {
    const tokens = await VersionToken.readAll(versions, this.contentVersion, this.accessVersion, this.noticeVersion);
    const item = await this.access.resolve(dto.item_id || dto.item_domain);
    const rights = item ? await this.access.viewerRights(caller, item) : null;
    if (item && !rights?.visit) throw new AppError(ErrorCode.NotCreator, 'item_visit_password_required');
    if (!item || !rights || item.is_del === 1) throw AppError.failed('item_not_exist');

    const head: ItemInfoHead = {
      item_id: item.item_id,
      item_domain: item.item_domain ?? '',
      is_archived: item.is_archived,
      item_name: escapeHtml(item.item_name),
    };
    const tail: ItemInfoRights = { is_login: caller.uid > 0, ItemPermn: rights.edit, ItemCreator: rights.creator };
    // ShowDoc 3.x's client shows its edit toolbar from these ([HEAD]: both false when archived; Quire's manager is the creator).
    const rights3x: ItemInfoRights3x = { item_edit: rights.edit, item_manage: rights.creator && item.is_archived !== 1, current_page_id: dto.page_id };
    // Asked alongside the menu; a notice service that does not answer shows 0 (NoticeClient logs it).
    const unread = this.notices.unreadCount(caller, versions);
    const version = dto.keyword ? undefined : replyVersion('item/info', tokens, caller.uid, caller.groupid, rights, dto);

    if (item.item_type === ItemType.SinglePage) {
      const page = await this.pages.singlePage(caller, item.item_id);
      const { current_page_id: _echoed, ...rights3xAfter } = rights3x;
      const info: SinglePageItemInfo = {
        ...head,
        current_page_id: dto.page_id,
        unread_count: await unread,
        item_type: ItemType.SinglePage,
        menu: { pages: page },
        ...tail,
        ...rights3xAfter,
      };
      return Reply.json<SinglePageItemInfo>(JSON.stringify(info), version);
    }

    // The menu stays JSON text from the page service's cache to the envelope (it is large); it is
    // parsed only to find the catalog chain of a default page. Keyword hits are flat (the search
    // service's, best first, read by the page service): the chain needs the whole menu.
    const menu = dto.keyword
      ? await this.pages.hitsJson(caller, item.item_id, await this.search.itemPages(caller, item.item_id, dto.keyword))
      : await this.pages.menuJson(caller, item.item_id, versions);
    let catalogs = NO_DEFAULT_CATALOGS;
    if (dto.default_page_id > 0) {
      const tree = dto.keyword ? await this.pages.menuJson(caller, item.item_id, versions) : menu;
      catalogs = defaultCatalogs(JSON.parse(tree) as Menu, dto.default_page_id);
    }
    const fields: Omit<RegularItemInfo, 'menu' | keyof ItemInfoRights | keyof ItemInfoRights3x> = {
      ...head,
      default_page_id: String(dto.default_page_id),
      ...catalogs,
      unread_count: await unread,
      item_type: ItemType.Regular,
    };
    return Reply.json<RegularItemInfo>(spliceJson(fields, 'menu', menu, { ...tail, ...rights3x }), version);
  }
}
