import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showAlert } from '../../../lib/alert';
import { LIVE_PREVIEW_MAX_CHARS } from '../lib/limits';

const ALERTED_PREFIX = 'page_preview_alerted_';

function alertedBefore(key: string): boolean {
  try {
    if (window.sessionStorage.getItem(key)) return true;
    window.sessionStorage.setItem(key, '1');
    return false;
  } catch {
    return false;
  }
}

/**
 * SPEC §4: above 3000 characters the live preview is switched off, with one alert per page per
 * browser session. `check` is called with each content length (cheap: no re-render unless the
 * threshold is crossed).
 */
export function usePreviewLimit(pageKey: string) {
  const { t } = useTranslation();
  const [livePreview, setLivePreview] = useState(true);
  const live = useRef(true);
  const check = useCallback(
    (length: number) => {
      const next = length <= LIVE_PREVIEW_MAX_CHARS;
      if (next === live.current) return;
      live.current = next;
      setLivePreview(next);
      if (!next && !alertedBefore(`${ALERTED_PREFIX}${pageKey}`)) {
        void showAlert(t('This page is longer than 3000 characters, so the live preview is switched off. Use the Preview tab to see the result.'));
      }
    },
    [pageKey, t],
  );
  return { livePreview, check };
}
