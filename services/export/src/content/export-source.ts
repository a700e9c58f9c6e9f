import type { Readable } from 'node:stream';
import { Injectable, Logger } from '@nestjs/common';
import { BlobStorage } from '@quire/platform';
import { attachmentSignOf, type Caller, EXPORT_CONTENT_MAX_IDS, type ExportCatalogNode, type ExportOutline, type ExportPageRef } from '@quire/proto';
import { PageClient } from '../clients/page.client';

/** One heading of an export, in reading order. */
export type OutlineEntry =
  { kind: 'catalog'; number: string; name: string; level: number; folders: string[] } | { kind: 'page'; number: string; title: string; level: number; page_id: number; folders: string[] };

/** A page's Markdown as read; `total` is its full length when it was cut at `MAX_PAGE_CHARS`. */
export interface PageText {
  page_id: number;
  content: string;
  truncatedFrom?: number;
}

/** A stored file behind an image link. */
export interface ImageFile {
  data: Buffer;
  contentType: string;
  name: string;
}

/** Pages longer than this are exported cut short, with a note (a page of many megabytes stays exportable). */
export const MAX_PAGE_CHARS = 2_000_000;
/** Images larger than this are linked, not embedded. */
const MAX_IMAGE_BYTES = 20 * 1024 * 1024;

/**
 * The headings of an outline in reading order, numbered as ShowDoc's export numbered them
 * (contract §12: root pages 1, 2, …; top catalogs continue the count; inside a catalog its pages
 * then its sub-catalogs count on from 1 under the catalog's number), without ShowDoc's repeats.
 * Levels: root pages and top catalogs 1, each catalog's pages and sub-catalogs one deeper.
 */
export function flattenOutline(outline: ExportOutline): OutlineEntry[] {
  const entries: OutlineEntry[] = [];
  const walk = (pages: ExportPageRef[], catalogs: ExportCatalogNode[], prefix: string, level: number, folders: string[]) => {
    let count = 0;
    const number = () => (prefix ? `${prefix}.${++count}` : String(++count));
    for (const page of pages) entries.push({ kind: 'page', number: number(), title: page.page_title, level, page_id: page.page_id, folders });
    for (const catalog of catalogs) {
      const catalogNumber = number();
      entries.push({ kind: 'catalog', number: catalogNumber, name: catalog.cat_name, level, folders });
      walk(catalog.pages, catalog.catalogs, catalogNumber, level + 1, [...folders, catalog.cat_name]);
    }
  };
  walk(outline.pages, outline.catalogs, '', 1, []);
  return entries;
}

/** Reads what an export needs through the page service and BlobStorage, for the original caller. */
@Injectable()
export class ExportSource {
  private readonly logger = new Logger(ExportSource.name);

  constructor(
    private readonly pages: PageClient,
    private readonly blobs: BlobStorage,
  ) {}

  /**
   * The content of the pages, in the order given, fetched in transport-sized pieces: many small
   * pages per call, a long page over several. Only one batch of pages is held at a time.
   */
  async *contents(caller: Caller, itemId: number, pageIds: readonly number[]): AsyncGenerator<PageText> {
    let index = 0;
    let start = 0;
    let parts: string[] = [];
    let length = 0;
    while (index < pageIds.length) {
      const batch = pageIds.slice(index, index + EXPORT_CONTENT_MAX_IDS);
      const reply = await this.pages.content(caller, itemId, batch, start);
      let moved = false;
      for (const piece of reply.pieces) {
        if (piece.page_id !== pageIds[index]) throw new Error(`The page service answered page ${piece.page_id} for page ${pageIds[index]}`);
        parts.push(piece.content);
        length += piece.content.length;
        const end = piece.start + piece.content.length;
        if (piece.content.length > 0 || piece.total === 0) moved = true;
        const cut = length >= MAX_PAGE_CHARS && end < piece.total;
        if (end < piece.total && !cut) {
          start = end;
          break;
        }
        const content = parts.join('');
        yield cut ? { page_id: piece.page_id, content: content.slice(0, MAX_PAGE_CHARS), truncatedFrom: piece.total } : { page_id: piece.page_id, content };
        parts = [];
        length = 0;
        start = 0;
        index += 1;
      }
      if (!moved) throw new Error(`The page service sent nothing of page ${pageIds[index]}`);
    }
  }

  /**
   * The stored files behind image links to attachments, by URL as written. External links,
   * unknown signs, files the caller may not read and unreadable blobs map to null (linked,
   * never failing the export).
   */
  async images(caller: Caller, urls: readonly string[]): Promise<Map<string, ImageFile | null>> {
    const result = new Map<string, ImageFile | null>(urls.map((url) => [url, null]));
    const bySign = new Map<string, string[]>();
    for (const url of urls) {
      const sign = attachmentSignOf(url);
      if (!sign) continue;
      bySign.set(sign, [...(bySign.get(sign) ?? []), url]);
    }
    if (bySign.size === 0) return result;
    const resolved = await this.pages.resolveAttachments(caller, [...bySign.keys()]);
    for (const file of resolved) {
      if (file.size > MAX_IMAGE_BYTES) continue;
      const data = await this.read(file.key);
      if (!data) continue;
      for (const url of bySign.get(file.sign) ?? []) result.set(url, { data, contentType: file.content_type, name: file.display_name });
    }
    return result;
  }

  private async read(key: string): Promise<Buffer | null> {
    let stream: Readable;
    try {
      stream = await this.blobs.get(key);
    } catch (error) {
      this.logger.warn(`Image ${key} cannot be read (${(error as Error).message}); it is linked instead`);
      return null;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of stream) {
        const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
        size += buffer.length;
        if (size > MAX_IMAGE_BYTES) {
          stream.destroy();
          return null;
        }
        chunks.push(buffer);
      }
    } catch (error) {
      this.logger.warn(`Image ${key} could not be read to the end (${(error as Error).message}); it is linked instead`);
      return null;
    }
    return Buffer.concat(chunks);
  }
}
