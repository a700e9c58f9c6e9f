import { AppError, CATALOG_MAX_LEVEL, CATALOG_TOP_LEVEL } from '@quire/proto';

export interface CatalogLink {
  cat_id: number;
  parent_cat_id: number;
}

/** Children of each catalog id (0 = the item root), in the order given. */
export function childrenIndex<T extends CatalogLink>(catalogs: readonly T[]): Map<number, T[]> {
  const index = new Map<number, T[]>();
  for (const catalog of catalogs) {
    const siblings = index.get(catalog.parent_cat_id);
    if (siblings) siblings.push(catalog);
    else index.set(catalog.parent_cat_id, [catalog]);
  }
  return index;
}

/** Every catalog below one (all branches, any depth), each with its depth below it (children = 1). */
export function descendantsOf<T extends CatalogLink>(catalogs: readonly T[], catId: number): { catalog: T; depth: number }[] {
  const children = childrenIndex(catalogs);
  const found: { catalog: T; depth: number }[] = [];
  const seen = new Set<number>([catId]);
  let frontier = [catId];
  for (let depth = 1; frontier.length > 0; depth++) {
    const next: number[] = [];
    for (const id of frontier) {
      for (const child of children.get(id) ?? []) {
        if (seen.has(child.cat_id)) continue;
        seen.add(child.cat_id);
        found.push({ catalog: child, depth });
        next.push(child.cat_id);
      }
    }
    frontier = next;
  }
  return found;
}

/**
 * Where a catalog lands when placed under a parent (0 = top): its level, and the new level of
 * each descendant. Refuses a parent that is the catalog itself or one of its descendants, a
 * parent missing from the item, and any level beyond 4 (the spec's 3 levels).
 */
export function placeCatalog(catalogs: readonly (CatalogLink & { level: number })[], catId: number, parentId: number): { level: number; descendants: Map<number, number> } {
  let level = CATALOG_TOP_LEVEL;
  if (parentId > 0) {
    if (parentId === catId) throw AppError.failed('catalog_parent_self');
    const parent = catalogs.find((catalog) => catalog.cat_id === parentId);
    if (!parent) throw AppError.failed('catalog_not_found');
    level = parent.level + 1;
  }
  const below = catId > 0 ? descendantsOf(catalogs, catId) : [];
  if (below.some(({ catalog }) => catalog.cat_id === parentId)) throw AppError.failed('catalog_parent_descendant');
  if (level > CATALOG_MAX_LEVEL) throw AppError.failed('catalog_too_deep');
  const height = below.reduce((max, { depth }) => Math.max(max, depth), 0);
  if (level + height > CATALOG_MAX_LEVEL) throw AppError.failed('catalog_has_children');
  return { level, descendants: new Map(below.map(({ catalog, depth }) => [catalog.cat_id, level + depth])) };
}

/**
 * Levels of a whole item's catalogs from their parent links (catalog/batUpdate): refuses a
 * parent outside the set, a cycle, or a level beyond 4.
 */
export function resolveLevels(catalogs: readonly CatalogLink[]): Map<number, number> {
  const byId = new Map(catalogs.map((catalog) => [catalog.cat_id, catalog]));
  const levels = new Map<number, number>();
  for (const start of catalogs) {
    const path: CatalogLink[] = [];
    const onPath = new Set<number>();
    let current: CatalogLink | undefined = start;
    while (current && !levels.has(current.cat_id)) {
      if (onPath.has(current.cat_id)) throw AppError.failed('catalog_parent_descendant');
      if (current.parent_cat_id === current.cat_id) throw AppError.failed('catalog_parent_self');
      onPath.add(current.cat_id);
      path.push(current);
      if (current.parent_cat_id === 0) break;
      const parent = byId.get(current.parent_cat_id);
      if (!parent) throw AppError.failed('catalog_not_found');
      current = parent;
    }
    let level = current && levels.has(current.cat_id) ? (levels.get(current.cat_id) as number) : CATALOG_TOP_LEVEL - 1;
    for (let i = path.length - 1; i >= 0; i--) {
      level += 1;
      if (level > CATALOG_MAX_LEVEL) throw AppError.failed('catalog_too_deep');
      levels.set(path[i].cat_id, level);
    }
  }
  return levels;
}
