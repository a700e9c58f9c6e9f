import { Injectable } from '@nestjs/common';
import { AppError, type Caller, ErrorCode, type ExportOutline, type ExportTargetDto, mayExport } from '@quire/proto';
import { ItemClient } from '../clients/item.client';
import { PageClient } from '../clients/page.client';

/** What an export renders: the item's name and description and the outline of the chosen part. */
export interface LoadedItem {
  name: string;
  description: string;
  outline: ExportOutline;
}

/**
 * Loads an item for an export after checking the right (contract §9.6: edit right on the item,
 * ItemPermn), asked afresh for every export and again by the page service on every read.
 */
@Injectable()
export class ItemLoader {
  constructor(
    private readonly items: ItemClient,
    private readonly pages: PageClient,
  ) {}

  async load(caller: Caller, target: ExportTargetDto): Promise<LoadedItem> {
    if (!caller || caller.uid <= 0) throw new AppError(ErrorCode.NotLoggedIn, 'not_logged_in');
    const access = await this.items.access(caller, target.item_id);
    if (!access.exists) throw AppError.failed('page_item_not_found');
    if (!mayExport(access)) throw new AppError(ErrorCode.NoPermission, 'no_permission');
    const outline = await this.pages.outline(caller, target);
    return { name: access.item_name, description: access.item_description, outline };
  }
}
