const ATTACHMENT_LINK = /(attachment\/visitFile(&amp;|&)sign=[a-f0-9]{32})/g;

/**
 * The attachment links of a page read through its share link carry the key, so that a reader
 * without the visit right of a private item still sees the page's own images and files (the
 * server lets a key open only the files its page links). Works on escaped or raw Markdown.
 */
export function withShareKey(content: string, uniqueKey: string): string {
  return content.replace(ATTACHMENT_LINK, (_, link: string, amp: string) => `${link}${amp}unique_key=${encodeURIComponent(uniqueKey)}`);
}
