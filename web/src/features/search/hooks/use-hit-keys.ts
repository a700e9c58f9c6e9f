import { type KeyboardEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { SearchHit } from '../api/search-pages';
import { hitHref } from '../lib/hit-href';

/**
 * The keyboard of a search field over its hits (the combobox pattern: focus stays in the field):
 * ↑ ↓ choose a hit, Enter opens it. `restart` goes back to the first hit when the query changes.
 */
export function useHitKeys(hits: SearchHit[], onNavigate: () => void, itemKey?: string) {
  const navigate = useNavigate();
  const [chosen, setChosen] = useState(0);
  const active = Math.min(chosen, hits.length - 1);
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (hits.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setChosen(Math.min(Math.max(active + step, 0), hits.length - 1));
    } else if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      onNavigate();
      void navigate(hitHref(hits[active], itemKey));
    }
  };
  return { active, choose: setChosen, onKeyDown, restart: () => setChosen(0) };
}
