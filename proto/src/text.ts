const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#039;' };

/**
 * ShowDoc returns user text HTML-escaped (contract §1.5, §13) and its clients decode it
 * through innerHTML. Quire stores text raw and escapes it on the way out, so every
 * character round-trips and no client can be made to run markup.
 */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

const UNESCAPES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#039;': "'", '&#39;': "'" };

export function unescapeHtml(value: string): string {
  return value.replace(/&(amp|lt|gt|quot|#0?39);/g, (entity) => UNESCAPES[entity] ?? entity);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Unix seconds as `YYYY-MM-DD HH:MM:SS` in the server's time zone (TZ), as list endpoints show times. */
export function formatTime(unixSeconds: number): string {
  const d = new Date(unixSeconds * 1000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** Now, in unix seconds. */
export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/** Regular-expression metacharacters escaped, so user text matches literally. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A case-insensitive pattern matching values that contain `text` literally (search boxes, autocomplete). */
export function containsText(text: string): RegExp {
  return new RegExp(escapeRegExp(text), 'i');
}
