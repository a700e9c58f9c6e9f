import sanitizeHtml from 'sanitize-html';

/**
 * The markup a notice may carry. Titles and contents are rendered as HTML by the client
 * (SPEC: "title rendered as HTML", "content in an HTML alert"), so the server keeps only a small
 * whitelist: text formatting, lists, quotes, code and links. Scripts, styles, frames, forms,
 * images, event handlers and `style` attributes go; links keep http(s) and mailto URLs or
 * relative paths (no `javascript:`, `data:` or `vbscript:`), open in a new tab without an opener.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['a', 'b', 'strong', 'i', 'em', 'u', 's', 'del', 'p', 'br', 'ul', 'ol', 'li', 'blockquote', 'code', 'pre', 'span', 'div', 'h3', 'h4', 'hr'],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // The text inside these is dropped with the tag, not shown as text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template', 'title', 'xmp', 'noembed', 'noframes'],
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, ...(attribs.target ? { target: '_blank', rel: 'noopener noreferrer' } : {}) },
    }),
  },
};

/** Notice HTML reduced to the whitelist; plain text comes back with `<`, `>` and `&` escaped. */
export function sanitizeNoticeHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
