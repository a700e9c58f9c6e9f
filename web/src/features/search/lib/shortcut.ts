/** Apple keyboards open search with ⌘K; the others with Ctrl+K (ByteMD's editor binds its link key the same way). */
const APPLE = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** The shortcut as the keyboard names it, shown beside the header's search box. */
export const SHORTCUT_LABEL = APPLE ? '⌘ K' : 'Ctrl K';
/** The shortcut for `aria-keyshortcuts`. */
export const SHORTCUT_ARIA = APPLE ? 'Meta+K' : 'Control+K';

/** ⌘K on Apple, Ctrl+K elsewhere: on a Mac, Ctrl+K in a text field deletes to the end of the line. */
export function isSearchShortcut(event: KeyboardEvent): boolean {
  const modifier = APPLE ? event.metaKey && !event.ctrlKey : event.ctrlKey && !event.metaKey;
  return modifier && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k';
}
