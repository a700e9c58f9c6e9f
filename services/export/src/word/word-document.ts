import { Document, type FileChild, Packer, PageBreak, Paragraph, HeadingLevel, TableOfContents, TextRun, AlignmentType } from 'docx';
import type { Root } from '@quire/markdown';
import { headingLevel, MarkdownToDocx, type EmbeddedImage, type RenderTexts, stripInvalidXml } from './markdown-to-docx';
import { WORD_NUMBERING, WORD_STYLES } from './word-styles';

/** Texts the document writes itself, in the server's language. */
export interface WordTexts extends RenderTexts {
  contents: string;
  empty: string;
  catalog(name: string): string;
  exported: string;
}

export interface WordDocumentOptions {
  itemName: string;
  description: string;
  /** The exported catalog's name, when one catalog is exported. */
  catalogName: string;
  texts: WordTexts;
}

/** Headings of the catalogs and pages the table of contents lists. */
const TOC_LEVELS = '1-3';

/**
 * A Word document of an item, written in reading order: a title page (item name, description),
 * a table of contents, then catalogs as headings and each page's title as a heading over its
 * rendered Markdown. Headings are numbered as ShowDoc numbered them (`1、`, `1.2、`).
 */
export class WordDocument {
  private readonly body: FileChild[] = [];
  private listInstance = 0;
  private pages = 0;

  constructor(private readonly options: WordDocumentOptions) {}

  /** A catalog's heading; `level` 1 is a top catalog of the export. */
  addCatalog(number: string, name: string, level: number): void {
    this.body.push(new Paragraph({ heading: headingLevel(level), children: [new TextRun(stripInvalidXml(`${number}、${name}`))] }));
  }

  /** A page: its title as a heading at `level`, then its content with headings below that level. */
  addPage(number: string, title: string, level: number, content: Root, images: ReadonlyMap<string, EmbeddedImage | null>): void {
    this.pages += 1;
    this.body.push(new Paragraph({ heading: headingLevel(level), children: [new TextRun(stripInvalidXml(`${number}、${title}`))] }));
    const renderer = new MarkdownToDocx({
      baseLevel: level,
      images,
      texts: this.options.texts,
      nextListInstance: () => ++this.listInstance,
    });
    this.body.push(...renderer.render(content));
  }

  /** A note in the body (a page cut short, a page that could not be read). */
  addNote(text: string): void {
    this.body.push(new Paragraph({ children: [new TextRun({ text: stripInvalidXml(text), italics: true, color: '888888' })] }));
  }

  async toBuffer(): Promise<Buffer> {
    const { itemName, description, catalogName, texts } = this.options;
    const titlePage: FileChild[] = [
      new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(stripInvalidXml(itemName))] }),
      ...(catalogName ? [new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun({ text: stripInvalidXml(texts.catalog(catalogName)), size: 28 })] })] : []),
      ...description
        .split(/\r?\n/)
        .filter((line) => line.trim() !== '')
        .map((line) => new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun({ text: stripInvalidXml(line), size: 24, color: '57606A' })] })),
      new Paragraph({ alignment: AlignmentType.CENTER, spacing: { before: 480 }, children: [new TextRun({ text: texts.exported, size: 20, color: '888888' })] }),
      new Paragraph({ children: [new PageBreak()] }),
    ];
    const contents: FileChild[] =
      this.pages === 0
        ? [new Paragraph({ children: [new TextRun({ text: texts.empty, italics: true })] })]
        : [
            new Paragraph({ children: [new TextRun({ text: texts.contents, bold: true, size: 32 })], spacing: { after: 240 } }),
            new TableOfContents(texts.contents, { hyperlink: true, headingStyleRange: TOC_LEVELS }),
            new Paragraph({ children: [new PageBreak()] }),
          ];
    const document = new Document({
      title: itemName,
      description,
      creator: 'Quire',
      styles: WORD_STYLES,
      numbering: WORD_NUMBERING,
      features: { updateFields: true },
      sections: [{ children: [...titlePage, ...contents, ...this.body] }],
    });
    return Packer.toBuffer(document);
  }
}
