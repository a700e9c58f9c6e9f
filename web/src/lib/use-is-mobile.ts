import { useSyncExternalStore } from 'react';
import { limits } from '../config/env';

/** One query for the whole app: every header, menu and page asks it on each render. */
const media = window.matchMedia(`(max-width: ${limits.mobileMaxWidth}px)`);

/** SPEC §2: the mobile layout applies under 1000 px of screen width. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(
    (listener) => {
      media.addEventListener('change', listener);
      return () => media.removeEventListener('change', listener);
    },
    () => media.matches,
  );
}
