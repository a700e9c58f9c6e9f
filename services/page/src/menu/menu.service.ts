import { Injectable } from '@nestjs/common';
import { type CacheVersions, type GetMenuDto, type GetMenuHitsDto, type Menu, Reply } from '@quire/proto';
import { CatalogRepository } from '../catalog/catalog.repository';
import { PageRepository } from '../page/page.repository';
import { buildHitsMenu, buildMenu } from './menu-builder';
import { MenuCache } from './menu-cache';

/**
 * `page.menu.get` and `page.menu.hits` for item/info (the item service has checked the caller's
 * right to read), as JSON text: the item's menu comes from the MenuCache until a page or catalog
 * changes. Building takes one query per collection, whatever the size of the item. Keyword hits
 * are the search service's; this reads the pages it named, live and of the item only.
 */
@Injectable()
export class MenuService {
  constructor(
    private readonly pages: PageRepository,
    private readonly catalogs: CatalogRepository,
    private readonly cache: MenuCache,
  ) {}

  async get(dto: GetMenuDto, carried?: CacheVersions): Promise<Reply<Menu>> {
    return Reply.json(await this.cache.get(dto.item_id, carried, () => this.build(dto.item_id)));
  }

  async hits(dto: GetMenuHitsDto): Promise<Reply<Menu>> {
    const hits = dto.page_ids.length > 0 ? await this.pages.summariesOf(dto.item_id, dto.page_ids) : [];
    return Reply.json(JSON.stringify(buildHitsMenu(hits, dto.page_ids)));
  }

  private async build(itemId: number): Promise<Menu> {
    const [pages, catalogs] = await Promise.all([this.pages.summaries(itemId), this.catalogs.ofItem(itemId)]);
    return buildMenu(pages, catalogs);
  }
}
