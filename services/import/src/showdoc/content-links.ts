import { attachmentUrl } from '@quire/proto';
import { uploadsPath } from './uploads-source';

/**
 * Links in page text to the old site's files, rewritten to the imported files:
 * - `…/server/index.php?s=/api/attachment/visitFile&sign=<sign>` (also `/home/…` and ShowDoc's path form
 *   `visitFile/sign/<sign>`), absolute or relative: the sign the file has in Quire;
 * - `…/Public/Uploads/<path>`: the file imported from that path (a file row's `real_url`, or bytes found in the
 *   uploads and attached to the page that links them).
 * Quire serves files at the same relative path (`attachmentUrl`), so a link to a file never imported keeps its
 * sign and stays relative: it works once that file's item is imported too.
 */
const VISIT_FILE = /(?:https?:\/\/[^\s"'<>()/]+)?(?:\/[^\s"'<>()?]*?)?\/server\/index\.php\?s=\/?(?:api|home)\/attachment\/visitFile(?:&(?:amp;)?|\/)sign(?:=|\/)([a-f0-9]{32})/gi;
const PUBLIC_UPLOADS = /(?:https?:\/\/[^\s"'<>()/]+|\.{1,2})?(?:\/[^\s"'<>()?]*?)?\/Public\/Uploads\/([^\s"'<>()?#]+)/g;

export interface LinkTargets {
  /** The sign a ShowDoc sign has in Quire (a sign taken in Quire gets a new one). */
  signOf(showdocSign: string): string;
  /** The Quire sign of the file at this path under Uploads/ (null: no such file). */
  signOfUpload(relative: string): string | null;
}

export function rewriteFileLinks(content: string, targets: LinkTargets): { content: string; unresolved: string[] } {
  const unresolved: string[] = [];
  let rewritten = content.replace(VISIT_FILE, (_link, sign: string) => attachmentUrl(targets.signOf(sign.toLowerCase())));
  rewritten = rewritten.replace(PUBLIC_UPLOADS, (link: string) => {
    const relative = uploadsPath(link);
    const sign = relative ? targets.signOfUpload(relative) : null;
    if (sign) return attachmentUrl(sign);
    unresolved.push(link);
    return link;
  });
  return { content: rewritten, unresolved };
}

/** Paths under Uploads/ that the text links (to import files that no file row names). */
export function linkedUploads(content: string): string[] {
  const found: string[] = [];
  for (const match of content.matchAll(PUBLIC_UPLOADS)) {
    const relative = uploadsPath(match[0]);
    if (relative) found.push(relative);
  }
  return found;
}
