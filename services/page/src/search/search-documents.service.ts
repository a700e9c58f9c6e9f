import { Injectable } from '@nestjs/common';
import type { SearchDocument, SearchDocuments, SearchDocumentsDto, SearchVersions, SearchVersionsDto } from '@quire/proto';
import { descendantsOf } from '../catalog/catalog-tree';
import type { CatalogEntity } from '../catalog/catalog.entity';
import { CatalogRepository } from '../catalog/catalog.repository';
import type { PageEntity } from '../page/page.entity';
import { PageRepository } from '../page/page.repository';

/**
 * `page.search.documents`: live pages as the search index keeps them, with the names of their
 * catalogs from the top down. The search service asks after every change notice and when it
 * rebuilds; it never indexes what a notice carried. Two queries per item of the batch at most.
 * `page.search.versions`: the same pages without their text, for the embedded index to check itself
 * at start against what changed while it was away.
 */
@Injectable()
export class SearchDocumentsService {
  constructor(
    private readonly pages: PageRepository,
    private readonly catalogs: CatalogRepository,
  ) {}

  async documents(dto: SearchDocumentsDto): Promise<SearchDocuments> {
    const scope = await this.scope(dto);
    if (!scope) return { documents: [], more: false };
    const pages = await this.pages.liveInIdOrder(scope, dto.after_page_id, dto.limit + 1);
    const more = pages.length > dto.limit;
    const batch = more ? pages.slice(0, dto.limit) : pages;
    const catalogsByItem = await this.catalogsOf(batch);
    return { documents: batch.map((page) => toDocument(page, catalogsByItem.get(page.item_id) ?? new Map<number, CatalogEntity>())), more };
  }

  /** `page.search.versions`: live pages without their text, with their catalog paths. */
  async versions(dto: SearchVersionsDto): Promise<SearchVersions> {
    const pages = await this.pages.liveVersionsInIdOrder(dto.after_page_id, dto.limit + 1);
    const more = pages.length > dto.limit;
    const batch = more ? pages.slice(0, dto.limit) : pages;
    const catalogsByItem = await this.catalogsOf(batch);
    return {
      pages: batch.map((page) => ({
        page_id: page.page_id,
        item_id: page.item_id,
        addtime: page.addtime,
        cat_path: catalogPath(catalogsByItem.get(page.item_id) ?? new Map<number, CatalogEntity>(), page.cat_id),
      })),
      more,
    };
  }

  /** The catalogs of the pages' items, by item and id. */
  private async catalogsOf(pages: { item_id: number }[]): Promise<Map<number, Map<number, CatalogEntity>>> {
    const catalogsByItem = new Map<number, Map<number, CatalogEntity>>();
    for (const itemId of new Set(pages.map((page) => page.item_id))) {
      catalogsByItem.set(itemId, new Map((await this.catalogs.ofItem(itemId)).map((catalog) => [catalog.cat_id, catalog])));
    }
    return catalogsByItem;
  }

  /** What the params select; null when a catalog is named that its item does not have. */
  private async scope(dto: SearchDocumentsDto): Promise<{ pageIds?: number[]; itemId?: number; catIds?: number[] } | null> {
    if (dto.page_ids) return { pageIds: dto.page_ids, itemId: dto.item_id || undefined };
    if (!dto.item_id) return {};
    if (!dto.cat_id) return { itemId: dto.item_id };
    const catalogs = await this.catalogs.ofItem(dto.item_id);
    if (!catalogs.some((catalog) => catalog.cat_id === dto.cat_id)) return null;
    return { itemId: dto.item_id, catIds: [dto.cat_id, ...descendantsOf(catalogs, dto.cat_id).map(({ catalog }) => catalog.cat_id)] };
  }
}

function toDocument(page: PageEntity, catalogs: Map<number, CatalogEntity>): SearchDocument {
  return {
    page_id: page.page_id,
    item_id: page.item_id,
    cat_id: page.cat_id,
    page_title: page.page_title,
    page_content: page.page_content ?? '',
    cat_path: catalogPath(catalogs, page.cat_id),
    author_uid: page.author_uid,
    author_username: page.author_username,
    addtime: page.addtime,
  };
}

/** The catalogs from the top level down to `catId` ([] at the root, or when a link is missing). */
function catalogPath(catalogs: Map<number, CatalogEntity>, catId: number): SearchDocument['cat_path'] {
  const path: SearchDocument['cat_path'] = [];
  const seen = new Set<number>();
  for (let catalog = catalogs.get(catId); catalog && !seen.has(catalog.cat_id); catalog = catalogs.get(catalog.parent_cat_id)) {
    seen.add(catalog.cat_id);
    path.unshift({ cat_id: catalog.cat_id, cat_name: catalog.cat_name });
  }
  return path;
}
