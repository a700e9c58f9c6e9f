import { AppError, CATALOG_MAX_LEVEL, CATALOG_TOP_LEVEL, TITLE_MAX_LENGTH } from '@quire/proto';

/** How many folder levels become catalogs (Quire's catalogs nest 3 deep: levels 2, 3, 4). */
export const MAX_FOLDER_DEPTH = CATALOG_MAX_LEVEL - CATALOG_TOP_LEVEL + 1;
/** Quire's Markdown export writes this at the zip's root (services/export: `quire-export.json`). */
export const QUIRE_MANIFEST = 'quire-export.json';

/** The parts of Quire's export manifest an import reads (services/export's MarkdownManifest). */
export interface QuireManifest {
  item_name: string;
  item_description: string;
  pages: { title: string; file: string }[];
  catalogs: { name: string; folder: string }[];
}

export interface PlanPage {
  /** The `.md` file's path in the zip. */
  file: string;
  title: string;
  s_number: number;
}

export interface PlanCatalog {
  name: string;
  /** The folder's path in the zip (the deepest allowed folder for a flattened branch). */
  folder: string;
  s_number: number;
  pages: PlanPage[];
  catalogs: PlanCatalog[];
}

/** The item a zip becomes: its root pages and catalogs in menu order, numbered 1, 2, … per list. */
export interface ImportPlan {
  pages: PlanPage[];
  catalogs: PlanCatalog[];
  /** From Quire's manifest; otherwise the caller names the item (after the zip). */
  item_name?: string;
  item_description?: string;
  /** Files skipped (not Markdown, not referenced by the plan): linked from pages they may still become attachments. */
  ignored: string[];
}

const MARKDOWN = /\.(md|markdown)$/i;
const NATURAL = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** A path the import never reads: macOS resource forks, Finder and Explorer droppings, hidden files. */
export function isJunk(path: string): boolean {
  return path.split('/').some((part) => part === '__MACOSX' || part.startsWith('.') || part === 'Thumbs.db' || part === 'desktop.ini');
}

export function isMarkdown(path: string): boolean {
  return MARKDOWN.test(path);
}

/**
 * Quire's manifest from the zip's `quire-export.json`, or null when it is absent or not one
 * (a hand-edited or foreign file is ignored rather than refused: the folders still tell the tree).
 */
export function parseManifest(text: string | undefined): QuireManifest | null {
  if (text === undefined) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const manifest = value as Record<string, unknown>;
  if (manifest.format !== 'quire-markdown' || !Array.isArray(manifest.pages) || !Array.isArray(manifest.catalogs)) return null;
  const strings = <K extends string>(entries: unknown[], keys: readonly K[]): Record<K, string>[] =>
    entries.flatMap((entry) => {
      if (typeof entry !== 'object' || entry === null) return [];
      const record = entry as Record<string, unknown>;
      return keys.every((key) => typeof record[key] === 'string') ? [Object.fromEntries(keys.map((key) => [key, record[key] as string])) as Record<K, string>] : [];
    });
  const pages = strings(manifest.pages as unknown[], ['title', 'file'] as const);
  const catalogs = strings(manifest.catalogs as unknown[], ['name', 'folder'] as const);
  return {
    item_name: typeof manifest.item_name === 'string' ? manifest.item_name : '',
    item_description: typeof manifest.item_description === 'string' ? manifest.item_description : '',
    pages: pages.map((page) => ({ title: page.title, file: page.file })),
    catalogs: catalogs.map((catalog) => ({ name: catalog.name, folder: catalog.folder })),
  };
}

interface FolderNode {
  path: string;
  segment: string;
  folders: Map<string, FolderNode>;
  files: string[];
  /** A folder entry of its own (an empty catalog of an export), or named by the manifest. */
  declared: boolean;
}

/**
 * The catalogs and pages a zip's paths become. Folders are catalogs down to MAX_FOLDER_DEPTH;
 * a deeper folder's pages go to their deepest allowed ancestor with the rest of the path in the
 * title (`d/e/Title`). A page's title is its file name without `.md`; a folder's name is its
 * name. With Quire's manifest, its titles, catalog names and order win (an export gives back
 * the item it came from); otherwise, and for files the manifest does not list, names sort
 * naturally ("2 …" before "10 …"). A zip whose every file sits in one top folder (a zipped docs
 * folder) is read from inside it. Folders without a Markdown file anywhere below (`images/`) are
 * no catalogs, unless they are empty folders of their own or the manifest names them.
 */
export function planImport(paths: readonly string[], folderEntries: readonly string[], manifest: QuireManifest | null, maxDepth = MAX_FOLDER_DEPTH): ImportPlan {
  const usable = paths.filter((path) => !isJunk(path) && path !== QUIRE_MANIFEST);
  const markdown = usable.filter(isMarkdown);
  if (markdown.length === 0) throw AppError.failed('import_zip_no_markdown');
  const root = manifest
    ? ''
    : commonRoot(
        usable,
        folderEntries.filter((folder) => !isJunk(folder)),
      );
  const inside = (path: string) => (root ? path.slice(root.length + 1) : path);

  const tree: FolderNode = { path: '', segment: '', folders: new Map(), files: [], declared: true };
  const nodeAt = (segments: string[]): FolderNode => {
    let node = tree;
    for (const segment of segments) {
      let child = node.folders.get(segment);
      if (!child) {
        child = { path: node.path ? `${node.path}/${segment}` : segment, segment, folders: new Map(), files: [], declared: false };
        node.folders.set(segment, child);
      }
      node = child;
    }
    return node;
  };
  for (const file of markdown) {
    const segments = inside(file).split('/');
    segments.pop();
    nodeAt(segments).files.push(file);
  }
  const withFiles = new Set(usable.map((path) => inside(path).split('/').slice(0, -1).join('/')));
  for (const folder of folderEntries) {
    if (isJunk(folder) || (root && !folder.startsWith(`${root}/`))) continue;
    const path = inside(folder);
    const hasFiles = [...withFiles].some((parent) => parent === path || parent.startsWith(`${path}/`));
    if (!hasFiles) nodeAt(path.split('/')).declared = true;
  }

  const catalogNames = new Map<string, string>();
  const catalogOrder = new Map<string, number>();
  const pageTitles = new Map<string, string>();
  const pageOrder = new Map<string, number>();
  if (manifest) {
    manifest.catalogs.forEach((catalog, index) => {
      catalogNames.set(catalog.folder, catalog.name);
      catalogOrder.set(catalog.folder, index);
      if (catalog.folder.split('/').length <= maxDepth) nodeAt(catalog.folder.split('/')).declared = true;
    });
    manifest.pages.forEach((page, index) => {
      pageTitles.set(page.file, page.title);
      pageOrder.set(page.file, index);
    });
  }

  const byOrder =
    <T>(order: Map<string, number>, key: (value: T) => string, name: (value: T) => string) =>
    (a: T, b: T) =>
      (order.get(key(a)) ?? Infinity) - (order.get(key(b)) ?? Infinity) || NATURAL.compare(name(a), name(b));
  const fileName = (file: string) => file.slice(file.lastIndexOf('/') + 1);
  const titleOf = (file: string) => pageTitles.get(file) ?? fileName(file).replace(MARKDOWN, '');

  /** The pages of a folder and, flattened, of every folder below it, with their path prefixes. */
  const flattened = (node: FolderNode, prefix: string): { file: string; title: string }[] => {
    const own = [...node.files].sort(byOrder(pageOrder, (file) => file, fileName)).map((file) => ({ file, title: `${prefix}${titleOf(file)}` }));
    const below = [...node.folders.values()]
      .sort(
        byOrder(
          catalogOrder,
          (child) => child.path,
          (child) => child.segment,
        ),
      )
      .flatMap((child) => flattened(child, `${prefix}${catalogNames.get(child.path) ?? child.segment}/`));
    return [...own, ...below];
  };
  const hasContent = (node: FolderNode): boolean => node.declared || node.files.length > 0 || [...node.folders.values()].some(hasContent);

  const build = (node: FolderNode, depth: number): { pages: PlanPage[]; catalogs: PlanCatalog[] } => {
    const atLimit = depth === maxDepth;
    const pages = (atLimit ? flattened(node, '') : flattened({ ...node, folders: new Map() }, '')).map((page, index) => ({
      file: page.file,
      title: page.title.slice(0, TITLE_MAX_LENGTH),
      s_number: index + 1,
    }));
    const catalogs = atLimit
      ? []
      : [...node.folders.values()]
          .filter(hasContent)
          .sort(
            byOrder(
              catalogOrder,
              (child) => child.path,
              (child) => child.segment,
            ),
          )
          .map((child, index) => ({
            name: (catalogNames.get(child.path) ?? child.segment).slice(0, TITLE_MAX_LENGTH),
            folder: root ? `${root}/${child.path}` : child.path,
            s_number: index + 1,
            ...build(child, depth + 1),
          }));
    return { pages, catalogs };
  };

  const planned = build(tree, 0);
  const used = new Set<string>();
  const collect = (pages: PlanPage[], catalogs: PlanCatalog[]) => {
    for (const page of pages) used.add(page.file);
    for (const catalog of catalogs) collect(catalog.pages, catalog.catalogs);
  };
  collect(planned.pages, planned.catalogs);
  return {
    ...planned,
    ...(manifest ? { item_name: manifest.item_name, item_description: manifest.item_description } : {}),
    ignored: usable.filter((path) => !used.has(path)),
  };
}

/** The one top folder every file sits in (a zipped docs folder), or ''. */
function commonRoot(paths: readonly string[], folders: readonly string[]): string {
  if (paths.some((path) => !path.includes('/'))) return '';
  const tops = new Set([...paths, ...folders].map((path) => path.split('/')[0]));
  return tops.size === 1 ? [...tops][0] : '';
}

/** Every page of a plan with its catalog path (names), in menu order. */
export function planPages(plan: Pick<ImportPlan, 'pages' | 'catalogs'>): PlanPage[] {
  const all: PlanPage[] = [...plan.pages];
  for (const catalog of plan.catalogs) all.push(...planPages(catalog));
  return all;
}
