import i18n from './i18n';

/**
 * Dates and numbers as the app's current language writes them ("Mar 5, 2026" / "2026年3月5日",
 * "12,345"), in the browser's time zone. Times the server sends already formatted (`addtime` strings,
 * contract §1.4) are shown as they come.
 */
export function formatDate(seconds: number, language: string = i18n.language): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(seconds * 1000));
}

export function formatDateTime(seconds: number, language: string = i18n.language): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(seconds * 1000));
}

export function formatNumber(value: number, language: string = i18n.language): string {
  return new Intl.NumberFormat(language).format(value);
}
