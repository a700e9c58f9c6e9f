import { setImmediate as nextTurn } from 'node:timers/promises';
import { Inject, Injectable } from '@nestjs/common';
import type { QuireConfig } from '@quire/config';
import { QUIRE_CONFIG } from '@quire/platform';
import type { Caller, ExportRenderDocument, ExportRenderEntry } from '@quire/proto';
import { ExportSource, flattenOutline } from '../content/export-source';
import { ExportTexts } from '../content/export-texts';
import type { LoadedItem } from '../content/loaded-item';
import { RenderSession } from './render-session';

/** Pages handed to the renderer at once (one `page.evaluate`), unless the caller asks for other batches. */
export const RENDER_BATCH = 100;
/**
 * Renderer pages (processes) drawing batches at once for the HTML site, whose time goes to drawing: two, for the two
 * cores an export worker is sized for. (The PDF draws in one: a second renderer costs its memory and, measured on a
 * busy machine, gained no time over printing.)
 */
export const RENDER_TABS = 2;

/** The anchor of a page in the rendered document (PDF link target, HTML file name). */
export const pageAnchor = (pageId: number): string => `page-${pageId}`;

/**
 * Feeds an item to the reader's renderer in headless Chromium (render-session.ts): the outline in
 * reading order, each page's Markdown read a batch at a time with the exporting user's rights, the
 * headings numbered as the Word export numbers them. `each` runs after every batch.
 */
@Injectable()
export class RenderedItem {
  constructor(
    private readonly source: ExportSource,
    private readonly texts: ExportTexts,
    @Inject(QUIRE_CONFIG) private readonly config: QuireConfig,
  ) {}

  /** A renderer for one job, reading attachment images as `caller`; the caller closes it. `scale`: of screenshots. */
  open(caller: Caller, scale = 1): Promise<RenderSession> {
    return RenderSession.open({
      chromiumPath: this.config.chromiumPath,
      webDist: this.config.http.webDist,
      images: (urls) => this.source.images(caller, urls),
      scale,
    });
  }

  document(item: LoadedItem, frame: boolean): ExportRenderDocument {
    return { lang: this.config.language === 'zh-cn' ? 'zh-CN' : 'en', itemName: item.name, description: item.description, texts: this.texts.render(item.outline.cat_name), frame };
  }

  /** The catalogs and pages in reading order, without their Markdown (the table of contents); none for an item without pages. */
  entries(item: LoadedItem): ExportRenderEntry[] {
    const outline = flattenOutline(item.outline);
    if (!outline.some((entry) => entry.kind === 'page')) return [];
    let catalogs = 0;
    return outline.map((entry): ExportRenderEntry =>
      entry.kind === 'catalog'
        ? { kind: 'catalog', anchor: `catalog-${++catalogs}`, heading: this.texts.heading(entry.number, entry.name), level: entry.level }
        : { kind: 'page', anchor: pageAnchor(entry.page_id), heading: this.texts.heading(entry.number, entry.title), level: entry.level },
    );
  }

  /** The renderer tabs of a job: `session` and `count - 1` more in its browser; closing `session` closes them all. */
  async tabs(session: RenderSession, count = RENDER_TABS): Promise<RenderSession[]> {
    const more = await Promise.all(Array.from({ length: count - 1 }, () => session.tab()));
    return [session, ...more];
  }

  /**
   * Renders every entry a batch of `size` pages at a time, the tabs taking batches in turn: `draw`
   * finishes a batch in its tab (after `add`) and frees the tab for the next; `use` takes the results in reading
   * order with the pages done so far. Nothing for an item without pages.
   */
  async render<T>(
    caller: Caller,
    item: LoadedItem,
    tabs: readonly RenderSession[],
    draw: (tab: RenderSession) => Promise<T>,
    use: (drawn: T, done: number, total: number) => Promise<void>,
    size = RENDER_BATCH,
  ): Promise<void> {
    const entries = this.entries(item);
    const pageIds = flattenOutline(item.outline).flatMap((entry) => (entry.kind === 'page' ? [entry.page_id] : []));
    if (pageIds.length === 0) return;
    const contents = this.source.contents(caller, item.outline.item_id, pageIds);
    const free = tabs.map((): Promise<unknown> => Promise.resolve());
    let used: Promise<void> = Promise.resolve();
    let failed = false;
    let batches = 0;
    let batch: ExportRenderEntry[] = [];
    let done = 0;
    const flush = async (): Promise<void> => {
      const slot = batches++ % tabs.length;
      const entries = batch;
      batch = [];
      done += entries.filter((entry) => entry.kind === 'page').length;
      const at = done;
      await free[slot];
      if (failed) return;
      const tab = tabs[slot];
      const drawn = tab.add(entries).then(() => draw(tab));
      free[slot] = drawn.catch(() => undefined);
      used = used.then(async () => use(await drawn, at, pageIds.length));
      used.catch(() => (failed = true));
      await nextTurn();
    };
    for (const entry of entries) {
      if (entry.kind === 'catalog') {
        batch.push(entry);
        continue;
      }
      const next = await contents.next();
      if (next.done) throw new Error('The page service sent fewer pages than the outline lists');
      const page = next.value;
      batch.push({
        ...entry,
        markdown: page.content,
        ...(page.truncatedFrom !== undefined ? { note: this.texts.pageTruncated(page.content.length, page.truncatedFrom) } : {}),
      });
      if (batch.filter((candidate) => candidate.kind === 'page').length >= size) await flush();
      if (failed) break;
    }
    if (batch.length > 0 && !failed) await flush();
    await used;
  }
}
