import { Injectable } from '@nestjs/common';
import { type Caller, escapeHtml, type ExportRenderBookmark, type ExportRenderDocument, type ExportRenderEntry } from '@quire/proto';
import type { LoadedItem } from '../content/loaded-item';
import { RENDER_BATCH, RenderedItem } from '../render/rendered-item';
import type { PrintOptions, RenderSession } from '../render/render-session';
import { PdfAssembly } from './pdf-assembly';

/**
 * Pages of the item in each part of a long PDF. Printing takes Chromium about 1 MB a printed page at once, so a part
 * of 50 pages peaks 45 MB lower than one of 100, for about a quarter of a second more a part (measured beside the
 * 1,000-page item of the bench).
 */
const PART_PAGES = 50;
/** Share of the progress the parts take; the contents, the header and footer and the assembly the rest. */
const PARTS_SHARE = 0.9;

/** Header and footer of every page: the item's name, the page number of the total. */
const headerTemplate = (title: string): string =>
  `<div style="font-size:8px;width:100%;padding:0 16mm;color:#888;font-family:sans-serif;white-space:nowrap;overflow:hidden;text-overflow:ellipsis">${escapeHtml(title)}</div>`;
const FOOTER_TEMPLATE =
  '<div style="font-size:8px;width:100%;padding:0 16mm;color:#888;font-family:sans-serif;text-align:center"><span class="pageNumber"></span> / <span class="totalPages"></span></div>';
/**
 * The header and footer of `count` pages alone, as page content (Chromium draws a header template per page, a
 * hundred times slower), placed where the templates above sit, for the parts of a long PDF.
 */
function headerPages(title: string, count: number, lang: string): string {
  const style =
    '@page{size:A4;margin:0}body{margin:0}' +
    '.p{position:relative;width:210mm;height:297mm;overflow:hidden;break-after:page;font-size:8px;color:#888;font-family:sans-serif}' +
    '.p:last-child{break-after:auto}.h,.f{position:absolute;left:16mm;right:16mm}' +
    '.h{top:6mm;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}.f{bottom:6mm;text-align:center}';
  const header = escapeHtml(title);
  const pages = Array.from({ length: count }, (_, index) => `<div class="p"><div class="h">${header}</div><div class="f">${index + 1} / ${count}</div></div>`);
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><style>${style}</style></head><body>${pages.join('')}</body></html>`;
}
/** A4 with the margins the header and footer sit in. */
const PAGE: PrintOptions = { format: 'A4', printBackground: true, margin: { top: '18mm', bottom: '18mm', left: '16mm', right: '16mm' } };

/** What both ways of printing need. */
interface PdfJob {
  caller: Caller;
  item: LoadedItem;
  session: RenderSession;
  entries: ExportRenderEntry[];
  anchors: ReadonlySet<string>;
  document: ExportRenderDocument;
  title: string;
  /** A4 with the header and footer of every page. */
  frame: PrintOptions;
  progress: (done: number) => Promise<void>;
}

/**
 * An item (or one catalog) as a PDF, printed by headless Chromium from the reader's renderer: a cover,
 * a table of contents with page numbers, every catalog and page as a heading and a bookmark (its own
 * headings nested below), the reader's tables, code, images, math and diagrams, a header and a
 * page-numbered footer, links inside the document.
 *
 * An item of up to RENDER_BATCH pages is printed whole, twice. One print of a thousand pages takes Chromium
 * minutes and gigabytes, so a longer item is printed in parts of PART_PAGES pages (the renderer holds one part), and
 * assembled (pdf-assembly.ts): the front matter is printed first to count its pages, then each part, whose named
 * destinations tell where its pages and headings landed (the next part is drawn while one is merged); the front
 * matter again with those page numbers; the header and footer, printed alone on as many pages, laid over the pages;
 * the bookmarks written from the parts' headings. Chromium no longer writes them (it does from a tagged print, which
 * costs twice the time of an untagged one), so the PDF is not tagged.
 *
 * Each part is drawn in a fresh renderer process (`RenderSession.renew`): one that has printed hands little of the
 * print's memory back, and grew by about 100 MB a part up to some 450 MB. The browser is closed after its last print,
 * before pdf-lib writes the document out.
 */
@Injectable()
export class PdfExporter {
  constructor(private readonly rendered: RenderedItem) {}

  async render(caller: Caller, item: LoadedItem, progress: (done: number, total: number) => Promise<void>): Promise<Buffer> {
    const entries = this.rendered.entries(item);
    const title = item.outline.cat_name ? `${item.name} - ${item.outline.cat_name}` : item.name;
    const total = Math.max(1, item.outline.page_count);
    const session = await this.rendered.open(caller);
    try {
      const job: PdfJob = {
        caller,
        item,
        session,
        entries,
        anchors: new Set(entries.map((entry) => entry.anchor)),
        document: this.rendered.document(item, true),
        title,
        frame: { ...PAGE, displayHeaderFooter: true, headerTemplate: headerTemplate(title), footerTemplate: FOOTER_TEMPLATE },
        progress: (done) => progress(Math.floor(done * PARTS_SHARE), total),
      };
      const assembly = item.outline.page_count <= RENDER_BATCH ? await this.whole(job) : await this.inParts(job);
      return await assembly.save(title);
    } finally {
      await session.close();
    }
  }

  /**
   * An item of one part: the front matter and the pages in one document, printed twice (the first print tells
   * where each heading landed, the second shows those page numbers), Chromium drawing the header and footer.
   */
  private async whole({ caller, item, session, entries, anchors, document, frame, progress }: PdfJob): Promise<PdfAssembly> {
    await session.start(document);
    await session.contents(entries);
    await this.rendered.render(
      caller,
      item,
      [session],
      () => Promise.resolve(),
      async (_, done) => progress(done),
    );
    await session.settle();
    const drawn = await session.bookmarks();
    const owned = drawn.map((mark) => mark.anchor);
    const draft = await PdfAssembly.create(anchors);
    await draft.append(await session.page.pdf(frame), owned);
    await session.setPageNumbers(draft.pageNumbers(anchors, 0));
    const printed = await session.page.pdf(frame);
    await session.close();
    const assembly = await PdfAssembly.create(anchors);
    await assembly.append(printed, owned);
    assembly.outline(drawn);
    return assembly;
  }

  /** A longer item, in parts (see the class). */
  private async inParts({ caller, item, session, entries, anchors, document, title, progress }: PdfJob): Promise<PdfAssembly> {
    const front = async (numbers: Record<string, number>): Promise<Buffer> => {
      await session.start(document);
      await session.contents(entries);
      await session.setPageNumbers(numbers);
      await session.settle();
      return print(session);
    };
    // The page numbers only fill slots of a fixed width: the contents take as many pages without them.
    const frontPages = await PdfAssembly.pagesOf(await front({}));
    await session.clear();
    const assembly = await PdfAssembly.create(anchors);
    const marks: ExportRenderBookmark[] = [];
    await this.rendered.render(
      caller,
      item,
      // One renderer: see RENDER_TABS.
      [session],
      async (tab) => {
        await tab.settle();
        const drawn = await tab.bookmarks();
        const bytes = await print(tab);
        // The next part in a fresh renderer process, which knows every entry's anchor but holds nothing drawn.
        await tab.renew();
        await tab.start(document);
        await tab.clear();
        await tab.targets([...anchors]);
        return { drawn, bytes };
      },
      async ({ drawn, bytes }, done) => {
        marks.push(...drawn);
        await assembly.append(
          bytes,
          drawn.map((mark) => mark.anchor),
        );
        await progress(done);
      },
      PART_PAGES,
    );
    // The contents with their page numbers, and the header and footer of every page, printed at once.
    const [contents, header] = await Promise.all([
      front(assembly.pageNumbers(anchors, frontPages)),
      session.printHtml(headerPages(title, frontPages + assembly.pageCount, document.lang), { preferCSSPageSize: true, printBackground: false }),
    ]);
    // Chromium's last print: its memory is back before pdf-lib's largest steps.
    await session.close();
    await assembly.prepend(contents);
    await assembly.stamp(header);
    assembly.outline(marks);
    return assembly;
  }
}

/** A part as Chromium prints it: the page's content, no header or footer (laid over later). */
function print(session: RenderSession): Promise<Buffer> {
  return session.page.pdf(PAGE);
}
