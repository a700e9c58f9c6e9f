import { createHash } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { mathSource, type Root, walkMarkdown } from '@quire/markdown';
import type { ExportRenderFigure } from '@quire/proto';
import type { RenderSession } from '../render/render-session';
import type { EmbeddedImage } from './word-document';

export type FigureKind = ExportRenderFigure['kind'];

/** Figures drawn by one `figures` call: the renderer holds them all at once. */
const FIGURE_BATCH = 40;
/** Device pixels per CSS pixel of the pictures: sharp on paper, shown at their CSS size. */
export const FIGURE_SCALE = 2;

/** The picture's key among the document's images (a URL no Markdown image can have). */
export function figureUrl(kind: FigureKind, source: string): string {
  return `quire-figure:${kind}:${createHash('sha1').update(source).digest('hex')}`;
}

/** A math node's figure: a displayed formula (`$$` block) or one in the text. */
export function mathKind(node: { type: string }): FigureKind {
  return node.type === 'math' ? 'math' : 'inlineMath';
}

/** The Mermaid diagrams (`mermaid` code blocks) and formulas of a page's tree, each once. */
export function figuresOf(tree: Root): ExportRenderFigure[] {
  const figures = new Map<string, ExportRenderFigure>();
  for (const node of walkMarkdown(tree)) {
    const math = mathSource(node);
    let figure: Omit<ExportRenderFigure, 'id'> | undefined;
    if (math !== null && math.trim() !== '') figure = { kind: mathKind(node), source: math };
    else if (node.type === 'code' && node.lang?.toLowerCase() === 'mermaid' && node.value.trim() !== '') figure = { kind: 'mermaid', source: node.value };
    if (!figure) continue;
    const url = figureUrl(figure.kind, figure.source);
    figures.set(url, { ...figure, id: url.replace(/[^\w-]/g, '-') });
  }
  return [...figures.values()];
}

/**
 * Mermaid diagrams and formulas as pictures for the Word export, drawn by the reader's renderer in headless
 * Chromium (render-session.ts) and photographed: the browser starts with the first page that has one, so an item
 * without any never starts it. A figure that cannot be drawn (an invalid diagram, no renderer on this install)
 * maps to null, and Word shows its source as before.
 */
export class WordFigures {
  private readonly logger = new Logger(WordFigures.name);
  private session?: Promise<RenderSession>;
  private unavailable = false;

  constructor(private readonly open: () => Promise<RenderSession>) {}

  /** The pictures of `figures`, by {@link figureUrl}. */
  async pictures(figures: readonly ExportRenderFigure[]): Promise<Map<string, EmbeddedImage | null>> {
    const pictures = new Map<string, EmbeddedImage | null>(figures.map((figure) => [figureUrl(figure.kind, figure.source), null]));
    const session = await this.renderer();
    if (!session) return pictures;
    for (let start = 0; start < figures.length; start += FIGURE_BATCH) {
      const batch = figures.slice(start, start + FIGURE_BATCH);
      try {
        await session.figures(batch);
        await session.settle();
        const clips = await session.figureClips();
        for (const figure of batch) {
          const clip = clips[figure.id];
          if (!clip) continue;
          const data = await session.screenshot(clip);
          pictures.set(figureUrl(figure.kind, figure.source), { type: 'png', width: clip.width, height: clip.height, data });
        }
      } catch (error) {
        this.logger.warn(`Figures could not be drawn (${(error as Error).message}); Word shows their source`);
      }
    }
    return pictures;
  }

  async close(): Promise<void> {
    const session = await this.session?.catch(() => undefined);
    await session?.close();
  }

  private async renderer(): Promise<RenderSession | undefined> {
    if (this.unavailable) return undefined;
    this.session ??= this.open();
    try {
      return await this.session;
    } catch (error) {
      this.unavailable = true;
      this.logger.warn(`The renderer cannot start (${(error as Error).message}); Word shows Mermaid and math as their source`);
      return undefined;
    }
  }
}
