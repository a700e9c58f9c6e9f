import type { ExportRenderApi, ExportRenderBookmark, ExportRenderDocument, ExportRenderEntry, ExportRenderedPage, ExportRenderFigure } from '@quire/proto';
import { getProcessor } from 'bytemd';
import { highlightCodeBlocks } from '../lib/highlight-code';
import { markdownPlugins } from '../lib/markdown-plugins';

/** Class names the export stylesheet (export-render-styles.ts) gives the document's parts. */
export const EXPORT_CLASSES = {
  cover: 'quire-export-cover',
  coverTitle: 'quire-export-cover-title',
  coverLine: 'quire-export-cover-line',
  toc: 'quire-export-toc',
  tocEntry: 'quire-export-toc-entry',
  tocFill: 'quire-export-toc-fill',
  tocPage: 'quire-export-toc-page',
  entry: 'quire-export-entry',
  heading: 'quire-export-heading',
  note: 'quire-export-note',
  imageMissing: 'quire-export-image-missing',
  links: 'quire-export-links',
} as const;

/** What a figure drew: Mermaid's drawing, or KaTeX's boxes of a formula (not the display's full-width line). */
const FIGURE_INK = '.bytemd-mermaid > svg, .katex-html > .base, .katex-html > .tag';
/** White space kept around a figure's ink, in CSS pixels. */
const FIGURE_MARGIN = 2;

const SETTLE_TIMEOUT_MS = 60_000;
const POLL_MS = 20;
/** A link to another exported page, as the HTML site reads it too (`/page/12`, `?page_id=12`). */
const PAGE_LINK = /(?:\/page\/|[?&]page_id=)(\d+)(?![\d])/;

/**
 * The reader's renderer driven by the export worker: each page's Markdown goes through ByteMD's
 * processor with the reader's plugins (`markdownPlugins`, as `MarkdownRender`'s Viewer does) into a
 * `.markdown-body` under the reader's stylesheet, then the plugins' viewer effects run on it
 * (highlighting, KaTeX, Mermaid, table frames), exactly what the Viewer does after it renders.
 */
export class ExportRenderer implements ExportRenderApi {
  private readonly plugins = markdownPlugins('light');
  private readonly processor = getProcessor({ plugins: this.plugins });
  private readonly pending: Promise<void>[] = [];
  private readonly rendered: { anchor: string; body: HTMLElement; section: HTMLElement }[] = [];
  private readonly marks: ExportRenderBookmark[] = [];
  /** Every entry's anchor, once `contents` listed them: links to those resolve in each part of the PDF. */
  private readonly anchors = new Set<string>();
  private document?: ExportRenderDocument;
  private toc?: HTMLElement;

  constructor(private readonly root: HTMLElement) {}

  start(document: ExportRenderDocument): void {
    this.document = document;
    window.document.documentElement.lang = document.lang;
    window.document.title = document.itemName;
    this.clear();
    if (!document.frame) return;
    const { texts } = document;
    const cover = element('section', EXPORT_CLASSES.cover);
    cover.append(element('div', EXPORT_CLASSES.coverTitle, document.itemName));
    if (texts.catalog) cover.append(element('div', EXPORT_CLASSES.coverLine, texts.catalog));
    for (const line of document.description.split(/\r?\n/).filter((text) => text.trim() !== '')) cover.append(element('div', EXPORT_CLASSES.coverLine, line));
    cover.append(element('div', EXPORT_CLASSES.coverLine, texts.exported));
    this.toc = element('nav', EXPORT_CLASSES.toc);
    this.toc.append(element('h1', EXPORT_CLASSES.heading, texts.contents));
    this.root.append(cover, this.toc);
  }

  contents(entries: ExportRenderEntry[]): void {
    for (const entry of entries) {
      this.anchors.add(entry.anchor);
      this.toc?.append(tocEntry(entry));
    }
    if (entries.length === 0) this.toc?.append(element('p', EXPORT_CLASSES.note, this.document?.texts.empty ?? ''));
  }

  targets(anchors: string[]): void {
    for (const anchor of anchors) this.anchors.add(anchor);
  }

  add(entries: ExportRenderEntry[]): void {
    const frame = this.document?.frame ?? false;
    for (const entry of entries) {
      const section = element('section', `${EXPORT_CLASSES.entry} ${EXPORT_CLASSES.entry}-${entry.level}`);
      section.id = entry.anchor;
      const heading = element(`h${Math.min(6, entry.level)}`, EXPORT_CLASSES.heading, entry.heading);
      section.append(heading);
      this.root.append(section);
      this.marks.push({ anchor: entry.anchor, title: entry.heading, level: entry.level });
      if (entry.kind === 'catalog') continue;
      const body = element('div', 'markdown-body');
      section.append(body);
      const file = this.processor.processSync(entry.markdown ?? '');
      body.innerHTML = String(file);
      // In the PDF a page's own headings sit under its title, so the bookmarks nest: h1 → one level below.
      if (frame) {
        this.markHeadings(shiftHeadings(body, entry.level), entry.anchor);
        this.pageLinks(body);
      }
      for (const plugin of this.plugins) plugin.viewerEffect?.({ markdownBody: body, file });
      // The plugin starts the same highlighting without waiting; this promise says when it is done.
      this.pending.push(highlightCodeBlocks(body));
      if (entry.note) section.append(element('p', EXPORT_CLASSES.note, entry.note));
      this.rendered.push({ anchor: entry.anchor, body, section });
    }
  }

  async settle(): Promise<void> {
    await Promise.all(this.pending.splice(0));
    const deadline = Date.now() + SETTLE_TIMEOUT_MS;
    // KaTeX and Mermaid draw after their chunks load; an element is done once it holds their output.
    while (Date.now() < deadline && (this.root.querySelector('.math[data-rendered]:not(:has(.katex, .katex-error))') || emptyDiagram(this.root))) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    const images = Array.from(this.root.querySelectorAll('img'));
    await Promise.all(images.map((image) => image.decode().catch(() => undefined)));
    const missing = this.document?.texts.imageMissing ?? '{alt}';
    for (const image of images) {
      if (image.complete && image.naturalWidth > 0) continue;
      const alt = image.getAttribute('alt') || image.getAttribute('src') || '';
      image.replaceWith(element('span', EXPORT_CLASSES.imageMissing, missing.replace('{alt}', alt)));
    }
    if (this.document?.frame) this.resolveLinks();
  }

  bookmarks(): ExportRenderBookmark[] {
    return this.marks.slice();
  }

  clear(): void {
    this.rendered.splice(0);
    this.marks.splice(0);
    this.toc = undefined;
    this.root.replaceChildren();
  }

  setPageNumbers(numbers: Record<string, number>): void {
    for (const slot of this.root.querySelectorAll<HTMLElement>(`.${EXPORT_CLASSES.tocPage}`)) {
      const page = numbers[slot.dataset.anchor ?? ''];
      slot.textContent = page === undefined ? '' : String(page);
    }
  }

  figures(figures: ExportRenderFigure[]): void {
    this.clear();
    for (const figure of figures) {
      const holder = element('div', 'markdown-body');
      holder.id = figure.id;
      // One line of Markdown the reader draws the same way: a diagram block, a displayed or an inline formula.
      const markdown = figure.kind === 'mermaid' ? `\`\`\`mermaid\n${figure.source}\n\`\`\`` : figure.kind === 'math' ? `$$\n${figure.source}\n$$` : `$${figure.source}$`;
      const file = this.processor.processSync(markdown);
      holder.innerHTML = String(file);
      this.root.append(holder);
      for (const plugin of this.plugins) plugin.viewerEffect?.({ markdownBody: holder, file });
      this.rendered.push({ anchor: figure.id, body: holder, section: holder });
    }
  }

  figureClips(): Record<string, { x: number; y: number; width: number; height: number }> {
    const clips: Record<string, { x: number; y: number; width: number; height: number }> = {};
    for (const { anchor, body } of this.rendered) {
      const boxes = Array.from(body.querySelectorAll(FIGURE_INK), (ink) => ink.getBoundingClientRect()).filter((box) => box.width > 0 && box.height > 0);
      if (boxes.length === 0) continue;
      const left = Math.min(...boxes.map((box) => box.left)) - FIGURE_MARGIN;
      const top = Math.min(...boxes.map((box) => box.top)) - FIGURE_MARGIN;
      const right = Math.max(...boxes.map((box) => box.right)) + FIGURE_MARGIN;
      const bottom = Math.max(...boxes.map((box) => box.bottom)) + FIGURE_MARGIN;
      clips[anchor] = { x: Math.max(0, left + window.scrollX), y: Math.max(0, top + window.scrollY), width: Math.ceil(right - left), height: Math.ceil(bottom - top) };
    }
    return clips;
  }

  takePages(): ExportRenderedPage[] {
    const pages = this.rendered.splice(0).map(({ anchor, body, section }) => {
      section.remove();
      return { anchor, html: body.innerHTML, text: (body.textContent ?? '').replace(/\s+/g, ' ').trim() };
    });
    this.marks.splice(0);
    this.root.replaceChildren();
    return pages;
  }

  /** A page's own headings as bookmarks under it, each with an id of its own (`page-12-h3`). */
  private markHeadings(headings: HTMLElement[], anchor: string): void {
    headings.forEach((heading, index) => {
      heading.id = `${anchor}-h${index + 1}`;
      const title = (heading.textContent ?? '').replace(/\s+/g, ' ').trim();
      if (title) this.marks.push({ anchor: heading.id, title, level: Number(heading.tagName.slice(1)) });
    });
  }

  /** Links to another exported page point at it inside the document. */
  private pageLinks(body: HTMLElement): void {
    for (const link of body.querySelectorAll<HTMLAnchorElement>('a[href]')) {
      const page = PAGE_LINK.exec(link.getAttribute('href') ?? '');
      if (page && this.anchors.has(`page-${page[1]}`)) link.setAttribute('href', `#page-${page[1]}`);
    }
  }

  /**
   * Chromium writes a named destination for each target of an in-document link and drops a link whose target is
   * absent. The PDF is printed in parts, so: a hidden link to each drawn entry and heading (their destinations tell
   * the pages), and a stand-in target for each link to an entry of another part (the merged PDF resolves it).
   */
  private resolveLinks(): void {
    this.root.querySelector(`:scope > .${EXPORT_CLASSES.links}`)?.remove();
    // Out of the flow at the top of the first page: it moves nothing and adds no page.
    const box = element('div', EXPORT_CLASSES.links);
    box.style.cssText = 'position:absolute;top:0;left:0;width:0;height:0;overflow:hidden';
    const links = element('div', '');
    links.hidden = true;
    const drawn = new Set(this.marks.map((mark) => mark.anchor));
    for (const anchor of drawn) links.append(link(anchor));
    box.append(links);
    for (const anchor of this.anchors) {
      if (drawn.has(anchor)) continue;
      const target = element('span', '');
      target.id = anchor;
      box.append(target);
    }
    this.root.prepend(box);
  }

  styles(): { css: string; wrappers: string[] } {
    const wrappers: string[] = [];
    for (let node: HTMLElement | null = this.root; node && node !== window.document.body; node = node.parentElement) {
      if (node.className) wrappers.unshift(node.className);
    }
    return { css: this.css(), wrappers };
  }

  private css(): string {
    const rules: string[] = [];
    for (const sheet of Array.from(window.document.styleSheets)) {
      try {
        for (const rule of Array.from(sheet.cssRules)) rules.push(rule.cssText);
      } catch {
        // A sheet of another origin cannot be read (none here: every request is the renderer's own).
      }
    }
    return rules.join('\n');
  }
}

function element(tag: string, className: string, text?: string): HTMLElement {
  const node = window.document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** A line of the table of contents: the heading, a dotted leader and a slot for its page number. */
function link(anchor: string): HTMLElement {
  const node = element('a', '');
  node.setAttribute('href', `#${anchor}`);
  return node;
}

function tocEntry(entry: ExportRenderEntry): HTMLElement {
  const link = element('a', `${EXPORT_CLASSES.tocEntry} ${EXPORT_CLASSES.tocEntry}-${entry.level}`);
  link.setAttribute('href', `#${entry.anchor}`);
  const page = element('span', EXPORT_CLASSES.tocPage);
  page.dataset.anchor = entry.anchor;
  link.append(element('span', '', entry.heading), element('span', EXPORT_CLASSES.tocFill), page);
  return link;
}

/** `h1`…`h6` of a page's content moved below the page's own heading (at `level`), at most to `h6`; returns them. */
function shiftHeadings(body: HTMLElement, level: number): HTMLElement[] {
  return Array.from(body.querySelectorAll<HTMLElement>('h1, h2, h3, h4, h5, h6')).map((heading) => {
    const depth = Math.min(6, Number(heading.tagName.slice(1)) + level);
    const moved = window.document.createElement(`h${depth}`);
    for (const attribute of Array.from(heading.attributes)) moved.setAttribute(attribute.name, attribute.value);
    moved.append(...Array.from(heading.childNodes));
    heading.replaceWith(moved);
    return moved;
  });
}

function emptyDiagram(root: HTMLElement): boolean {
  return Array.from(root.querySelectorAll('.bytemd-mermaid')).some((diagram) => diagram.childNodes.length === 0);
}
