import { Inject, Injectable, Logger } from '@nestjs/common';
import type { QuireConfig } from '@quire/config';
import { QUIRE_CONFIG } from '@quire/platform';
import { type AdminAttornItemDto, type AdminItemPage, type AdminListItemsDto, type Caller, escapeHtml, type ItemRow, requireAdmin, translate } from '@quire/proto';
import { ItemClient } from '../clients/item.client';
import { NoticeClient } from '../clients/notice.client';

/** `adminItem/*`: the items live in the item service. */
@Injectable()
export class AdminItemService {
  private readonly logger = new Logger(AdminItemService.name);

  constructor(
    private readonly items: ItemClient,
    private readonly notices: NoticeClient,
    @Inject(QUIRE_CONFIG) private readonly config: QuireConfig,
  ) {}

  list(caller: Caller, dto: AdminListItemsDto): Promise<AdminItemPage> {
    requireAdmin(caller);
    return this.items.list(caller, dto);
  }

  delete(caller: Caller, itemId: number): Promise<number> {
    requireAdmin(caller);
    return this.items.delete(caller, itemId);
  }

  /** Hands the item over; the new owner gets a notice (a notice that cannot be delivered is logged, never fails the transfer). */
  async attorn(caller: Caller, dto: AdminAttornItemDto): Promise<ItemRow> {
    requireAdmin(caller);
    const item = await this.items.attorn(caller, dto);
    const language = this.config.language;
    // item_name of an ItemRow is already HTML-escaped.
    const params = { from: escapeHtml(caller.username), item: item.item_name };
    await this.notices
      .send(caller, {
        to_uids: [item.uid],
        to_all: false,
        notice_title: translate('notice_item_attorned_title', language, params),
        notice_content: translate('notice_item_attorned_content', language, params),
        from_name: caller.username.slice(0, 64),
      })
      .catch((error: Error) => this.logger.warn(`the transfer notice for item ${item.item_id} was not delivered: ${error.message}`));
    return item;
  }
}
