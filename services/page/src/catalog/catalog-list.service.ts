import { Injectable } from '@nestjs/common';
import { type Caller, type CatalogGroup, type CatalogListEntry, formatTime, type ListCatalogsDto } from '@quire/proto';
import { ItemAccessService } from '../access/item-access.service';
import { toCatalogGroups, toCatalogRow } from './catalog.presenter';
import { CatalogRepository } from './catalog.repository';

/**
 * The flat catalog lists of ShowDoc 3.x's editor and catalog dialogs: `catalog/catList` (every catalog, menu
 * order) and `catalog/catListName` (the tree walked depth first, each name written as its path,
 * `Orders/Refunds/v2`). Anyone who may read the item may list them; `item_id` 0 answers `[]`, as ShowDoc.
 */
@Injectable()
export class CatalogListService {
  constructor(
    private readonly catalogs: CatalogRepository,
    private readonly access: ItemAccessService,
  ) {}

  async list(caller: Caller, dto: ListCatalogsDto): Promise<CatalogListEntry[]> {
    if (dto.item_id === 0) return [];
    await this.access.requireVisit(caller, dto.item_id);
    return (await this.catalogs.ofItem(dto.item_id)).map((catalog) => ({ ...toCatalogRow(catalog), addtime: formatTime(catalog.addtime) }));
  }

  async listNames(caller: Caller, dto: ListCatalogsDto): Promise<CatalogListEntry[]> {
    if (dto.item_id === 0) return [];
    await this.access.requireVisit(caller, dto.item_id);
    const named: CatalogListEntry[] = [];
    const walk = (groups: CatalogGroup[], path: string) => {
      for (const { sub, ...catalog } of groups) {
        const name = path === '' ? catalog.cat_name : `${path}/${catalog.cat_name}`;
        named.push({ ...catalog, cat_name: name });
        walk(sub, name);
      }
    };
    walk(toCatalogGroups(await this.catalogs.ofItem(dto.item_id)), '');
    return named;
  }
}
