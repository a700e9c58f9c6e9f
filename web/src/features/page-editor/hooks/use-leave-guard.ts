import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router-dom';
import { confirmAction } from '../../../lib/alert';

/**
 * Asks before the editor is left with unsaved changes: in-app navigation (Back, links, the search) through the
 * router's blocker, closing or reloading the tab through the browser's own `beforeunload` question.
 * `isDirty` gets the path about to open (null when the tab closes), so a move the editor makes itself can pass.
 */
export function useLeaveGuard(isDirty: (nextPathname: string | null) => boolean): void {
  const { t } = useTranslation();
  const dirty = useRef(isDirty);
  dirty.current = isDirty;
  const blocker = useBlocker(({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && dirty.current(nextLocation.pathname));

  const latest = useRef(blocker);
  latest.current = blocker;
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirmAction(t('This page has unsaved changes. Leave the editor and discard them?'), { title: t('Unsaved changes') }).then((leave) => {
      const current = latest.current;
      if (current.state !== 'blocked') return;
      if (leave) current.proceed();
      else current.reset();
    });
  }, [blocker.state, t]);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!dirty.current(null)) return;
      event.preventDefault();
      // Older browsers ask only when a return value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);
}
