import { setImmediate as nextTurn } from 'node:timers/promises';
import { Injectable } from '@nestjs/common';
import { attachmentSignOf, type Caller, nowSeconds } from '@quire/proto';
import { ExportSource, flattenOutline } from '../content/export-source';
import type { LoadedItem } from '../content/loaded-item';
import { ZipWriter } from './zip-writer';

/** The manifest at the zip's root, for an import to read the item back. */
export const MANIFEST_NAME = 'quire-export.json';
export const ASSETS_FOLDER = 'assets';

export interface MarkdownManifest {
  format: 'quire-markdown';
  version: 1;
  item_name: string;
  item_description: string;
  /** The exported catalog's name, '' for a whole item. */
  cat_name: string;
  exported_at: number;
  /** Every page in reading order: its title, its catalog path (names) and its file in the zip. */
  pages: { title: string; catalogs: string[]; file: string }[];
  /** Every catalog in reading order, with its folder. */
  catalogs: { name: string; catalogs: string[]; folder: string }[];
}

/** What ends a link written in Markdown: white space, a parenthesis, an angle bracket, a quote. */
const LINK_END = /[\s()<>"']/;
const VISIT_FILE = /visitfile/gi;
const SCHEME = /https?:\/\//i;

/**
 * Links to Quire/ShowDoc attachments inside Markdown (`…visitFile…sign=<32 hex>…`): from each
 * `visitFile` outwards to a space, parenthesis, angle bracket or quote, and backwards not past a
 * square bracket either, unless an `http(s)://` before it opens the link (`http://[::1]/…`).
 * One pass: the regular expression this replaces backtracked over every run of other characters,
 * and 1 MB of text without a link held the export for minutes.
 */
export function attachmentLinks(markdown: string): string[] {
  const links: string[] = [];
  let previousEnd = 0;
  for (const match of markdown.matchAll(VISIT_FILE)) {
    const at = match.index;
    if (at < previousEnd) continue;
    let end = at + match[0].length;
    while (end < markdown.length && !LINK_END.test(markdown[end])) end++;
    let start = at;
    while (start > previousEnd && !LINK_END.test(markdown[start - 1]) && markdown[start - 1] !== '[' && markdown[start - 1] !== ']') start--;
    let runStart = start;
    while (runStart > previousEnd && !LINK_END.test(markdown[runStart - 1])) runStart--;
    const scheme = SCHEME.exec(markdown.slice(runStart, start));
    if (scheme) start = runStart + scheme.index;
    links.push(markdown.slice(start, end));
    previousEnd = end;
  }
  return links;
}

const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/bmp': 'bmp', 'image/webp': 'webp' };

/**
 * The item as a zip: one `.md` file per page in folders named after its catalogs (numbered in
 * menu order so the order survives), its images under `assets/` with the links rewritten to them,
 * and `quire-export.json` naming every page's title and catalog path for an import.
 */
@Injectable()
export class MarkdownExporter {
  constructor(private readonly source: ExportSource) {}

  async render(caller: Caller, item: LoadedItem, progress: (done: number, total: number) => Promise<void>): Promise<Buffer> {
    const zip = new ZipWriter();
    const entries = flattenOutline(item.outline);
    const pageIds = entries.flatMap((entry) => (entry.kind === 'page' ? [entry.page_id] : []));
    const manifest: MarkdownManifest = {
      format: 'quire-markdown',
      version: 1,
      item_name: item.name,
      item_description: item.description,
      cat_name: item.outline.cat_name,
      exported_at: nowSeconds(),
      pages: [],
      catalogs: [],
    };
    const names = new UniqueNames();
    const folders = new Map<string, string>();
    const folderOf = (path: string[]): string => folders.get(JSON.stringify(path)) ?? '';
    const assets = new Map<string, string | null>();
    const contents = this.source.contents(caller, item.outline.item_id, pageIds);
    let done = 0;
    for (const entry of entries) {
      const parent = folderOf(entry.folders);
      if (entry.kind === 'catalog') {
        const folder = names.take(parent, `${entry.number} ${safeName(entry.name)}`, '');
        folders.set(JSON.stringify([...entry.folders, entry.name]), folder);
        zip.folder(folder);
        manifest.catalogs.push({ name: entry.name, catalogs: entry.folders, folder });
        continue;
      }
      const next = await contents.next();
      if (next.done) throw new Error('The page service sent fewer pages than the outline lists');
      const file = names.take(parent, `${entry.number} ${safeName(entry.title)}`, '.md');
      const depth = file.split('/').length - 1;
      const markdown = await this.withLocalImages(caller, zip, next.value.content, assets, '../'.repeat(depth));
      zip.file(file, markdown);
      manifest.pages.push({ title: entry.title, catalogs: entry.folders, file });
      done += 1;
      await progress(done, pageIds.length);
      await nextTurn();
    }
    zip.file(MANIFEST_NAME, JSON.stringify(manifest, null, 2));
    return zip.finish();
  }

  /** The Markdown with links to readable attachment images pointing at their copies under `assets/`. */
  private async withLocalImages(caller: Caller, zip: ZipWriter, markdown: string, assets: Map<string, string | null>, up: string): Promise<string> {
    const links = [...new Set(attachmentLinks(markdown))].filter((url) => attachmentSignOf(url) !== '');
    const unknown = links.filter((url) => !assets.has(attachmentSignOf(url)));
    if (unknown.length > 0) {
      const files = await this.source.images(caller, unknown);
      for (const [url, file] of files) {
        const sign = attachmentSignOf(url);
        if (assets.has(sign)) continue;
        if (!file) {
          assets.set(sign, null);
          continue;
        }
        const name = `${ASSETS_FOLDER}/${sign}.${EXTENSIONS[file.contentType] ?? 'bin'}`;
        zip.file(name, file.data);
        assets.set(sign, name);
      }
    }
    let result = markdown;
    for (const url of links.sort((a, b) => b.length - a.length)) {
      const local = assets.get(attachmentSignOf(url));
      if (local) result = result.split(url).join(up + local);
    }
    return result;
  }
}

/** A file or folder name from a title: no path separators, control or reserved characters, at most 80 characters. */
export function safeName(title: string): string {
  const name = title
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '_')
    .slice(0, 80)
    .trim();
  return name || '_';
}

/** Names that never collide inside one folder ("a.md", "a (2).md"), compared case-insensitively. */
class UniqueNames {
  private readonly taken = new Set<string>();

  take(folder: string, base: string, extension: string): string {
    for (let n = 1; ; n++) {
      const name = `${folder ? `${folder}/` : ''}${n === 1 ? base : `${base} (${n})`}${extension}`;
      if (!this.taken.has(name.toLowerCase())) {
        this.taken.add(name.toLowerCase());
        return name;
      }
    }
  }
}
