import { Injectable } from '@nestjs/common';
import { containsText, type GetMenuDto, type Menu } from '@quire/proto';
import { CatalogRepository } from '../catalog/catalog.repository';
import { PageRepository } from '../page/page.repository';
import { buildMenu, buildSearchMenu } from './menu-builder';

/**
 * `page.menu.get` for item/info (the item service has checked the caller's right to read).
 * One query per collection, whatever the size of the item.
 */
@Injectable()
export class MenuService {
  constructor(
    private readonly pages: PageRepository,
    private readonly catalogs: CatalogRepository,
  ) {}

  async get(dto: GetMenuDto): Promise<Menu> {
    const keyword = dto.keyword.trim();
    if (keyword) return buildSearchMenu(await this.pages.search(dto.item_id, containsText(keyword)));
    const [pages, catalogs] = await Promise.all([this.pages.summaries(dto.item_id), this.catalogs.ofItem(dto.item_id)]);
    return buildMenu(pages, catalogs);
  }
}
