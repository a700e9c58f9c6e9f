import type { ComponentType } from 'react';
import { createBrowserRouter } from 'react-router-dom';
import { paths } from '../config/paths';
import { configureApiClient } from '../lib/api-client';
import { preloadItemView, preloadPage, preloadSharedPage } from './route-data';
import { RootLayout, RootFallback, RouteError } from './routes/root-layout';

type RouteModule = { default: ComponentType };

/** Every screen is its own chunk: the reader never downloads the editor or the admin console. */
const lazy = (load: () => Promise<RouteModule>) => async () => ({ Component: (await load()).default });

export const router = createBrowserRouter([
  {
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: RootFallback,
    children: [
      { path: paths.home.path, lazy: lazy(() => import('./routes/landing')) },
      { path: paths.login.path, lazy: lazy(() => import('./routes/user/login')) },
      { path: paths.register.path, lazy: lazy(() => import('./routes/user/register')) },
      { path: paths.settings.path, lazy: lazy(() => import('./routes/user/setting')) },
      { path: paths.resetPassword.path, lazy: lazy(() => import('./routes/user/reset-password')) },
      { path: paths.resetPasswordByUrl.path, lazy: lazy(() => import('./routes/user/reset-password-by-url')) },
      { path: paths.verifyEmail.path, lazy: lazy(() => import('./routes/user/verify-email')) },
      { path: paths.oidcCallback.path, lazy: lazy(() => import('./routes/user/oidc-callback')) },
      { path: paths.itemIndex.path, lazy: lazy(() => import('./routes/item/item-index')) },
      { path: paths.itemAdd.path, lazy: lazy(() => import('./routes/item/item-add')) },
      { path: paths.itemPassword.path, lazy: lazy(() => import('./routes/item/item-password')) },
      { path: paths.itemExport.path, lazy: lazy(() => import('./routes/item/item-export')) },
      { path: paths.itemSetting.path, lazy: lazy(() => import('./routes/item/item-setting')) },
      { path: paths.page.path, loader: preloadPage, lazy: lazy(() => import('./routes/page/page-view')) },
      { path: paths.sharedPage.path, loader: preloadSharedPage, lazy: lazy(() => import('./routes/page/shared-page')) },
      { path: paths.shareLink.path, loader: preloadSharedPage, lazy: lazy(() => import('./routes/share/share-link')) },
      { path: paths.pageEdit.path, lazy: lazy(() => import('./routes/page/page-edit')) },
      { path: paths.pageDiff.path, lazy: lazy(() => import('./routes/page/page-diff')) },
      { path: paths.catalog.path, lazy: lazy(() => import('./routes/catalog/catalog-index')) },
      { path: paths.httpTest.path, lazy: lazy(() => import('./routes/tools/http-test')) },
      { path: paths.noticeIndex.path, lazy: lazy(() => import('./routes/notice/notice-index')) },
      { path: paths.adminIndex.path, lazy: lazy(() => import('./routes/admin/admin-index')) },
      { path: paths.teamIndex.path, lazy: lazy(() => import('./routes/team/team-index')) },
      { path: paths.teamMember.path, lazy: lazy(() => import('./routes/team/team-member')) },
      { path: paths.teamItem.path, lazy: lazy(() => import('./routes/team/team-item')) },
      { path: paths.itemView.path, loader: preloadItemView, lazy: lazy(() => import('./routes/item/item-view')) },
      { path: '*', lazy: lazy(() => import('./routes/not-found')) },
    ],
  },
]);

configureApiClient({ navigate: (to) => void router.navigate(to) });
