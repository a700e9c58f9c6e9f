/** Lone surrogates cannot be percent-encoded as UTF-8: they become U+FFFD. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** RFC 5987 `value-chars`: percent-encoded UTF-8, with the characters encodeURIComponent leaves but the RFC does not. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value.replace(LONE_SURROGATE, '\uFFFD')).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** A quoted-string fallback for old clients: printable ASCII only, no quote or backslash. */
function asciiFallback(value: string): string {
  return value.replace(/[^\x20-\x7e]|["\\]/g, '_');
}

/**
 * `Content-Disposition` for a stored file (RFC 6266): the name travels percent-encoded in
 * `filename*`, so no byte of it can end the header or add another.
 */
export function contentDisposition(type: 'inline' | 'attachment', filename: string): string {
  const name = filename.replace(/[\u0000-\u001f\u007f]/g, '').trim() || 'file';
  return `${type}; filename="${asciiFallback(name)}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}
