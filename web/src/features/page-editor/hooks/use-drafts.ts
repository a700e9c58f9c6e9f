import { useEffect, useRef } from 'react';
import { DRAFT_INTERVAL_MS, draftKey, readDraft, removeDraft, writeDraft } from '../lib/drafts';

/**
 * SPEC §4 drafts: every 30 s the content is written to local storage when it differs from what
 * was last loaded or saved. `takeDraft` returns the draft left by an earlier visit (and forgets
 * it: whatever the user answers, it is offered only once).
 */
export function useDrafts(options: { itemId: number; pageId: number; enabled: boolean; read: () => string; saved: () => string }) {
  const latest = useRef(options);
  latest.current = options;
  const key = draftKey(options.itemId, options.pageId);

  useEffect(() => {
    if (!options.enabled) return;
    const timer = setInterval(() => {
      const content = latest.current.read();
      if (content !== latest.current.saved()) writeDraft(key, content);
    }, DRAFT_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [key, options.enabled]);

  return {
    takeDraft(): string | null {
      const draft = readDraft(key);
      removeDraft(key);
      return draft;
    },
    forget(): void {
      removeDraft(key);
    },
  };
}
