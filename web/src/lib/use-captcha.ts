import { useCallback, useState } from 'react';
import { apiUrl } from './api-client';

/** A fresh `common/verify` image URL; loading it replaces the code the server expects. */
export function captchaUrl(): string {
  return apiUrl('common/verify', { rand: Math.random().toString().slice(2) });
}

/** The captcha image of a form: shown from the start or after an error, reloaded after each failure. */
export function useCaptcha(initiallyShown: boolean) {
  const [shown, setShown] = useState(initiallyShown);
  const [src, setSrc] = useState(() => (initiallyShown ? captchaUrl() : ''));
  const refresh = useCallback(() => setSrc(captchaUrl()), []);
  const show = useCallback(() => {
    setShown(true);
    setSrc(captchaUrl());
  }, []);
  return { shown, src, refresh, show };
}
