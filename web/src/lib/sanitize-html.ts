import DOMPurify from 'dompurify';

/** Notice titles and contents are HTML from the server: keep formatting, drop scripts and handlers. */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input'], ADD_ATTR: ['target'] });
}
