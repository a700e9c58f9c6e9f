import { highlightedRuns } from './code-highlight';
import {
  type BlockContent,
  type Definition,
  type DefinitionContent,
  type List,
  type ListItem,
  mathSource,
  type PhrasingContent,
  plainText,
  type Root,
  type RootContent,
  type Table,
} from '@quire/markdown';
import { LINE_BREAK, paragraph, type ParagraphFormat, hyperlink, inlineImage, run, type RunStyle, TABLE_END, tableRow, tableStart } from './ooxml';
import { type FigureKind, figureUrl, mathKind } from './word-figures';

/** What the rendered body refers to: the package's relationships, images and list numbering. */
export interface WordParts {
  /** The relationship id of an external hyperlink. */
  hyperlink(url: string): string;
  /** The picture for an image URL, or null to link it (external, missing, not embeddable). */
  image(url: string): { relationshipId: string; width: number; height: number } | null;
  /** A document-wide unique id for one drawing (the same picture shown twice needs two). */
  drawingId(): number;
  /** A numbering instance for an ordered list starting at `start`, at a nesting level. */
  orderedList(level: number, start: number): number;
  readonly bulletList: number;
}

/** Texts the rendering writes itself, in the server's language. */
export interface RenderTexts {
  imageMissing(alt: string): string;
  tableTruncated(rows: number, shown: number): string;
}

export interface RenderOptions {
  /** The heading level of the page's own title: the page's `#` becomes this level + 1. */
  baseLevel: number;
  parts: WordParts;
  texts: RenderTexts;
  /** Link reference definitions of the whole page (a long page is parsed in segments). */
  definitions?: ReadonlyMap<string, string>;
}

export const CODE_STYLE = 'QuireCode';
export const QUOTE_STYLE = 'QuireQuote';

/** Nesting past this depth (quotes in quotes in lists…) is written as plain text, so no input can exhaust the stack. */
const MAX_DEPTH = 24;
const MAX_LIST_LEVEL = 8;
const SAFE_LINK = /^(https?:|mailto:)/i;

interface Block {
  depth: number;
  quote: number;
  /** Left indent (twips) of blocks inside list items after their first paragraph. */
  indent: number;
}

/**
 * Renders a page's Markdown tree as WordprocessingML: headings, paragraphs, bold, italic, strike,
 * inline code, links, nested ordered, bullet and task lists, block quotes, fenced code in a
 * monospace style, GFM tables, rules, images (embedded when the parts have them, linked otherwise),
 * and Mermaid diagrams and math as the pictures the parts have for them (their source otherwise). Raw HTML is written as its text. Never throws on any tree
 * remark produces.
 */
export class MarkdownToDocx {
  private readonly definitions = new Map<string, string>();

  constructor(private readonly options: RenderOptions) {
    for (const [id, url] of options.definitions ?? []) this.definitions.set(id, url);
  }

  /** The body XML of a tree; with `continuesTable`, a leading table's header row is left out (it joins the table above). */
  render(root: Root, options: { continuesTable?: boolean } = {}): string {
    for (const node of root.children) if (node.type === 'definition') this.define(node);
    const out: string[] = [];
    let first = true;
    for (const node of root.children) {
      if (first && options.continuesTable && node.type === 'table') this.table(node, { depth: 1, quote: 0, indent: 0 }, out, true);
      else this.block(node, { depth: 0, quote: 0, indent: 0 }, out);
      first = false;
    }
    return out.join('');
  }

  private define(node: Definition): void {
    const id = normalizeLabel(node.identifier);
    if (!this.definitions.has(id)) this.definitions.set(id, node.url);
  }

  private block(node: RootContent, ctx: Block, out: string[]): void {
    if (ctx.depth > MAX_DEPTH) {
      const text = plainText(node);
      if (text.trim()) out.push(this.paragraph(run(text), ctx));
      return;
    }
    const inner: Block = { ...ctx, depth: ctx.depth + 1 };
    const math = mathSource(node);
    if (math !== null) {
      out.push(this.figure(mathKind(node), math, ctx) ?? this.code(math, undefined, ctx));
      return;
    }
    switch (node.type) {
      case 'heading':
        out.push(paragraph(this.inlines(node.children, {}, inner), { style: `Heading${Math.min(6, this.options.baseLevel + node.depth)}`, ...this.quoteFormat(ctx) }));
        return;
      case 'paragraph':
        out.push(this.paragraph(this.inlines(node.children, {}, inner), ctx));
        return;
      case 'blockquote':
        for (const child of node.children) this.block(child, { ...inner, quote: ctx.quote + 1 }, out);
        return;
      case 'list':
        this.list(node, 0, inner, out);
        return;
      case 'code':
        out.push((node.lang?.toLowerCase() === 'mermaid' ? this.figure('mermaid', node.value, ctx) : undefined) ?? this.code(node.value, node.lang, ctx));
        return;
      case 'table':
        this.table(node, inner, out, false);
        return;
      case 'thematicBreak':
        out.push(paragraph('', { borderBottom: true }));
        return;
      case 'html': {
        const text = htmlText(node.value);
        if (text.trim()) out.push(this.paragraph(run(text), ctx));
        return;
      }
      case 'footnoteDefinition':
        out.push(this.paragraph(run(`[${node.label ?? node.identifier}] `, { superScript: true }) + this.inlines(flattenToPhrasing(node.children), {}, inner), ctx));
        return;
      case 'definition':
      case 'yaml':
        return;
      default: {
        // A node no case above knows (a plugin's): its text, so nothing written is lost.
        const text = plainText(node);
        if (text.trim()) out.push(this.paragraph(run(text), ctx));
      }
    }
  }

  private list(list: List, level: number, ctx: Block, out: string[]): void {
    const listLevel = Math.min(level, MAX_LIST_LEVEL);
    const numId = list.ordered ? this.options.parts.orderedList(listLevel, list.start ?? 1) : this.options.parts.bulletList;
    for (const item of list.children) this.listItem(item, { numId, level: listLevel }, ctx, out);
  }

  private listItem(item: ListItem, list: { numId: number; level: number }, ctx: Block, out: string[]): void {
    const format: ParagraphFormat = { numbering: { numId: list.numId, level: list.level }, ...this.quoteFormat(ctx) };
    if (ctx.quote > 0) delete format.indentLeft;
    const inner: Block = { ...ctx, depth: ctx.depth + 1, indent: 720 * (list.level + 1) };
    const task = typeof item.checked === 'boolean' ? run(item.checked ? '☑ ' : '☐ ') : '';
    let first = true;
    for (const child of item.children) {
      if (first) {
        first = false;
        if (child.type === 'paragraph') {
          out.push(paragraph(task + this.inlines(child.children, {}, inner), format));
          continue;
        }
        // An item that starts with something other than text still gets its bullet or number.
        out.push(paragraph(task, format));
      }
      if (child.type === 'list') this.list(child, list.level + 1, inner, out);
      else this.block(child, inner, out);
    }
    if (first) out.push(paragraph(task, format));
  }

  private table(table: Table, ctx: Block, out: string[], continuation: boolean): void {
    const rows = table.children;
    const columns = Math.max(1, ...rows.map((row) => row.children.length));
    const align = (table.align ?? []).map((a) => (a === 'center' || a === 'right' ? a : undefined));
    out.push(tableStart(columns));
    rows.forEach((row, index) => {
      const header = index === 0;
      if (header && continuation) return;
      const style: RunStyle = header ? { bold: true, color: 'FFFFFF', size: 18 } : { size: 18 };
      out.push(
        tableRow(
          row.children.map((cell) => this.inlines(cell.children, style, ctx)),
          columns,
          { header, align },
        ),
      );
    });
    out.push(TABLE_END);
  }

  private inlines(nodes: readonly PhrasingContent[], style: RunStyle, ctx: Block): string {
    const out: string[] = [];
    for (const node of nodes) this.inline(node, style, ctx, out);
    return out.join('');
  }

  private inline(node: PhrasingContent, style: RunStyle, ctx: Block, out: string[]): void {
    if (ctx.depth > MAX_DEPTH) {
      out.push(run(plainText(node), style));
      return;
    }
    const inner: Block = { ...ctx, depth: ctx.depth + 1 };
    const math = mathSource(node);
    if (math !== null) {
      const picture = this.options.parts.image(figureUrl('inlineMath', math));
      out.push(picture ? inlineImage(picture.relationshipId, this.options.parts.drawingId(), picture, math) : run(math, { ...style, code: true, italics: true }));
      return;
    }
    switch (node.type) {
      case 'text':
        out.push(run(node.value.replace(/\r?\n/g, ' '), style));
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
        out.push(run(node.value, { ...style, code: true }));
        return;
      case 'break':
        out.push(LINE_BREAK);
        return;
      case 'link':
        this.link(node.url, node.children, style, inner, out);
        return;
      case 'linkReference': {
        const url = this.definitions.get(normalizeLabel(node.identifier));
        if (url !== undefined) this.link(url, node.children, style, inner, out);
        else for (const child of node.children) this.inline(child, style, inner, out);
        return;
      }
      case 'image':
        out.push(this.image(node.url, node.alt ?? '', style));
        return;
      case 'imageReference': {
        const url = this.definitions.get(normalizeLabel(node.identifier));
        out.push(url !== undefined ? this.image(url, node.alt ?? '', style) : run(node.alt ?? '', style));
        return;
      }
      case 'html':
        out.push(/^<br\s*\/?>$/i.test(node.value.trim()) ? LINE_BREAK : run(htmlText(node.value), style));
        return;
      case 'footnoteReference':
        out.push(run(`[${node.label ?? node.identifier}]`, { ...style, superScript: true }));
        return;
      default:
        out.push(run(plainText(node), style));
    }
  }

  /** Absolute web and mail links become hyperlinks; anything else (relative, script) stays as its text. */
  private link(url: string, children: readonly PhrasingContent[], style: RunStyle, ctx: Block, out: string[]): void {
    if (!SAFE_LINK.test(url)) {
      for (const child of children) this.inline(child, style, ctx, out);
      return;
    }
    const runs = this.inlines(children, { ...style, link: true }, ctx) || run(url, { ...style, link: true });
    out.push(hyperlink(this.options.parts.hyperlink(url), runs));
  }

  private image(url: string, alt: string, style: RunStyle): string {
    const picture = this.options.parts.image(url);
    if (picture) return inlineImage(picture.relationshipId, this.options.parts.drawingId(), picture, alt);
    if (SAFE_LINK.test(url)) return hyperlink(this.options.parts.hyperlink(url), run(alt || url, { ...style, link: true }));
    return run(this.options.texts.imageMissing(alt || url), { italics: true, color: '888888' });
  }

  /** A diagram or a displayed formula as its picture in a centred paragraph, or undefined when there is none. */
  private figure(kind: FigureKind, source: string, ctx: Block): string | undefined {
    const picture = this.options.parts.image(figureUrl(kind, source));
    if (!picture) return undefined;
    return paragraph(inlineImage(picture.relationshipId, this.options.parts.drawingId(), picture, source), { ...this.quoteFormat(ctx), align: 'center' });
  }

  private paragraph(content: string, ctx: Block): string {
    return paragraph(content, { ...this.quoteFormat(ctx), ...(ctx.indent > 0 && ctx.quote === 0 ? { indentLeft: ctx.indent } : {}) });
  }

  private code(code: string, language: string | null | undefined, ctx: Block): string {
    const text = code.replace(/\r\n?/g, '\n');
    const indent = ctx.indent + 360 * ctx.quote;
    return paragraph(highlightedRuns(text, language), { style: CODE_STYLE, ...(indent > 0 ? { indentLeft: indent } : {}) });
  }

  /** Quoted blocks: indented by depth, with the quote style's left bar. */
  private quoteFormat(ctx: Block): ParagraphFormat {
    if (ctx.quote === 0) return {};
    return { style: QUOTE_STYLE, indentLeft: ctx.indent + 360 * ctx.quote };
  }
}

/** How CommonMark compares reference labels. */
export function normalizeLabel(label: string): string {
  return label.toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The text of raw HTML: tags dropped, `<br>` and block ends as spaces, the common entities decoded. */
function htmlText(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<br\s*\/?>|<\/(p|div|li|tr|h[1-6])\s*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
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
