import { Spinner, makeStyles } from '@fluentui/react-components';
import { Outlet, ScrollRestoration, isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { ErrorView, NotFoundView } from '../../components/ui/error-view';
import { SearchHost } from '../../features/search/components/search-host';

const useStyles = makeStyles({
  fallback: { display: 'flex', minHeight: '100vh', alignItems: 'center', justifyContent: 'center' },
});

/** Every screen, under the global search (its header box, Ctrl+K and dialog). */
export function RootLayout() {
  return (
    <>
      <SearchHost>
        <Outlet />
      </SearchHost>
      <ScrollRestoration />
    </>
  );
}

export function RootFallback() {
  const styles = useStyles();
  return (
    <div className={styles.fallback}>
      <Spinner />
    </div>
  );
}

/** A route that fails to load or render (a stale chunk after a deploy, a bug) shows a message, not a white screen. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundView />;
  console.error('[router]', error);
  return <ErrorView message={error instanceof Error ? error.message : undefined} />;
}
