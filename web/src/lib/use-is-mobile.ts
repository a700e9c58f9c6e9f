import { useSyncExternalStore } from 'react';
import { limits } from '../config/env';

const query = `(max-width: ${limits.mobileMaxWidth}px)`;

/** SPEC §2: the mobile layout applies under 1000 px of screen width. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(
    (listener) => {
      const media = window.matchMedia(query);
      media.addEventListener('change', listener);
      return () => media.removeEventListener('change', listener);
    },
    () => window.matchMedia(query).matches,
  );
}
