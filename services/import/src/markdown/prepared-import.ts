import { randomBytes } from 'node:crypto';
import { AppError, attachmentUrl, CATALOG_TOP_LEVEL, MAX_UPLOAD_BYTES, sniffContentType } from '@quire/proto';
import { type ImportPlan, isMarkdown, type PlanCatalog, parseManifest, planImport, QUIRE_MANIFEST } from './markdown-plan';
import { resolveTarget, rewriteTargets } from './markdown-links';
import { planFromShowdocInfo, SHOWDOC_INFO_FILES } from './showdoc-info';
import type { ZipFile } from '../zip/zip-reader';

/** A catalog to create: `seq` numbers it in this import (1, 2, …), `parent` is its parent's seq (0: top). */
export interface PreparedCatalog {
  seq: number;
  parent: number;
  name: string;
  s_number: number;
  level: number;
}

/** A file of the zip a page links to: it becomes an attachment of the first page that links it. */
export interface PreparedFile {
  path: string;
  sign: string;
  name: string;
  contentType: string;
  data: Uint8Array;
}

export interface PreparedPage {
  seq: number;
  file: string;
  title: string;
  s_number: number;
  /** The seq of its catalog, 0 at the top. */
  catalog: number;
  /** The Markdown with links to the zip's other files pointing at their attachments. */
  content: string;
  /** The files this page is the first to link. */
  files: PreparedFile[];
  /** It links another page of the zip: its content is written again once every page has its id. */
  linksPages: boolean;
}

export interface PreparedImport {
  item_name: string;
  item_description: string;
  catalogs: PreparedCatalog[];
  pages: PreparedPage[];
  ignored: string[];
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
/** The longest page the page service takes from an import (`page.import.pages`). */
export const MAX_PAGE_CHARS = 1_000_000;

/** A `.md` file's text: UTF-8 (a byte-order mark dropped) and at most MAX_PAGE_CHARS long, else refused with its name. */
export function markdownText(file: ZipFile): string {
  let text: string;
  try {
    text = strictUtf8.decode(file.data).replace(/^\uFEFF/, '');
  } catch {
    throw AppError.failed('import_markdown_encoding', { name: file.path });
  }
  return withinPageLimit(file.path, text);
}

function withinPageLimit(name: string, text: string): string {
  if (text.length > MAX_PAGE_CHARS) throw AppError.failed('import_page_too_long', { name, max: MAX_PAGE_CHARS });
  return text;
}

/**
 * Everything an import writes, worked out before anything is written: the plan's catalogs in
 * parent-first order, its pages in menu order with their text, and the files they link (each
 * with a fresh sign, so the links can be written before the files are). The item is named by
 * Quire's manifest, else after the zip (`docs.zip` → `docs`, as ShowDoc names it). A ShowDoc
 * Markdown export without Quire's manifest is read from its `info.json` as ShowDoc reads it.
 */
export function prepareImport(files: readonly ZipFile[], folders: readonly string[], zipName: string, newSign: () => string = () => randomBytes(16).toString('hex')): PreparedImport {
  const byPath = new Map(files.map((file) => [file.path, file]));
  const manifestFile = byPath.get(QUIRE_MANIFEST);
  const infoFile = SHOWDOC_INFO_FILES.map((name) => byPath.get(name)).find((file) => file !== undefined);
  const showdoc = !manifestFile && infoFile ? planFromShowdocInfo(infoFile.path, Buffer.from(infoFile.data).toString('utf8')) : null;
  const plan: ImportPlan =
    showdoc?.plan ??
    planImport(
      files.map((file) => file.path),
      folders,
      parseManifest(manifestFile ? Buffer.from(manifestFile.data).toString('utf8') : undefined),
    );
  const textOf = (file: string): string => {
    const text = showdoc?.texts.get(file);
    return text === undefined ? markdownText(byPath.get(file) as ZipFile) : withinPageLimit(file, text);
  };
  const catalogs: PreparedCatalog[] = [];
  const placed: { catalog: number; page: ImportPlan['pages'][number] }[] = [];
  const walk = (pages: ImportPlan['pages'], children: PlanCatalog[], parent: number, level: number) => {
    for (const page of pages) placed.push({ catalog: parent, page });
    for (const child of children) {
      const seq = catalogs.length + 1;
      catalogs.push({ seq, parent, name: child.name, s_number: child.s_number, level });
      walk(child.pages, child.catalogs, seq, level + 1);
    }
  };
  walk(plan.pages, plan.catalogs, 0, CATALOG_TOP_LEVEL);

  const pagesByPath = new Set(placed.map(({ page }) => page.file));
  const signs = new Map<string, string>();
  const linked = new Set<string>();
  const pages = placed.map(({ catalog, page }, index): PreparedPage => {
    const own: PreparedFile[] = [];
    let linksPages = false;
    const content = rewriteTargets(textOf(page.file), (target) => {
      const resolved = resolveTarget(page.file, target);
      if (!resolved) return undefined;
      if (pagesByPath.has(resolved.path)) {
        linksPages = true;
        return undefined;
      }
      const file = byPath.get(resolved.path);
      if (!file || isMarkdown(file.path) || file.path === QUIRE_MANIFEST || file.data.length > MAX_UPLOAD_BYTES) return undefined;
      let sign = signs.get(file.path);
      if (!sign) {
        sign = newSign();
        signs.set(file.path, sign);
        own.push({ path: file.path, sign, name: file.path.slice(file.path.lastIndexOf('/') + 1), contentType: sniffContentType(Buffer.from(file.data.subarray(0, 512))), data: file.data });
      }
      linked.add(file.path);
      return attachmentUrl(sign);
    });
    return { seq: index + 1, file: page.file, title: page.title, s_number: page.s_number, catalog, content, files: own, linksPages };
  });

  const baseName = zipName
    .replace(/^.*[\\/]/, '')
    .replace(/\.zip$/i, '')
    .trim();
  return {
    item_name: plan.item_name?.trim() || baseName || 'Markdown',
    item_description: plan.item_description ?? '',
    catalogs,
    pages,
    ignored: plan.ignored.filter((path) => !linked.has(path)),
  };
}

/**
 * The content with its links to the zip's other pages pointing at them (`/{item_id}?page_id={id}`,
 * the reader's address, fragment kept) once they have ids.
 */
export function linkPages(page: Pick<PreparedPage, 'file' | 'content'>, itemId: number, pageIds: ReadonlyMap<string, number>): string {
  return rewriteTargets(page.content, (target) => {
    const resolved = resolveTarget(page.file, target);
    const pageId = resolved ? pageIds.get(resolved.path) : undefined;
    return pageId === undefined || !resolved ? undefined : `/${itemId}?page_id=${pageId}${resolved.fragment}`;
  });
}
