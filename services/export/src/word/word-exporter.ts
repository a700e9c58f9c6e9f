import { setImmediate as nextTurn } from 'node:timers/promises';
import { Injectable } from '@nestjs/common';
import { parseMarkdown, type Root, walkMarkdown } from '@quire/markdown';
import type { Caller } from '@quire/proto';
import { ExportSource, flattenOutline } from '../content/export-source';
import { ExportTexts } from '../content/export-texts';
import type { LoadedItem } from '../content/loaded-item';
import { RenderedItem } from '../render/rendered-item';
import { imageSize } from './image-size';
import { normalizeLabel } from './markdown-to-docx';
import { segmentMarkdown } from './markdown-segments';
import { type EmbeddedImage, WordDocument } from './word-document';
import { FIGURE_SCALE, figuresOf, figureUrl, WordFigures } from './word-figures';

/** `[label]: url` lines, for reference links of a page parsed in segments. */
const DEFINITION_LINE = /^ {0,3}\[([^\]\n]+)\]:[ \t]*<?([^\s>]+)>?/gm;

/**
 * Renders an item (or one catalog) into a .docx: pages are read in menu order a batch at a
 * time, each parsed (in segments when long) and written to the document at once, so memory
 * follows the output, not the item. Mermaid diagrams and formulas become pictures drawn by the
 * reader's renderer (word-figures.ts). Progress is pages done / total.
 */
@Injectable()
export class WordExporter {
  constructor(
    private readonly source: ExportSource,
    private readonly texts: ExportTexts,
    private readonly rendered: RenderedItem,
  ) {}

  async render(caller: Caller, item: LoadedItem, progress: (done: number, total: number) => Promise<void>): Promise<Buffer> {
    const document = new WordDocument({
      itemName: item.name,
      description: item.description,
      catalogName: item.outline.cat_name,
      texts: this.texts.word(),
    });
    const entries = flattenOutline(item.outline);
    const pageIds = entries.flatMap((entry) => (entry.kind === 'page' ? [entry.page_id] : []));
    const contents = this.source.contents(caller, item.outline.item_id, pageIds);
    const figures = new WordFigures(() => this.rendered.open(caller, FIGURE_SCALE));
    let done = 0;
    try {
      for (const entry of entries) {
        if (entry.kind === 'catalog') {
          document.addCatalog(entry.number, entry.name, entry.level);
          continue;
        }
        const next = await contents.next();
        if (next.done) throw new Error('The page service sent fewer pages than the outline lists');
        const page = next.value;
        document.addPageTitle(entry.number, entry.title, entry.level);
        await this.addPage(caller, document, figures, page.content, entry.level);
        if (page.truncatedFrom !== undefined) document.addNote(this.texts.pageTruncated(page.content.length, page.truncatedFrom));
        done += 1;
        await progress(done, pageIds.length);
        // Let the transport and other requests run between pages.
        await nextTurn();
      }
    } finally {
      await figures.close();
    }
    return document.toBuffer();
  }

  private async addPage(caller: Caller, document: WordDocument, figures: WordFigures, markdown: string, level: number): Promise<void> {
    const segments = [...segmentMarkdown(markdown)];
    const definitions = segments.length > 1 ? referenceDefinitions(markdown) : undefined;
    const texts = this.texts.word();
    for (const [index, segment] of segments.entries()) {
      // Each segment is a bounded parse (markdown-segments.ts); other requests run between them.
      if (index > 0) await nextTurn();
      const tree = parseMarkdown(segment.markdown);
      await this.loadImages(caller, document, tree, definitions);
      const drawn = figuresOf(tree).filter((figure) => !document.hasImage(figureUrl(figure.kind, figure.source)));
      if (drawn.length > 0) document.addImages(await figures.pictures(drawn));
      document.addContent(tree, { baseLevel: level, definitions, continuesTable: segment.continuesTable });
      if (segment.tableCut) document.addNote(texts.tableTruncated(segment.tableCut.rows, segment.tableCut.shown));
    }
  }

  /** Reads the images the tree shows that the document does not have yet. */
  private async loadImages(caller: Caller, document: WordDocument, tree: Root, definitions: ReadonlyMap<string, string> | undefined): Promise<void> {
    const local = new Map<string, string>(definitions ?? []);
    const urls = new Set<string>();
    const references: string[] = [];
    for (const node of walkMarkdown(tree)) {
      if (node.type === 'definition') local.set(normalizeLabel(node.identifier), node.url);
      else if (node.type === 'image') urls.add(node.url);
      else if (node.type === 'imageReference') references.push(normalizeLabel(node.identifier));
    }
    for (const id of references) {
      const url = local.get(id);
      if (url !== undefined) urls.add(url);
    }
    const missing = [...urls].filter((url) => !document.hasImage(url));
    if (missing.length === 0) return;
    const files = await this.source.images(caller, missing);
    const images = new Map<string, EmbeddedImage | null>();
    for (const [url, file] of files) {
      const size = file ? imageSize(file.data) : null;
      images.set(url, file && size ? { ...size, data: file.data } : null);
    }
    document.addImages(images);
  }
}

/** The reference definitions of a whole page, first one of a label winning (CommonMark). */
function referenceDefinitions(markdown: string): Map<string, string> {
  const definitions = new Map<string, string>();
  for (const match of markdown.matchAll(DEFINITION_LINE)) {
    const label = normalizeLabel(match[1]);
    if (!definitions.has(label)) definitions.set(label, match[2]);
  }
  return definitions;
}
