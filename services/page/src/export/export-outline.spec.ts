import type { CatalogEntity } from '../catalog/catalog.entity';
import type { PageSummary } from '../page/page.repository';
import { buildExportOutline } from './export-outline';

const page = (page_id: number, cat_id: number, s_number = 99, page_title = `p${page_id}`): PageSummary => ({ page_id, cat_id, s_number, page_title, author_uid: 1, addtime: 0 });
const catalog = (cat_id: number, parent_cat_id: number, level: number, s_number = 99, cat_name = `c${cat_id}`): CatalogEntity => ({
  cat_id,
  parent_cat_id,
  level,
  s_number,
  cat_name,
  item_id: 1,
  addtime: 0,
});

describe('buildExportOutline', () => {
  const pages = [page(5, 0, 10), page(4, 0, 10), page(3, 0, 1), page(6, 12, 99, '<raw & title>'), page(7, 13), page(8, 99)];
  const catalogs = [catalog(13, 12, 4), catalog(12, 11, 3), catalog(11, 0, 2, 5), catalog(10, 0, 2, 5), catalog(9, 0, 2, 1)];

  it('lists root pages and top catalogs in menu order with raw titles, leaving out pages of unknown catalogs', () => {
    const outline = buildExportOutline(1, pages, catalogs, null);

    expect(outline.pages.map((p) => p.page_id)).toEqual([3, 4, 5]);
    expect(outline.catalogs.map((c) => c.cat_id)).toEqual([9, 10, 11]);
    expect(outline.catalogs[2].catalogs[0]).toMatchObject({ cat_id: 12, level: 3, pages: [{ page_id: 6, page_title: '<raw & title>' }] });
    expect(outline.catalogs[2].catalogs[0].catalogs[0]).toMatchObject({ cat_id: 13, level: 4, pages: [{ page_id: 7 }], catalogs: [] });
    expect(outline.page_count).toBe(5);
  });

  it("makes a chosen catalog's pages and sub-catalogs the top of the outline", () => {
    const outline = buildExportOutline(1, pages, catalogs, catalogs[2]);

    expect(outline).toMatchObject({ cat_id: 11, cat_name: 'c11', pages: [], catalogs: [{ cat_id: 12 }], page_count: 2 });
  });

  it('survives a cycle in stored parent links', () => {
    const looped = [catalog(20, 21, 3), catalog(21, 20, 3), catalog(22, 0, 2)];
    expect(buildExportOutline(1, [], looped, looped[0]).catalogs.length).toBeLessThanOrEqual(1);
  });
});
