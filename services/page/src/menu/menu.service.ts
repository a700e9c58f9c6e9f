import { Injectable } from '@nestjs/common';
import { type CacheVersions, containsText, type GetMenuDto, type Menu, Reply } from '@quire/proto';
import { CatalogRepository } from '../catalog/catalog.repository';
import { PageRepository } from '../page/page.repository';
import { buildMenu, buildSearchMenu } from './menu-builder';
import { MenuCache } from './menu-cache';

/**
 * `page.menu.get` for item/info (the item service has checked the caller's right to read), as
 * JSON text: the item's menu comes from the MenuCache until a page or catalog changes; keyword
 * hits are searched every time. Building takes one query per collection, whatever the size of the item.
 */
@Injectable()
export class MenuService {
  constructor(
    private readonly pages: PageRepository,
    private readonly catalogs: CatalogRepository,
    private readonly cache: MenuCache,
  ) {}

  async get(dto: GetMenuDto, carried?: CacheVersions): Promise<Reply<Menu>> {
    const keyword = dto.keyword.trim();
    if (keyword) return Reply.json(JSON.stringify(buildSearchMenu(await this.pages.search(dto.item_id, containsText(keyword)))));
    return Reply.json(await this.cache.get(dto.item_id, carried, () => this.build(dto.item_id)));
  }

  private async build(itemId: number): Promise<Menu> {
    const [pages, catalogs] = await Promise.all([this.pages.summaries(itemId), this.catalogs.ofItem(itemId)]);
    return buildMenu(pages, catalogs);
  }
}
