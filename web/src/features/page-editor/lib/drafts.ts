/**
 * Drafts in the browser's local storage (SPEC §4): the edit screen writes the content every 30 s
 * under `page_content_<item_id>_<page_id>` and offers it back once on the next open.
 */
export const DRAFT_PREFIX = 'page_content_';
export const DRAFT_INTERVAL_MS = 30_000;

export function draftKey(itemId: number, pageId: number): string {
  return `${DRAFT_PREFIX}${itemId}_${pageId}`;
}

export function readDraft(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** False when the browser refuses (storage full or disabled): the draft is then simply not kept. */
export function writeDraft(key: string, content: string): boolean {
  try {
    window.localStorage.setItem(key, content);
    return true;
  } catch {
    return false;
  }
}

export function removeDraft(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Storage disabled: there is nothing to remove.
  }
}

/** Removes every draft of every page; returns how many there were. */
export function removeAllDrafts(): number {
  try {
    const keys = Object.keys(window.localStorage).filter((key) => key.startsWith(DRAFT_PREFIX));
    for (const key of keys) window.localStorage.removeItem(key);
    return keys.length;
  } catch {
    return 0;
  }
}
