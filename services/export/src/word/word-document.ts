import { AlignmentType, Document, HeadingLevel, Packer, PageBreak, Paragraph, TableOfContents, TextRun } from 'docx';
import { strFromU8, strToU8, unzipSync, zipSync, type Zippable } from 'fflate';
import type { Root } from '@quire/markdown';
import { fitToPage, type ImageSize } from './image-size';
import { MarkdownToDocx, type RenderTexts, type WordParts } from './markdown-to-docx';
import { heading, paragraph, run, stripInvalidXml, xmlText } from './ooxml';
import { numberingXml, WORD_STYLES } from './word-styles';

/** Texts the document writes itself, in the server's language. */
export interface WordTexts extends RenderTexts {
  contents: string;
  empty: string;
  catalog(name: string): string;
  exported: string;
  /** A numbered heading (`1.2 Title`, `1.2、标题`). */
  heading(number: string, title: string): string;
}

export interface WordDocumentOptions {
  itemName: string;
  description: string;
  /** The exported catalog's name, when one catalog is exported. */
  catalogName: string;
  texts: WordTexts;
  /** Embedded image bytes above this are linked instead (default 150 MB), so images cannot exhaust memory. */
  maxImageBytes?: number;
}

/** An image ready to embed: its bytes and what its header says. */
export interface EmbeddedImage extends ImageSize {
  data: Buffer;
}

const BODY_MARKER = 'QUIRE-EXPORT-BODY-7f3a';
/** Headings of levels 1–4 (catalogs and pages, down to a fourth-level catalog's pages) are listed in the table of contents. */
const TOC_MAX_LEVEL = 4;
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const MEDIA_TYPES: Record<ImageSize['type'], { extension: string; contentType: string }> = {
  png: { extension: 'png', contentType: 'image/png' },
  jpg: { extension: 'jpeg', contentType: 'image/jpeg' },
  gif: { extension: 'gif', contentType: 'image/gif' },
  bmp: { extension: 'bmp', contentType: 'image/bmp' },
};

interface Picture {
  relationshipId: string;
  width: number;
  height: number;
}

/**
 * A Word document of an item, written in reading order: a title page (item name, description),
 * a table of contents, then catalogs as headings and each page's title as a heading over its
 * rendered Markdown. Headings are numbered as ShowDoc numbered them (`1.2、` in Chinese, `1.2 ` in English). The frame
 * comes from the `docx` package; the body is written as WordprocessingML text (see ooxml.ts).
 */
export class WordDocument implements WordParts {
  readonly bulletList = 1;
  /** The body as UTF-8, a part per heading or page (half the memory of JS strings, and never joined into one). */
  private readonly body: Buffer[] = [];
  private readonly toc: { title: string; level: number; href: string }[] = [];
  private readonly hyperlinks = new Map<string, string>();
  private readonly pictures = new Map<string, Picture | null>();
  private readonly media: { name: string; data: Buffer }[] = [];
  private readonly ordered: { numId: number; level: number; start: number }[] = [];
  private readonly maxImageBytes: number;
  private imageBytes = 0;
  private relationships = 0;
  private drawings = 0;
  private bookmarks = 0;
  private pages = 0;

  constructor(private readonly options: WordDocumentOptions) {
    this.maxImageBytes = options.maxImageBytes ?? 150 * 1024 * 1024;
  }

  /** A catalog's heading; `level` 1 is a top catalog of the export. */
  addCatalog(number: string, name: string, level: number): void {
    this.addHeading(this.options.texts.heading(number, name), level);
  }

  /** A page's title as a heading at `level`; its content follows with `addContent`. */
  addPageTitle(number: string, title: string, level: number): void {
    this.pages += 1;
    this.addHeading(this.options.texts.heading(number, title), level);
  }

  /** Rendered Markdown of the current page; a page parsed in segments adds each in turn. */
  addContent(root: Root, options: { baseLevel: number; definitions?: ReadonlyMap<string, string>; continuesTable?: boolean }): void {
    const renderer = new MarkdownToDocx({ baseLevel: options.baseLevel, parts: this, texts: this.options.texts, definitions: options.definitions });
    this.body.push(Buffer.from(renderer.render(root, { continuesTable: options.continuesTable }), 'utf8'));
  }

  /** A note in the body (a page or table cut short). */
  addNote(text: string): void {
    this.body.push(Buffer.from(paragraph(run(text, { italics: true, color: '888888' })), 'utf8'));
  }

  /** Makes the images of the next content embeddable by their URL as written (null: link it). */
  addImages(images: ReadonlyMap<string, EmbeddedImage | null>): void {
    for (const [url, image] of images) {
      if (this.pictures.has(url)) continue;
      if (!image || this.imageBytes + image.data.length > this.maxImageBytes) {
        this.pictures.set(url, null);
        continue;
      }
      this.imageBytes += image.data.length;
      const relationshipId = this.nextRelationship();
      const { extension } = MEDIA_TYPES[image.type];
      this.media.push({ name: `quire-image-${this.media.length + 1}.${extension}`, data: image.data });
      this.pictures.set(url, { relationshipId, ...fitToPage(image) });
    }
  }

  /** Whether an image URL is known already (embedded or linked), so its bytes need not be read again. */
  hasImage(url: string): boolean {
    return this.pictures.has(url);
  }

  hyperlink(url: string): string {
    let id = this.hyperlinks.get(url);
    if (!id) {
      id = this.nextRelationship();
      this.hyperlinks.set(url, id);
    }
    return id;
  }

  image(url: string): Picture | null {
    return this.pictures.get(url) ?? null;
  }

  drawingId(): number {
    this.drawings += 1;
    return 10_000 + this.drawings;
  }

  orderedList(level: number, start: number): number {
    const numId = 2 + this.ordered.length;
    this.ordered.push({ numId, level, start });
    return numId;
  }

  async toBuffer(): Promise<Buffer> {
    const files: Zippable = unzipSync(new Uint8Array(await Packer.toBuffer(this.frame())));
    const documentXml = strFromU8(part(files, 'word/document.xml'));
    const marker = documentXml.indexOf(BODY_MARKER);
    const from = Math.max(documentXml.lastIndexOf('<w:p>', marker), documentXml.lastIndexOf('<w:p ', marker));
    const to = documentXml.indexOf('</w:p>', marker) + '</w:p>'.length;
    if (marker < 0 || from < 0) throw new Error('The document frame has no body marker');
    files['word/document.xml'] = Buffer.concat([Buffer.from(documentXml.slice(0, from)), ...this.body.splice(0), Buffer.from(documentXml.slice(to))]);
    files['word/numbering.xml'] = strToU8(numberingXml(this.ordered));
    const added = [
      ...[...this.hyperlinks].map(([url, id]) => `<Relationship Id="${id}" Type="${REL}/hyperlink" Target="${xmlText(url)}" TargetMode="External"/>`),
      ...this.mediaRelationships(),
    ];
    let rels = strFromU8(part(files, 'word/_rels/document.xml.rels')).replace('</Relationships>', `${added.join('')}</Relationships>`);
    if (!rels.includes('numbering.xml')) {
      rels = rels.replace('</Relationships>', `<Relationship Id="${this.nextRelationship()}" Type="${REL}/numbering" Target="numbering.xml"/></Relationships>`);
    }
    files['word/_rels/document.xml.rels'] = strToU8(rels);
    let types = strFromU8(part(files, '[Content_Types].xml'));
    for (const { extension, contentType } of Object.values(MEDIA_TYPES)) {
      if (!types.includes(`Extension="${extension}"`)) types = types.replace('<Override', `<Default Extension="${extension}" ContentType="${contentType}"/><Override`);
    }
    if (!types.includes('/word/numbering.xml')) {
      types = types.replace('</Types>', '<Override PartName="/word/numbering.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.numbering+xml"/></Types>');
    }
    files['[Content_Types].xml'] = strToU8(types);
    // Images are compressed already: stored as they are.
    for (const file of this.media) files[`word/media/${file.name}`] = [file.data, { level: 0 }];
    const zipped = zipSync(files, { level: 6 });
    return Buffer.from(zipped.buffer, zipped.byteOffset, zipped.byteLength);
  }

  private mediaRelationships(): string[] {
    const out: string[] = [];
    let index = 0;
    for (const picture of this.pictures.values()) {
      if (!picture) continue;
      out.push(`<Relationship Id="${picture.relationshipId}" Type="${REL}/image" Target="media/${this.media[index].name}"/>`);
      index += 1;
    }
    return out;
  }

  /** The frame docx builds: styles, settings, the title page, the table of contents and a marker where the body goes. */
  private frame(): Document {
    const { itemName, description, catalogName, texts } = this.options;
    const titlePage = [
      new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(stripInvalidXml(itemName))] }),
      ...(catalogName ? [new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun({ text: stripInvalidXml(texts.catalog(catalogName)), size: 28 })] })] : []),
      ...description
        .split(/\r?\n/)
        .filter((line) => line.trim() !== '')
        .map((line) => new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun({ text: stripInvalidXml(line), size: 24, color: '57606A' })] })),
      new Paragraph({ alignment: AlignmentType.CENTER, spacing: { before: 480 }, children: [new TextRun({ text: texts.exported, size: 20, color: '888888' })] }),
      new Paragraph({ children: [new PageBreak()] }),
    ];
    const contents =
      this.pages === 0
        ? [new Paragraph({ children: [new TextRun({ text: texts.empty, italics: true })] })]
        : [
            new Paragraph({ children: [new TextRun({ text: texts.contents, bold: true, size: 32 })], spacing: { after: 240 } }),
            new TableOfContents(texts.contents, { hyperlink: true, headingStyleRange: `1-${TOC_MAX_LEVEL}`, cachedEntries: this.toc }),
            new Paragraph({ children: [new PageBreak()] }),
          ];
    return new Document({
      title: stripInvalidXml(itemName),
      description: stripInvalidXml(description),
      creator: 'Quire',
      styles: WORD_STYLES,
      features: { updateFields: true },
      sections: [{ children: [...titlePage, ...contents, new Paragraph({ children: [new TextRun(BODY_MARKER)] })] }],
    });
  }

  private addHeading(text: string, level: number): void {
    const id = ++this.bookmarks;
    const name = `_Toc_quire_${id}`;
    const clean = stripInvalidXml(text);
    if (level <= TOC_MAX_LEVEL) this.toc.push({ title: clean, level, href: name });
    this.body.push(Buffer.from(heading(clean, level, { id: 100_000 + id, name }), 'utf8'));
  }

  private nextRelationship(): string {
    this.relationships += 1;
    return `rIdQuire${this.relationships}`;
  }
}

function part(files: Zippable, name: string): Uint8Array {
  const file = files[name];
  if (!(file instanceof Uint8Array)) throw new Error(`The document frame has no ${name}`);
  return file;
}
