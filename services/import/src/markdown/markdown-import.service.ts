import { randomBytes } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { BlobStorage, ChangeFeed } from '@quire/platform';
import {
  ACTIVITY_TOPIC,
  activityOf,
  AppError,
  type Caller,
  type ChangeTopics,
  ErrorCode,
  IMPORT_COMMAND_CALLER,
  type ImportedMarkdown,
  type ImportMarkdownDto,
  type ImportPagesDto,
  MARKDOWN_IMPORT_LIMITS,
  nowSeconds,
} from '@quire/proto';
import { ItemClient } from '../clients/item.client';
import { PageClient } from '../clients/page.client';
import { linkPages, type PreparedImport, type PreparedPage, prepareImport } from './prepared-import';
import { readZip } from '../zip/zip-reader';

/** A `page.import.pages` / `page.import.contents` call carries at most this many pages … */
export const PAGES_PER_CALL = 200;
/** … and about this many bytes of JSON (the transport carries 8 MB a message; one page of 1,000,000 characters stays under it). */
const BYTES_PER_CALL = 3 * 1024 * 1024;

/**
 * `import/auto` for a zip of Markdown files (ShowDoc's route): the zip, as the gateway stored it, is read
 * and checked whole before anything is written (limits, names, encodings), then becomes a pending item
 * (catalogs, pages, the zip's linked files as attachments) that goes live in one write. Into an existing
 * item the user may edit, the pending item is a staging area whose content joins the item in one unit.
 * A failure on the way discards the pending item with everything written for it, and answers the error.
 */
@Injectable()
export class MarkdownImportService {
  private readonly logger = new Logger(MarkdownImportService.name);
  /**
   * The `*.import.*` subjects take the import service's own caller (the administrator group, as the command
   * line's): this service has checked the user's rights itself, and the records name the user as owner and author.
   */
  private readonly importer: Caller = { ...IMPORT_COMMAND_CALLER, clientId: 'markdown-import' };

  constructor(
    private readonly blobs: BlobStorage,
    private readonly items: ItemClient,
    private readonly pages: PageClient,
    private readonly feed: ChangeFeed<ChangeTopics>,
  ) {}

  async importZip(caller: Caller, dto: ImportMarkdownDto): Promise<ImportedMarkdown> {
    if (!caller || caller.uid <= 0) throw new AppError(ErrorCode.NotLoggedIn, 'not_logged_in');
    const upload = dto.file;
    if (!upload) throw AppError.failed('attachment_no_file');
    try {
      // ShowDoc chooses by the name's extension (`.json` would be Postman or Swagger, which Quire does not read).
      if (!/\.zip$/i.test(upload.name.trim())) throw AppError.failed('import_file_type');
      if (dto.item_id > 0) {
        const access = await this.items.access(caller, dto.item_id);
        if (!access.exists) throw new AppError(ErrorCode.NoPermission, 'page_item_not_found');
        if (access.archived) throw new AppError(ErrorCode.NoPermission, 'page_item_archived');
        if (!access.edit) throw new AppError(ErrorCode.NoPermission, 'no_permission');
      }
      const zip = readZip(await this.read(upload.key));
      const prepared = prepareImport(zip.files, zip.folders, upload.name);
      const imported = await this.write(caller, prepared, dto.item_id);
      const detail = { kind: 'markdown', pages: imported.pages, catalogs: imported.catalogs, into_item: dto.item_id > 0 };
      await this.feed.publishAfterCommit(ACTIVITY_TOPIC, activityOf(caller, 'import.create', imported.item_id, { type: 'import', id: imported.item_id, name: upload.name }, detail));
      return imported;
    } finally {
      await this.blobs.delete(upload.key).catch((error: Error) => this.logger.warn(`The uploaded zip ${upload.key} stays in storage: ${error.message}`));
    }
  }

  private async write(caller: Caller, prepared: PreparedImport, targetItemId: number): Promise<ImportedMarkdown> {
    const now = nowSeconds();
    const { item_id: pendingId } = await this.items.pendingItem(this.importer, caller, prepared.item_name, prepared.item_description);
    const stored: string[] = [];
    try {
      const itemId = targetItemId > 0 ? targetItemId : pendingId;
      const catIds = await this.writeCatalogs(pendingId, prepared, now);
      const pageIds = await this.writePages(caller, pendingId, prepared, catIds, now, stored);
      await this.writeLinks(pendingId, itemId, prepared, pageIds);
      if (targetItemId > 0) {
        await this.pages.moveContent(this.importer, pendingId, targetItemId);
        await this.items.discard(this.importer, pendingId).catch((error: Error) => this.logger.warn(`Staging item ${pendingId} is left for the sweep: ${error.message}`));
      } else if (!(await this.items.publish(this.importer, pendingId))) {
        throw AppError.failed('item_unfinished');
      }
      return {
        item_id: itemId,
        pages: prepared.pages.length,
        catalogs: prepared.catalogs.length,
        attachments: prepared.pages.reduce((sum, page) => sum + page.files.length, 0),
        ignored: prepared.ignored.slice(0, 100),
      };
    } catch (error) {
      this.logger.warn(`Markdown import into item ${pendingId} failed, discarding it: ${(error as Error).message}`);
      await this.items.discard(this.importer, pendingId).catch((failure: Error) => this.logger.error(`Discarding item ${pendingId} failed (the sweep removes it): ${failure.message}`));
      for (const key of stored) await this.blobs.delete(key).catch(() => undefined);
      throw error;
    }
  }

  private async writeCatalogs(itemId: number, prepared: PreparedImport, now: number): Promise<Map<number, number>> {
    const ids = new Map<number, number>([[0, 0]]);
    if (prepared.catalogs.length === 0) return ids;
    const reply = await this.pages.importCatalogs(this.importer, {
      item_id: itemId,
      catalogs: prepared.catalogs.map((catalog) => ({
        showdoc_cat_id: catalog.seq,
        parent: catalog.parent,
        cat_name: catalog.name,
        s_number: catalog.s_number,
        addtime: now,
        level: catalog.level,
      })),
    });
    for (const catalog of reply.catalogs) ids.set(catalog.showdoc_cat_id, catalog.cat_id);
    return ids;
  }

  /** The pages in batches, each page's files stored first; the new ids by file path. */
  private async writePages(caller: Caller, itemId: number, prepared: PreparedImport, catIds: Map<number, number>, now: number, stored: string[]): Promise<Map<string, number>> {
    const ids = new Map<string, number>();
    for (const batch of batches(prepared.pages, (page) => jsonBytes(page.content) + jsonBytes(page.title))) {
      const pages: ImportPagesDto['pages'] = [];
      for (const page of batch) {
        const attachments = [];
        for (const file of page.files) {
          const key = uploadKey();
          await this.blobs.put(key, Buffer.from(file.data), file.contentType);
          stored.push(key);
          attachments.push({
            sign: file.sign,
            display_name: file.name.slice(0, 255),
            blob_key: key,
            content_type: file.contentType,
            file_size: file.data.length,
            uid: caller.uid,
            addtime: now,
          });
        }
        pages.push({
          showdoc_page_id: page.seq,
          author_uid: caller.uid,
          author_username: caller.username,
          cat_id: catIds.get(page.catalog) ?? 0,
          page_title: page.title,
          page_content: page.content,
          s_number: page.s_number,
          addtime: now,
          page_comments: '',
          attachments,
          share_keys: [],
        });
      }
      const reply = await this.pages.importPages(this.importer, { item_id: itemId, pages });
      for (const written of reply.pages) {
        const page = batch.find((candidate) => candidate.seq === written.showdoc_page_id) as PreparedPage;
        ids.set(page.file, written.page_id);
        // A sign another file already had was replaced in the stored page: the second pass starts from the same text.
        for (const { from, to } of written.signs_changed) page.content = page.content.split(`sign=${from}`).join(`sign=${to}`);
      }
    }
    return ids;
  }

  /** The second pass: pages that link other pages of the zip, their links now pointing at them. */
  private async writeLinks(pendingId: number, itemId: number, prepared: PreparedImport, pageIds: Map<string, number>): Promise<void> {
    const linking = prepared.pages.filter((page) => page.linksPages).map((page) => ({ page_id: pageIds.get(page.file) as number, page_content: linkPages(page, itemId, pageIds) }));
    for (const batch of batches(linking, (page) => jsonBytes(page.page_content))) await this.pages.importContents(this.importer, { item_id: pendingId, pages: batch });
  }

  /** The uploaded zip's bytes, refused past the size limit whatever the upload said. */
  private async read(key: string): Promise<Uint8Array> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of await this.blobs.get(key)) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      size += buffer.length;
      if (size > MARKDOWN_IMPORT_LIMITS.maxZipBytes) throw AppError.failed('import_zip_too_large', { max: Math.floor(MARKDOWN_IMPORT_LIMITS.maxZipBytes / (1024 * 1024)) });
      chunks.push(buffer);
    }
    return new Uint8Array(Buffer.concat(chunks));
  }
}

/** Consecutive runs of at most PAGES_PER_CALL values and about BYTES_PER_CALL bytes (a larger value travels alone). */
export function batches<T>(values: readonly T[], size: (value: T) => number): T[][] {
  const runs: T[][] = [];
  let run: T[] = [];
  let bytes = 0;
  for (const value of values) {
    const own = size(value);
    if (run.length > 0 && (run.length >= PAGES_PER_CALL || bytes + own > BYTES_PER_CALL)) {
      runs.push(run);
      run = [];
      bytes = 0;
    }
    run.push(value);
    bytes += own;
  }
  if (run.length > 0) runs.push(run);
  return runs;
}

/** What a text weighs in a message: JSON escapes a control character into six bytes, a Chinese character is three. */
function jsonBytes(text: string): number {
  return Buffer.byteLength(JSON.stringify(text));
}

/** Where a stored file goes: the same form as the gateway's uploads (`uploads/YYYY/MM/<32 hex>`), which the page service accepts. */
function uploadKey(now: Date = new Date()): string {
  return `uploads/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomBytes(16).toString('hex')}`;
}
