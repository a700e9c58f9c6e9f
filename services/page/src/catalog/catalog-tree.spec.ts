import { AppError } from '@quire/proto';
import { descendantsOf, placeCatalog, resolveLevels } from './catalog-tree';

const cat = (cat_id: number, parent_cat_id: number, level: number) => ({ cat_id, parent_cat_id, level });

/** 1 → 2 → 3 (levels 2, 3, 4), 1 → 4 (level 3), 5 top. */
const tree = [cat(1, 0, 2), cat(2, 1, 3), cat(3, 2, 4), cat(4, 1, 3), cat(5, 0, 2)];

const failure = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    return (error as AppError).key;
  }
  return 'no error';
};

describe('catalog tree rules', () => {
  it('finds every descendant on every branch with its depth', () => {
    const found = descendantsOf(tree, 1).map(({ catalog, depth }) => [catalog.cat_id, depth]);
    expect(found).toEqual([
      [2, 1],
      [4, 1],
      [3, 2],
    ]);
  });

  it('places a new catalog under a parent one level deeper, and at the top without a parent', () => {
    expect(placeCatalog(tree, 0, 2).level).toBe(4);
    expect(placeCatalog(tree, 0, 0).level).toBe(2);
  });

  it('refuses a fourth level, the catalog itself, its own descendant and a parent from elsewhere', () => {
    expect(failure(() => placeCatalog(tree, 0, 3))).toBe('catalog_too_deep');
    expect(failure(() => placeCatalog(tree, 2, 2))).toBe('catalog_parent_self');
    expect(failure(() => placeCatalog(tree, 1, 3))).toBe('catalog_parent_descendant');
    expect(failure(() => placeCatalog(tree, 1, 99))).toBe('catalog_not_found');
  });

  it('refuses a move that would push sub-catalogs below level 4', () => {
    // 2 has a child: under 4 (level 3) it would be level 4 and its child level 5.
    expect(failure(() => placeCatalog(tree, 2, 4))).toBe('catalog_has_children');
  });

  it('recomputes the levels of every descendant when a catalog moves', () => {
    const placed = placeCatalog(tree, 2, 0);
    expect(placed.level).toBe(2);
    expect([...placed.descendants]).toEqual([[3, 3]]);
  });

  it('resolves the levels of a whole item from parent links', () => {
    const levels = resolveLevels([cat(3, 2, 0), cat(2, 1, 0), cat(1, 0, 0), cat(7, 0, 0)]);
    expect(Object.fromEntries(levels)).toEqual({ 1: 2, 2: 3, 3: 4, 7: 2 });
  });

  it('refuses cycles, missing parents and a fifth level in a batch', () => {
    expect(failure(() => resolveLevels([cat(1, 2, 0), cat(2, 1, 0)]))).toBe('catalog_parent_descendant');
    expect(failure(() => resolveLevels([cat(1, 1, 0)]))).toBe('catalog_parent_self');
    expect(failure(() => resolveLevels([cat(1, 9, 0)]))).toBe('catalog_not_found');
    expect(failure(() => resolveLevels([cat(1, 0, 0), cat(2, 1, 0), cat(3, 2, 0), cat(4, 3, 0)]))).toBe('catalog_too_deep');
  });
});
