import { type ReactNode, Suspense, lazy, useCallback, useMemo, useState } from 'react';
import { HeaderTools } from '../../../components/ui/header-tools';
import { useSearchShortcut } from '../hooks/use-search-shortcut';
import { SearchTrigger } from './search-trigger';

// Loaded on first use: the dialog, its filters and its labels.
const SearchDialog = lazy(() => import('./search-dialog').then((m) => ({ default: m.SearchDialog })));

/**
 * The global search around every screen: the header's box (through `HeaderTools`), Ctrl+K / ⌘K,
 * and the dialog. It lives above the routes, so opening a hit closes the dialog before the next
 * screen replaces the header (a modal unmounted while open leaves the page hidden from readers).
 */
export function SearchHost({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const show = useCallback(() => {
    setUsed(true);
    setOpen(true);
  }, []);
  useSearchShortcut(show);
  const trigger = useMemo(() => <SearchTrigger onOpen={show} />, [show]);
  return (
    <>
      <HeaderTools value={trigger}>{children}</HeaderTools>
      <Suspense fallback={null}>{used && <SearchDialog open={open} onClose={() => setOpen(false)} />}</Suspense>
    </>
  );
}
