import {
  AlignmentType,
  BorderStyle,
  ExternalHyperlink,
  type FileChild,
  HeadingLevel,
  ImageRun,
  Paragraph,
  type ParagraphChild,
  ShadingType,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import {
  type BlockContent,
  type Content,
  type Definition,
  type DefinitionContent,
  mathSource,
  type List,
  type ListItem,
  type PhrasingContent,
  plainText,
  type Root,
  type Table as MdTable,
  type TableCell as MdTableCell,
} from '@quire/markdown';
import { fitToPage, type ImageSize } from './image-size';
import { CODE_STYLE, FONT_CODE, ORDERED_LIST, QUOTE_STYLE } from './word-styles';

/** An image ready to embed: its bytes and what its header says. */
export interface EmbeddedImage extends ImageSize {
  data: Buffer;
}

/** Texts the rendering writes itself, in the server's language. */
export interface RenderTexts {
  imageMissing(alt: string): string;
  tableTruncated(rows: number, shown: number): string;
}

export interface RenderOptions {
  /** The heading level of the page's own title: the page's `#` becomes this level + 1. */
  baseLevel: number;
  /** Images by their URL as written in the Markdown; absent or null ones are linked. */
  images: ReadonlyMap<string, EmbeddedImage | null>;
  texts: RenderTexts;
  /** Rows of one table rendered as a table; the rest are left out with a note (a 5 MB table stays exportable). */
  maxTableRows?: number;
  /** A fresh numbering instance for each ordered list (they restart at 1). */
  nextListInstance: () => number;
}

const HEADINGS = [
  HeadingLevel.HEADING_1,
  HeadingLevel.HEADING_2,
  HeadingLevel.HEADING_3,
  HeadingLevel.HEADING_4,
  HeadingLevel.HEADING_5,
  HeadingLevel.HEADING_6,
] as const;

/** The docx heading of a level, 1 to 6 (deeper levels stay at 6). */
export function headingLevel(level: number): (typeof HEADINGS)[number] {
  return HEADINGS[Math.min(6, Math.max(1, level)) - 1];
}

/** Nesting past this depth (quotes in quotes in lists…) is written as plain text, so no input can exhaust the stack. */
const MAX_DEPTH = 24;
const MAX_LIST_LEVEL = 8;
const DEFAULT_MAX_TABLE_ROWS = 2000;
const SAFE_LINK = /^(https?:|mailto:)/i;
const TABLE_BORDER = { style: BorderStyle.SINGLE, size: 4, color: 'CCCCCC' } as const;

interface Inline {
  bold?: boolean;
  italics?: boolean;
  strike?: boolean;
  code?: boolean;
  link?: boolean;
  superScript?: boolean;
  size?: number;
  color?: string;
}

interface Block {
  depth: number;
  quote: number;
  /** Left indent (twips) of paragraphs inside list items after their first. */
  indent: number;
}

/**
 * Renders a page's Markdown tree as Word blocks: headings, paragraphs, bold, italic, strike,
 * inline code, links, nested ordered, bullet and task lists, block quotes, fenced code in a
 * monospace style, GFM tables, rules, math as its TeX source, and images (embedded when given,
 * linked otherwise). Raw HTML is written as its text. Never throws on any tree remark produces.
 */
export class MarkdownToDocx {
  private readonly definitions = new Map<string, Definition>();
  private readonly maxTableRows: number;

  constructor(private readonly options: RenderOptions) {
    this.maxTableRows = options.maxTableRows ?? DEFAULT_MAX_TABLE_ROWS;
  }

  render(root: Root): FileChild[] {
    for (const node of root.children) if (node.type === 'definition') this.definitions.set(normalize(node.identifier), node);
    const out: FileChild[] = [];
    this.blocks(root.children, { depth: 0, quote: 0, indent: 0 }, out);
    return out;
  }

  private blocks(nodes: readonly Content[], ctx: Block, out: FileChild[]): void {
    for (const node of nodes) this.block(node, ctx, out);
  }

  private block(node: Content, ctx: Block, out: FileChild[]): void {
    if (ctx.depth > MAX_DEPTH) {
      const text = plainText(node);
      if (text.trim()) out.push(this.paragraph([new TextRun(text)], ctx));
      return;
    }
    const inner: Block = { ...ctx, depth: ctx.depth + 1 };
    const math = mathSource(node);
    if (math !== null) {
      out.push(this.codeParagraph(math, ctx));
      return;
    }
    switch (node.type) {
      case 'heading':
        out.push(
          new Paragraph({
            heading: headingLevel(this.options.baseLevel + node.depth),
            children: this.inlines(node.children, {}, inner),
            ...this.quoteFormat(ctx),
          }),
        );
        return;
      case 'paragraph':
        out.push(this.paragraph(this.inlines(node.children, {}, inner), ctx));
        return;
      case 'blockquote':
        this.blocks(node.children, { ...inner, quote: ctx.quote + 1 }, out);
        return;
      case 'list':
        this.list(node, 0, inner, out);
        return;
      case 'code':
        out.push(this.codeParagraph(node.value, ctx));
        return;
      case 'table':
        this.table(node, inner, out);
        return;
      case 'thematicBreak':
        out.push(new Paragraph({ border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: 'BBBBBB', space: 1 } }, children: [] }));
        return;
      case 'html': {
        const text = htmlText(node.value);
        if (text.trim()) out.push(this.paragraph(textRuns(text, {}), ctx));
        return;
      }
      case 'footnoteDefinition':
        out.push(this.paragraph([new TextRun({ text: `[${node.label ?? node.identifier}] `, superScript: true }), ...this.inlines(flattenToPhrasing(node.children), {}, inner)], ctx));
        return;
      case 'definition':
      case 'yaml':
        return;
      default:
        this.fallback(node, ctx, out);
    }
  }

  /** A node no case above knows (a plugin's): its text, so nothing written is lost. */
  private fallback(node: Content, ctx: Block, out: FileChild[]): void {
    const text = plainText(node);
    if (text.trim()) out.push(this.paragraph(textRuns(text, {}), ctx));
  }

  private list(list: List, level: number, ctx: Block, out: FileChild[]): void {
    const ordered = list.ordered === true;
    const instance = ordered ? this.options.nextListInstance() : 0;
    const listLevel = Math.min(level, MAX_LIST_LEVEL);
    for (const item of list.children) this.listItem(item, { ordered, instance, level: listLevel }, ctx, out);
  }

  private listItem(item: ListItem, list: { ordered: boolean; instance: number; level: number }, ctx: Block, out: FileChild[]): void {
    const marker = list.ordered
      ? { numbering: { reference: ORDERED_LIST, level: list.level, instance: list.instance } }
      : { bullet: { level: list.level } };
    const indent = 720 * (list.level + 1);
    const inner: Block = { ...ctx, depth: ctx.depth + 1, indent };
    const task = typeof item.checked === 'boolean' ? [new TextRun({ text: item.checked ? '☑ ' : '☐ ', font: 'Segoe UI Symbol' })] : [];
    let first = true;
    for (const child of item.children) {
      if (first && child.type === 'paragraph') {
        out.push(new Paragraph({ ...marker, children: [...task, ...this.inlines(child.children, {}, inner)], ...this.quoteFormat(ctx) }));
        first = false;
        continue;
      }
      if (first) {
        // An item that starts with something other than text still gets its bullet or number.
        out.push(new Paragraph({ ...marker, children: task, ...this.quoteFormat(ctx) }));
        first = false;
      }
      if (child.type === 'list') this.list(child, list.level + 1, inner, out);
      else this.block(child, inner, out);
    }
    if (first) out.push(new Paragraph({ ...marker, children: task, ...this.quoteFormat(ctx) }));
  }

  private table(table: MdTable, ctx: Block, out: FileChild[]): void {
    const rows = table.children;
    const columns = Math.max(1, ...rows.map((row) => row.children.length));
    const shown = rows.slice(0, this.maxTableRows + 1);
    const align = table.align ?? [];
    const width = Math.floor(9000 / columns);
    const docRows = shown.map((row, index) => {
      const header = index === 0;
      const cells: TableCell[] = [];
      for (let column = 0; column < columns; column++) {
        const cell: MdTableCell | undefined = row.children[column];
        cells.push(
          new TableCell({
            width: { size: width, type: WidthType.DXA },
            borders: { top: TABLE_BORDER, bottom: TABLE_BORDER, left: TABLE_BORDER, right: TABLE_BORDER },
            ...(header ? { shading: { type: ShadingType.CLEAR, fill: '0088CC', color: 'auto' } } : {}),
            children: [
              new Paragraph({
                alignment: alignment(align[column]),
                children: cell ? this.inlines(cell.children, header ? { bold: true, color: 'FFFFFF', size: 18 } : { size: 18 }, ctx) : [],
              }),
            ],
          }),
        );
      }
      return new TableRow({ tableHeader: header, children: cells });
    });
    out.push(new Table({ width: { size: 100, type: WidthType.PERCENTAGE }, columnWidths: Array<number>(columns).fill(width), rows: docRows }));
    if (rows.length > shown.length) {
      out.push(this.paragraph([new TextRun({ text: this.options.texts.tableTruncated(rows.length - 1, shown.length - 1), italics: true })], ctx));
    }
  }

  private inlines(nodes: readonly PhrasingContent[], style: Inline, ctx: Block): ParagraphChild[] {
    const out: ParagraphChild[] = [];
    for (const node of nodes) this.inline(node, style, ctx, out);
    return out;
  }

  private inline(node: PhrasingContent, style: Inline, ctx: Block, out: ParagraphChild[]): void {
    if (ctx.depth > MAX_DEPTH) {
      out.push(...textRuns(plainText(node), style));
      return;
    }
    const inner: Block = { ...ctx, depth: ctx.depth + 1 };
    const math = mathSource(node);
    if (math !== null) {
      out.push(...textRuns(math, { ...style, code: true, italics: true }));
      return;
    }
    switch (node.type) {
      case 'text':
        out.push(...textRuns(node.value.replace(/\r?\n/g, ' '), style));
        return;
      case 'strong':
        for (const child of node.children) this.inline(child, { ...style, bold: true }, inner, out);
        return;
      case 'emphasis':
        for (const child of node.children) this.inline(child, { ...style, italics: true }, inner, out);
        return;
      case 'delete':
        for (const child of node.children) this.inline(child, { ...style, strike: true }, inner, out);
        return;
      case 'inlineCode':
        out.push(...textRuns(node.value, { ...style, code: true }));
        return;
      case 'break':
        out.push(new TextRun({ break: 1 }));
        return;
      case 'link':
        this.link(node.url, node.children, style, inner, out);
        return;
      case 'linkReference': {
        const definition = this.definitions.get(normalize(node.identifier));
        if (definition) this.link(definition.url, node.children, style, inner, out);
        else for (const child of node.children) this.inline(child, style, inner, out);
        return;
      }
      case 'image':
        out.push(this.image(node.url, node.alt ?? '', style));
        return;
      case 'imageReference': {
        const definition = this.definitions.get(normalize(node.identifier));
        out.push(definition ? this.image(definition.url, node.alt ?? '', style) : new TextRun({ text: node.alt ?? '' }));
        return;
      }
      case 'html': {
        if (/^<br\s*\/?>$/i.test(node.value.trim())) out.push(new TextRun({ break: 1 }));
        else out.push(...textRuns(htmlText(node.value), style));
        return;
      }
      case 'footnoteReference':
        out.push(new TextRun({ text: `[${node.label ?? node.identifier}]`, superScript: true }));
        return;
      default:
        out.push(...textRuns(plainText(node), style));
    }
  }

  /** Absolute web and mail links become hyperlinks; anything else (relative, script) stays as its text. */
  private link(url: string, children: readonly PhrasingContent[], style: Inline, ctx: Block, out: ParagraphChild[]): void {
    if (!SAFE_LINK.test(url)) {
      for (const child of children) this.inline(child, style, ctx, out);
      return;
    }
    const runs: ParagraphChild[] = [];
    for (const child of children) this.inline(child, { ...style, link: true }, ctx, runs);
    if (runs.length === 0) runs.push(...textRuns(url, { ...style, link: true }));
    out.push(new ExternalHyperlink({ link: url, children: runs }));
  }

  private image(url: string, alt: string, style: Inline): ParagraphChild {
    const image = this.options.images.get(url);
    if (image) {
      const size = fitToPage(image);
      return new ImageRun({ type: image.type, data: image.data, transformation: size, altText: { name: alt || 'image', description: alt, title: alt } });
    }
    if (SAFE_LINK.test(url)) {
      return new ExternalHyperlink({ link: url, children: textRuns(alt || url, { ...style, link: true }) as TextRun[] });
    }
    return new TextRun({ text: this.options.texts.imageMissing(alt || url), italics: true, color: '888888' });
  }

  private paragraph(children: ParagraphChild[], ctx: Block): Paragraph {
    return new Paragraph({ children, ...this.quoteFormat(ctx), ...(ctx.indent > 0 && ctx.quote === 0 ? { indent: { left: ctx.indent } } : {}) });
  }

  private codeParagraph(code: string, ctx: Block): Paragraph {
    const lines = code.replace(/\r\n?/g, '\n').split('\n');
    const children = lines.map((line, index) => new TextRun({ text: line, ...(index > 0 ? { break: 1 } : {}) }));
    return new Paragraph({ style: CODE_STYLE, children, ...(ctx.indent > 0 || ctx.quote > 0 ? { indent: { left: ctx.indent + 360 * ctx.quote } } : {}) });
  }

  /** Quoted paragraphs: indented by depth, with the quote style's left bar. */
  private quoteFormat(ctx: Block): { style?: string; indent?: { left: number } } {
    if (ctx.quote === 0) return {};
    return { style: QUOTE_STYLE, indent: { left: ctx.indent + 360 * ctx.quote } };
  }
}

/** Runs of text in a style; control characters XML cannot hold are dropped. */
function textRuns(text: string, style: Inline): ParagraphChild[] {
  const clean = stripInvalidXml(text);
  if (!clean) return [];
  return [
    new TextRun({
      text: clean,
      ...(style.bold ? { bold: true } : {}),
      ...(style.italics ? { italics: true } : {}),
      ...(style.strike ? { strike: true } : {}),
      ...(style.superScript ? { superScript: true } : {}),
      ...(style.size ? { size: style.size } : {}),
      ...(style.color ? { color: style.color } : {}),
      ...(style.code ? { font: FONT_CODE, shading: { type: ShadingType.CLEAR, fill: 'F0F0F0', color: 'auto' } } : {}),
      ...(style.link ? { style: 'Hyperlink' } : {}),
    }),
  ];
}

/** XML 1.0 allows no C0 control character but tab, line feed and carriage return, and no lone surrogate. */
export function stripInvalidXml(text: string): string {
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '');
}

/** The text of raw HTML: tags dropped, `<br>` and block ends as line breaks, the common entities decoded. */
function htmlText(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<br\s*\/?>|<\/(p|div|li|tr|h[1-6])\s*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{2,}/g, '\n')
    .replace(/\n/g, ' ')
    .trim();
}

function alignment(align: string | null | undefined): (typeof AlignmentType)[keyof typeof AlignmentType] | undefined {
  if (align === 'center') return AlignmentType.CENTER;
  if (align === 'right') return AlignmentType.RIGHT;
  return undefined;
}

function normalize(identifier: string): string {
  return identifier.toLowerCase().replace(/\s+/g, ' ').trim();
}

/** A footnote's blocks as one run of phrasing (their paragraphs' text). */
function flattenToPhrasing(nodes: readonly (BlockContent | DefinitionContent)[]): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  for (const node of nodes) {
    if (node.type === 'paragraph') out.push(...node.children);
    else out.push({ type: 'text', value: ` ${plainText(node)}` });
  }
  return out;
}
