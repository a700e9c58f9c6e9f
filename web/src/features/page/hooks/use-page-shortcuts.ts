import { useEffect, useRef } from 'react';

/** SPEC §2: Ctrl+E edits the page, Ctrl+Delete deletes it (after confirmation). */
export function usePageShortcuts(enabled: boolean, handlers: { onEdit: () => void; onDelete: () => void }): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
      if (event.key === 'e' || event.key === 'E') {
        event.preventDefault();
        latest.current.onEdit();
      } else if (event.key === 'Delete') {
        event.preventDefault();
        latest.current.onDelete();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
