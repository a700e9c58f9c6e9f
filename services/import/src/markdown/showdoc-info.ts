import { inflateSync } from 'node:zlib';
import { TITLE_MAX_LENGTH } from '@quire/proto';
import { type ImportPlan, MAX_FOLDER_DEPTH, type PlanCatalog, type PlanPage } from './markdown-plan';

/** ShowDoc's Markdown export names its item file `info.json` (3.x), older versions `prefix_info.json`; ShowDoc's import reads either. */
export const SHOWDOC_INFO_FILES = ['info.json', 'prefix_info.json'];

/** A ShowDoc export read as a plan: its pages name virtual files (`info.json#1`, …) whose text is in `texts`. */
export interface ShowdocPlan {
  plan: ImportPlan;
  texts: Map<string, string>;
}

interface InfoPage {
  page_title?: unknown;
  page_content?: unknown;
  s_number?: unknown;
}
interface InfoCatalog {
  cat_name?: unknown;
  s_number?: unknown;
  pages?: unknown;
  catalogs?: unknown;
}

/**
 * The item of ShowDoc's export file (`Item::export`: `{item_name, item_description, pages: {pages, catalogs}}`,
 * catalogs nesting `pages` and `catalogs`), as ShowDoc's own import reads it instead of the `.md` files:
 * titles, catalog names and contents as ShowDoc stored them, HTML-escaped (decoded here: Quire keeps
 * Markdown as written) and, from older versions, compressed (`base64(gzcompress)`, inflated here).
 * Order is ShowDoc's: `s_number`, then as listed. Deeper than Quire's levels, catalogs are flattened as
 * folders are. Null when the text is no such export.
 */
export function planFromShowdocInfo(name: string, text: string): ShowdocPlan | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const info = value as { item_name?: unknown; item_description?: unknown; pages?: unknown };
  if (typeof info.pages !== 'object' || info.pages === null) return null;
  const root = info.pages as InfoCatalog;
  const texts = new Map<string, string>();

  const pagesOf = (list: unknown, prefix: string): { title: string; file: string; order: number }[] =>
    (Array.isArray(list) ? (list as InfoPage[]) : [])
      .filter((page) => typeof page === 'object' && page !== null)
      .map((page, index) => {
        const file = `${name}#${texts.size + 1}`;
        texts.set(file, decodeEntities(inflated(typeof page.page_content === 'string' ? page.page_content : '')));
        return { title: `${prefix}${decodeEntities(textOf(page.page_title))}`, file, order: orderOf(page.s_number, index) };
      });
  const sorted = <T extends { order: number }>(list: T[]): T[] =>
    list
      .map((entry, index) => ({ entry, index }))
      .sort((a, b) => a.entry.order - b.entry.order || a.index - b.index)
      .map(({ entry }) => entry);
  const numbered = (pages: { title: string; file: string }[]): PlanPage[] =>
    pages.map((page, index) => ({ file: page.file, title: page.title.slice(0, TITLE_MAX_LENGTH), s_number: index + 1 }));
  const catalogsOf = (list: unknown): (InfoCatalog & { order: number })[] =>
    sorted((Array.isArray(list) ? (list as InfoCatalog[]) : []).filter((c) => typeof c === 'object' && c !== null).map((c, index) => ({ ...c, order: orderOf(c.s_number, index) })));
  /** A catalog's pages and, below the deepest level, its sub-catalogs' pages with their path in the title. */
  const flattened = (catalog: InfoCatalog, prefix: string): { title: string; file: string }[] => [
    ...sorted(pagesOf(catalog.pages, prefix)),
    ...catalogsOf(catalog.catalogs).flatMap((child) => flattened(child, `${prefix}${decodeEntities(textOf(child.cat_name))}/`)),
  ];
  const build = (catalog: InfoCatalog, depth: number): { pages: PlanPage[]; catalogs: PlanCatalog[] } => {
    if (depth === MAX_FOLDER_DEPTH) return { pages: numbered(flattened(catalog, '')), catalogs: [] };
    return {
      pages: numbered(sorted(pagesOf(catalog.pages, ''))),
      catalogs: catalogsOf(catalog.catalogs).map((child, index) => ({
        name: decodeEntities(textOf(child.cat_name)).slice(0, TITLE_MAX_LENGTH),
        folder: '',
        s_number: index + 1,
        ...build(child, depth + 1),
      })),
    };
  };
  const tree = build(root, 0);
  return {
    plan: {
      ...tree,
      item_name: typeof info.item_name === 'string' ? decodeEntities(info.item_name) : '',
      item_description: typeof info.item_description === 'string' ? decodeEntities(info.item_description) : '',
      ignored: [],
    },
    texts,
  };
}

/** A title or name as ShowDoc's JSON holds it (a number when the title was digits). */
function textOf(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

function orderOf(value: unknown, index: number): number {
  const number = Number(value);
  return Number.isFinite(number) ? number : 99 + index / 1e6;
}

/** ShowDoc's compressed content (`base64(gzcompress(text, 9))`), inflated; anything else as it is (its own decompress does the same). */
function inflated(content: string): string {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(content) || content.length % 4 !== 0) return content;
  const bytes = Buffer.from(content, 'base64');
  if (bytes.length < 2 || bytes[0] !== 0x78) return content;
  try {
    return inflateSync(bytes).toString('utf8');
  } catch {
    return content;
  }
}

/** PHP's htmlspecialchars_decode (ENT_QUOTES): what ShowDoc's input filter escaped. */
export function decodeEntities(text: string): string {
  return text.replace(/&(?:amp|lt|gt|quot|#0?39|apos);/g, (entity) => ENTITIES[entity] ?? entity);
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#039;': "'", '&#39;': "'", '&apos;': "'" };
