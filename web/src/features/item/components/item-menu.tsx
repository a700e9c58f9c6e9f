import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ChevronDownRegular, ChevronRightRegular, DocumentRegular, FolderRegular } from '@fluentui/react-icons';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterLink } from '../../../components/ui/router-link';
import { limits } from '../../../config/env';
import { paths } from '../../../config/paths';
import { decodeEntities } from '../../../lib/decode-entities';
import type { Menu, MenuCatalog, MenuPage } from '../api/get-item-info';

const useStyles = makeStyles({
  list: { listStyleType: 'none', margin: 0, padding: 0 },
  nested: { paddingLeft: tokens.spacingHorizontalL },
  row: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    width: '100%',
    boxSizing: 'border-box',
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground1,
    textDecorationLine: 'none',
    textAlign: 'left',
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
    backgroundColor: 'transparent',
    border: 'none',
    cursor: 'pointer',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover, textDecorationLine: 'none' },
  },
  label: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 },
  current: { backgroundColor: tokens.colorBrandBackground2, color: tokens.colorBrandForeground2, fontWeight: tokens.fontWeightSemibold },
  empty: { color: tokens.colorNeutralForeground3, padding: tokens.spacingHorizontalS },
});

/** The catalog ids leading to a page, to open them on arrival. */
function chainTo(catalogs: MenuCatalog[], pageId: number, trail: number[] = []): number[] | null {
  for (const catalog of catalogs) {
    const here = [...trail, catalog.cat_id];
    if (catalog.pages.some((page) => page.page_id === pageId)) return here;
    const deeper = chainTo(catalog.catalogs ?? [], pageId, here);
    if (deeper) return deeper;
  }
  return null;
}

export interface ItemMenuProps {
  menu: Menu;
  itemKey: string;
  currentPageId: number;
  onNavigate?: () => void;
  /** Where a page of the menu leads (a share link's reader stays under its link); the item's page by default. */
  pageHref?: (pageId: number) => string;
}

/** SPEC §2 left menu: catalogs nested up to 4 levels, pages (the route puts the menu search above it). */
export function ItemMenu({ menu, itemKey, currentPageId, onNavigate, pageHref }: ItemMenuProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [open, setOpen] = useState<Set<number>>(new Set());
  const chain = useMemo(() => chainTo(menu.catalogs, currentPageId) ?? [], [menu, currentPageId]);
  useEffect(() => {
    if (chain.length) setOpen((prev) => new Set([...prev, ...chain]));
  }, [chain]);

  const toggle = (catId: number) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(catId)) next.delete(catId);
      else next.add(catId);
      return next;
    });

  const pageRow = (page: MenuPage) => (
    <li key={`p${page.page_id}`}>
      <RouterLink
        to={pageHref ? pageHref(page.page_id) : paths.itemView.getHref(itemKey, page.page_id)}
        className={mergeClasses(styles.row, page.page_id === currentPageId && styles.current)}
        aria-current={page.page_id === currentPageId ? 'page' : undefined}
        data-testid="menu-page"
        onClick={onNavigate}
      >
        <DocumentRegular />
        <span className={styles.label}>{decodeEntities(page.page_title)}</span>
      </RouterLink>
    </li>
  );

  const catalogRow = (catalog: MenuCatalog, depth: number) => {
    const expanded = open.has(catalog.cat_id);
    return (
      <li key={`c${catalog.cat_id}`}>
        <button type="button" className={styles.row} aria-expanded={expanded} onClick={() => toggle(catalog.cat_id)} data-testid="menu-catalog">
          {expanded ? <ChevronDownRegular /> : <ChevronRightRegular />}
          <FolderRegular />
          <span className={styles.label}>{decodeEntities(catalog.cat_name)}</span>
        </button>
        {expanded && (
          <ul className={mergeClasses(styles.list, styles.nested)}>
            {catalog.pages.map(pageRow)}
            {depth < limits.menuDepth && (catalog.catalogs ?? []).map((child) => catalogRow(child, depth + 1))}
          </ul>
        )}
      </li>
    );
  };

  const nothing = menu.pages.length === 0 && menu.catalogs.length === 0;
  return (
    <nav aria-label={t('Item menu')}>
      {nothing ? (
        <div className={styles.empty}>{t('This item has no pages yet')}</div>
      ) : (
        <ul className={styles.list} data-testid="item-menu">
          {menu.pages.map(pageRow)}
          {menu.catalogs.map((catalog) => catalogRow(catalog, 2))}
        </ul>
      )}
    </nav>
  );
}
