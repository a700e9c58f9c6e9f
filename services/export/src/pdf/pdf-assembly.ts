import type { ExportRenderBookmark } from '@quire/proto';
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFNumber, type PDFObject, type PDFPage, PDFRef } from 'pdf-lib';

/** Where a named destination points: a page of the assembled document and the spot on it. */
interface Destination {
  page: PDFRef;
  /** The rest of Chromium's `[page /XYZ left top zoom]`. */
  view: PDFObject[];
}

/**
 * Objects pdf-lib reads or writes between two yields to the event loop: its default (50, 100) waits a timer tick
 * (a millisecond or more) that often, seconds over a thousand-page document; this many take a few milliseconds.
 */
const OBJECTS_PER_TICK = 2000;
const LOAD = { updateMetadata: false, objectsPerTick: OBJECTS_PER_TICK };

interface OutlineNode {
  mark: ExportRenderBookmark;
  children: OutlineNode[];
}

/**
 * One PDF assembled from the parts Chromium printed one after the other (pdf-lib): the pages in order,
 * the named destinations of what each part drew (so the contents' links and the links between pages
 * reach their page in another part), the bookmarks, and the header and footer laid over every page.
 */
export class PdfAssembly {
  private readonly destinations = new Map<string, Destination>();
  private parts = 0;

  private constructor(
    private readonly document: PDFDocument,
    /** Every entry's anchor: in a part that does not draw it, Chromium's destination is a stand-in. */
    private readonly anchors: ReadonlySet<string>,
  ) {}

  static async create(anchors: ReadonlySet<string>): Promise<PdfAssembly> {
    return new PdfAssembly(await PDFDocument.create({ updateMetadata: false }), anchors);
  }

  get pageCount(): number {
    return this.document.getPageCount();
  }

  /** The page count of a printed part, before it is appended. */
  static async pagesOf(part: Buffer): Promise<number> {
    return (await PDFDocument.load(part, LOAD)).getPageCount();
  }

  /**
   * Appends a printed part. Its named destinations for `drawn` anchors become the document's; the stand-ins
   * Chromium wrote for anchors drawn elsewhere are dropped; any other destination of the part (a footnote) is
   * renamed for the part, with its links, so equal names in two parts do not meet.
   */
  async append(bytes: Buffer, drawn: Iterable<string>): Promise<void> {
    const part = await PDFDocument.load(bytes, LOAD);
    const suffix = `~${++this.parts}`;
    const owned = new Set(drawn);
    const local = (name: string): boolean => !this.anchors.has(name) && !owned.has(name);
    const copied = await this.document.copyPages(part, part.getPageIndices());
    const pageOf = new Map(part.getPages().map((page, index) => [page.ref.toString(), copied[index]]));
    for (const page of copied) {
      this.document.addPage(page);
      renameLocalLinks(page, local, suffix);
    }
    const dests = part.catalog.lookupMaybe(PDFName.of('Dests'), PDFDict);
    for (const [key, value] of dests?.entries() ?? []) {
      const name = key.decodeText();
      if (this.anchors.has(name) && !owned.has(name)) continue;
      const target = part.context.lookupMaybe(value, PDFArray);
      const pageRef = target?.get(0);
      const page = pageRef instanceof PDFRef ? pageOf.get(pageRef.toString()) : undefined;
      if (!target || !page) continue;
      this.destinations.set(local(name) ? `${name}${suffix}` : name, { page: page.ref, view: target.asArray().slice(1) });
    }
  }

  /** The page (1-based) each of `anchors` is on once `front` pages come before the parts, as the contents show it. */
  pageNumbers(anchors: Iterable<string>, front: number): Record<string, number> {
    const numbers = new Map(this.document.getPages().map((page, index) => [page.ref.toString(), front + index + 1]));
    const result: Record<string, number> = {};
    for (const anchor of anchors) {
      const page = this.destinations.get(anchor)?.page;
      const number = page ? numbers.get(page.toString()) : undefined;
      if (number !== undefined) result[anchor] = number;
    }
    return result;
  }

  /** Puts the pages of `bytes` (the cover and the contents, printed last with their page numbers) first. */
  async prepend(bytes: Buffer): Promise<void> {
    const part = await PDFDocument.load(bytes, LOAD);
    const copied = await this.document.copyPages(part, part.getPageIndices());
    copied.forEach((page, index) => this.document.insertPage(index, page));
  }

  /** Lays page `i` of `stamps` (the header and footer, printed alone) over page `i`. */
  async stamp(stamps: Buffer): Promise<void> {
    const source = await PDFDocument.load(stamps, LOAD);
    const pages = this.document.getPages();
    const embedded = await this.document.embedPages(source.getPages().slice(0, pages.length));
    embedded.forEach((stamp, index) => pages[index].drawPage(stamp, { x: 0, y: 0 }));
  }

  /** The bookmarks, nested by level: a bookmark goes under the closest one before it of a lower level. */
  outline(marks: readonly ExportRenderBookmark[]): void {
    const root: OutlineNode = { mark: { anchor: '', title: '', level: 0 }, children: [] };
    const open: OutlineNode[] = [root];
    for (const mark of marks) {
      if (!this.destinations.has(mark.anchor)) continue;
      while (open.length > 1 && open[open.length - 1].mark.level >= mark.level) open.pop();
      const node = { mark, children: [] };
      open[open.length - 1].children.push(node);
      open.push(node);
    }
    if (root.children.length === 0) return;
    const context = this.document.context;
    const outlines = context.nextRef();
    const count = this.writeItems(root.children, outlines);
    context.assign(outlines, context.obj({ Type: 'Outlines', First: count.first, Last: count.last, Count: count.total }));
    this.document.catalog.set(PDFName.of('Outlines'), outlines);
    this.document.catalog.set(PDFName.of('PageMode'), PDFName.of('UseOutlines'));
  }

  async save(title: string): Promise<Buffer> {
    const context = this.document.context;
    const dests = context.obj({});
    for (const [name, { page, view }] of this.destinations) dests.set(PDFName.of(name), context.obj([page, ...view]));
    this.document.catalog.set(PDFName.of('Dests'), context.register(dests));
    this.document.setTitle(title);
    this.document.setCreator('Quire');
    this.document.setProducer('Quire (Chromium, pdf-lib)');
    return Buffer.from(await this.document.save({ useObjectStreams: false, objectsPerTick: OBJECTS_PER_TICK }));
  }

  /** Writes sibling items under `parent`; returns the first, the last and how many items (all open) they hold. */
  private writeItems(nodes: OutlineNode[], parent: PDFRef): { first: PDFRef; last: PDFRef; total: number } {
    const context = this.document.context;
    const refs = nodes.map(() => context.nextRef());
    let total = nodes.length;
    nodes.forEach((node, index) => {
      const destination = this.destinations.get(node.mark.anchor) as Destination;
      const item = context.obj({});
      item.set(PDFName.of('Title'), PDFHexString.fromText(node.mark.title));
      item.set(PDFName.of('Parent'), parent);
      item.set(PDFName.of('Dest'), context.obj([destination.page, ...destination.view]));
      if (index > 0) item.set(PDFName.of('Prev'), refs[index - 1]);
      if (index < nodes.length - 1) item.set(PDFName.of('Next'), refs[index + 1]);
      if (node.children.length > 0) {
        const children = this.writeItems(node.children, refs[index]);
        item.set(PDFName.of('First'), children.first);
        item.set(PDFName.of('Last'), children.last);
        item.set(PDFName.of('Count'), PDFNumber.of(children.total));
        total += children.total;
      }
      context.assign(refs[index], item);
    });
    return { first: refs[0], last: refs[refs.length - 1], total };
  }
}

/** The page's links to a destination of its own part (`/Dest /name`) renamed `name~part`. */
function renameLocalLinks(page: PDFPage, local: (name: string) => boolean, suffix: string): void {
  const annotations = page.node.lookupMaybe(PDFName.of('Annots'), PDFArray);
  for (let index = 0; index < (annotations?.size() ?? 0); index++) {
    const annotation = annotations?.lookupMaybe(index, PDFDict);
    const dest = annotation?.get(PDFName.of('Dest'));
    if (annotation && dest instanceof PDFName && local(dest.decodeText())) annotation.set(PDFName.of('Dest'), PDFName.of(`${dest.decodeText()}${suffix}`));
  }
}
