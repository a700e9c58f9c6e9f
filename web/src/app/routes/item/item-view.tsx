import { Button, Spinner, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { AddRegular, ArrowDownloadRegular, ArrowLeftRegular, FolderRegular, NavigationRegular, SettingsRegular } from '@fluentui/react-icons';
import { Suspense, lazy, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { BackToTop } from '../../../components/ui/back-to-top';
import { HeaderAction } from '../../../components/ui/header-action';
import { PageLayout } from '../../../components/ui/page-layout';
import { paths } from '../../../config/paths';
import { type Menu, type MenuCatalog, useItemInfo } from '../../../features/item/api/get-item-info';
import { ItemMenu } from '../../../features/item/components/item-menu';
import { PageReader } from '../../../features/page/components/page-reader';
import { MenuSearch } from '../../../features/search/components/menu-search';
import { labels as searchLabels } from '../../../features/search/labels';
import { ApiError } from '../../../lib/api-client';
import { decodeEntities } from '../../../lib/decode-entities';
import { addLabels } from '../../../lib/i18n';
import { useIsMobile } from '../../../lib/use-is-mobile';

addLabels(searchLabels);

// Loaded on first use: the history list and the mobile menu drawer.
const PageHistoryDialog = lazy(() => import('../../../features/page-history/components/page-history-dialog').then((m) => ({ default: m.PageHistoryDialog })));
const SideDrawer = lazy(() => import('../../../components/ui/side-drawer').then((m) => ({ default: m.SideDrawer })));
const ArchivedBadge = lazy(() => import('../../../features/item/components/archived-badge').then((m) => ({ default: m.ArchivedBadge })));

const useStyles = makeStyles({
  layout: { display: 'flex', alignItems: 'flex-start', minHeight: 'calc(100vh - 53px)' },
  sidebar: {
    position: 'sticky',
    top: '53px',
    width: '280px',
    flexShrink: 0,
    height: 'calc(100vh - 53px)',
    overflowY: 'auto',
    boxSizing: 'border-box',
    borderRight: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  content: {
    flexGrow: 1,
    minWidth: 0,
    padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalXXL}`,
    backgroundColor: tokens.colorNeutralBackground1,
    minHeight: 'calc(100vh - 53px)',
    boxSizing: 'border-box',
  },
  contentMobile: { padding: tokens.spacingHorizontalM },
  state: { padding: tokens.spacingVerticalXXL, textAlign: 'center', color: tokens.colorNeutralForeground2 },
});

function firstPage(menu: Menu): number {
  if (menu.pages.length) return menu.pages[0].page_id;
  const walk = (catalogs: MenuCatalog[]): number => {
    for (const catalog of catalogs) {
      if (catalog.pages.length) return catalog.pages[0].page_id;
      const deeper = walk(catalog.catalogs ?? []);
      if (deeper) return deeper;
    }
    return 0;
  };
  return walk(menu.catalogs);
}

/** SPEC §2 item view (`/{item_id or domain}?page_id=`): the regular item's menu and page, or the single page. */
export default function ItemViewRoute() {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const { itemKey = '' } = useParams();
  const [search] = useSearchParams();
  const requestedPage = Number(search.get('page_id')) || 0;
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Mounted on first use, then kept: unmounting an open Fluent drawer leaves the page aria-hidden.
  const [drawerUsed, setDrawerUsed] = useState(false);
  const [historyOf, setHistoryOf] = useState<number | null>(null);
  const { data: info, error, isLoading, mutate } = useItemInfo({ itemKey, defaultPageId: requestedPage });

  const regular = info?.item_type !== 2 ? info : undefined;
  const currentPage = useMemo(() => {
    if (!info) return 0;
    if (info.item_type === 2) return info.menu.pages?.page_id ?? 0;
    if (requestedPage) return requestedPage;
    return Number(info.default_page_id) > 0 ? Number(info.default_page_id) : firstPage(info.menu);
  }, [info, requestedPage]);

  if (!info) {
    const network = error instanceof ApiError && error.network;
    return (
      <PageLayout width="narrow">
        {isLoading ? (
          <Spinner className={styles.state} />
        ) : (
          <div className={styles.state} role="status" data-testid="item-missing">
            <p>{network ? t('The item could not be loaded. Check your connection.') : t('This item does not exist or has been deleted.')}</p>
            {network && <Button onClick={() => void mutate()}>{t('Retry')}</Button>}
          </div>
        )}
      </PageLayout>
    );
  }

  const itemName = decodeEntities(info.item_name);
  const archived = Number(info.is_archived) === 1;
  const canEdit = Boolean(info.ItemPermn) && !archived;
  const urlKey = info.item_domain || String(info.item_id);

  const menu = regular && (
    <MenuSearch itemId={info.item_id} itemKey={urlKey} onNavigate={() => setDrawerOpen(false)}>
      <ItemMenu menu={regular.menu} itemKey={urlKey} currentPageId={currentPage} onNavigate={() => setDrawerOpen(false)} />
    </MenuSearch>
  );

  const actions = (
    <>
      {canEdit && regular && <HeaderAction icon={<AddRegular />} label={t('New page')} to={paths.pageEdit.getHref(info.item_id, 0)} />}
      {canEdit && regular && <HeaderAction icon={<FolderRegular />} label={t('Catalogs')} to={paths.catalog.getHref(info.item_id)} />}
      {canEdit && regular && <HeaderAction icon={<ArrowDownloadRegular />} label={t('Export')} to={paths.itemExport.getHref(info.item_id)} />}
      {info.ItemCreator && !archived && <HeaderAction icon={<SettingsRegular />} label={t('Item settings')} to={paths.itemSetting.getHref(info.item_id)} />}
      {info.is_login && <HeaderAction icon={<ArrowLeftRegular />} label={t('My items')} to={paths.itemIndex.getHref()} />}
    </>
  );

  const navigation = mobile && regular && (
    <HeaderAction
      icon={<NavigationRegular />}
      label={t('Menu')}
      onClick={() => {
        setDrawerUsed(true);
        setDrawerOpen(true);
      }}
    />
  );

  const reader = currentPage ? (
    <PageReader
      key={currentPage}
      pageId={currentPage}
      itemId={info.item_id}
      itemKey={urlKey}
      canEdit={canEdit}
      mobile={mobile}
      onHistory={info.is_login ? setHistoryOf : undefined}
      onDeleted={() => navigate(paths.itemView.getHref(urlKey), { replace: true })}
    />
  ) : (
    <div className={styles.state} data-testid="item-empty">
      {t('This item has no pages yet')}
    </div>
  );

  return (
    <PageLayout title={itemName} actions={actions} navigation={navigation} width="full">
      <div className={styles.layout}>
        {regular && !mobile && <aside className={styles.sidebar}>{menu}</aside>}
        <div className={mergeClasses(styles.content, mobile && styles.contentMobile)}>
          {archived && (
            <Suspense fallback={null}>
              <ArchivedBadge />
            </Suspense>
          )}
          {reader}
        </div>
      </div>
      <Suspense fallback={null}>
        {regular && mobile && drawerUsed && (
          <SideDrawer open={drawerOpen} title={itemName} onClose={() => setDrawerOpen(false)}>
            {menu}
          </SideDrawer>
        )}
        {historyOf !== null && <PageHistoryDialog pageId={historyOf} onClose={() => setHistoryOf(null)} />}
      </Suspense>
      <BackToTop />
    </PageLayout>
  );
}
