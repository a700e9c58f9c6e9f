import { useEffect, useRef } from 'react';
import { isSearchShortcut } from '../lib/shortcut';

/**
 * Ctrl+K / ⌘K opens the search from anywhere, form fields included: the key has no meaning in a
 * browser's text field, and taking it keeps the browser from sending the keys to its address bar.
 * A key some widget already handled is left to it: in the page editor, CodeMirror handles ByteMD's
 * own Ctrl+K (insert a link) and marks the event handled (`defaultPrevented`) before it gets here.
 */
export function useSearchShortcut(open: () => void): void {
  const latest = useRef(open);
  latest.current = open;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || !isSearchShortcut(event)) return;
      event.preventDefault();
      latest.current();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
