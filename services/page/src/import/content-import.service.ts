import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DocumentStore, KeyValueStore, withLock } from '@quire/platform';
import type { ImportCatalogsDto, ImportedCatalogs, ImportedIds, ImportedPage, ImportedPages, ImportHistoryDto, ImportPagesDto, ImportSignsDto, ImportTemplatesDto } from '@quire/proto';
import { AttachmentRepository } from '../attachment/attachment.repository';
import type { CatalogEntity } from '../catalog/catalog.entity';
import { CatalogRepository } from '../catalog/catalog.repository';
import { contentHash, HistoryContentRepository } from '../page/history/history-content.repository';
import { HistoryRepository } from '../page/history/history.repository';
import { PageRepository } from '../page/page.repository';
import { ShareRepository } from '../page/share/share.repository';
import { TemplateRepository } from '../template/template.repository';

/** The lock under which one history body's references are added or its last one released (as HistoryService takes it). */
const bodyLock = (hash: string): string => `lock:history-body:${hash}`;

/**
 * Content brought over from another site (issue 16), into an item the item service holds pending (nobody sees it
 * until the import publishes it; a failed import has the item service purge it with everything written here).
 * Ids come from the sequences like every other write; the source's ids only travel back so the import can map them.
 * A file keeps its sign, a page its share keys, unless Quire already has them: then a new sign (links in the page
 * follow it) and no share key, both answered so the import reports them.
 */
@Injectable()
export class ContentImportService {
  constructor(
    private readonly documents: DocumentStore,
    private readonly kv: KeyValueStore,
    private readonly catalogs: CatalogRepository,
    private readonly pages: PageRepository,
    private readonly history: HistoryRepository,
    private readonly historyBodies: HistoryContentRepository,
    private readonly attachments: AttachmentRepository,
    private readonly shares: ShareRepository,
    private readonly templates: TemplateRepository,
  ) {}

  /** Parents come before their children; a parent missing from the batch puts the catalog at the top. */
  async importCatalogs(dto: ImportCatalogsDto): Promise<ImportedCatalogs> {
    const ids = new Map<number, number>();
    const rows: CatalogEntity[] = [];
    for (const catalog of dto.catalogs) {
      const cat_id = await this.catalogs.nextId();
      ids.set(catalog.showdoc_cat_id, cat_id);
      rows.push({
        cat_id,
        cat_name: catalog.cat_name,
        item_id: dto.item_id,
        s_number: catalog.s_number,
        addtime: catalog.addtime,
        parent_cat_id: ids.get(catalog.parent) ?? 0,
        level: catalog.level,
      });
    }
    if (rows.length > 0) await this.catalogs.insertMany(rows);
    return { catalogs: [...ids].map(([showdoc_cat_id, cat_id]) => ({ showdoc_cat_id, cat_id })) };
  }

  async importPages(dto: ImportPagesDto): Promise<ImportedPages> {
    const imported: ImportedPage[] = [];
    for (const page of dto.pages) imported.push(await this.importPage(dto.item_id, page));
    return { pages: imported };
  }

  private async importPage(itemId: number, page: ImportPagesDto['pages'][number]): Promise<ImportedPage> {
    const signsChanged: ImportedPage['signs_changed'] = [];
    const signs = new Map<string, string>();
    for (const file of page.attachments) {
      const taken = signs.has(file.sign) || (await this.attachments.findBySign(file.sign)) !== null;
      const sign = taken ? randomBytes(16).toString('hex') : file.sign;
      signs.set(file.sign, sign);
      if (taken) signsChanged.push({ from: file.sign, to: sign });
    }
    let content = page.page_content;
    for (const { from, to } of signsChanged) content = content.split(`sign=${from}`).join(`sign=${to}`);
    const sharesDropped: string[] = [];
    const keys: string[] = [];
    for (const key of new Set(page.share_keys)) {
      if ((await this.shares.findByKey(key)) === null) keys.push(key);
      else sharesDropped.push(key);
    }
    const created = await this.documents.transaction(async () => {
      const row = await this.pages.create({
        author_uid: page.author_uid,
        author_username: page.author_username,
        item_id: itemId,
        cat_id: page.cat_id,
        page_title: page.page_title,
        page_content: content,
        s_number: page.s_number,
        addtime: page.addtime,
        page_comments: page.page_comments,
      });
      for (const file of page.attachments) {
        await this.attachments.create({
          sign: signs.get(file.sign) ?? file.sign,
          item_id: itemId,
          page_id: row.page_id,
          uid: file.uid,
          display_name: file.display_name,
          content_type: file.content_type,
          file_size: file.file_size,
          blob_key: file.blob_key,
          addtime: file.addtime,
        });
      }
      for (const key of keys) await this.shares.create({ unique_key: key, page_id: row.page_id, item_id: itemId, addtime: page.addtime });
      return row;
    });
    return { showdoc_page_id: page.showdoc_page_id, page_id: created.page_id, shares_dropped: sharesDropped, signs_changed: signsChanged };
  }

  /** Every version as it was: bodies content-addressed in BlobStorage (stored before the rows reference them). */
  async importHistory(dto: ImportHistoryDto): Promise<{ versions: number }> {
    for (const version of dto.versions) {
      const hash = contentHash(version.page_content);
      await withLock(this.kv, bodyLock(hash), async () => {
        await this.historyBodies.ensure(hash, version.page_content);
        await this.history.create({
          page_id: version.page_id,
          item_id: dto.item_id,
          cat_id: version.cat_id,
          page_title: version.page_title,
          page_comments: version.page_comments,
          s_number: version.s_number,
          addtime: version.addtime,
          author_uid: version.author_uid,
          author_username: version.author_username,
          content_hash: hash,
        });
      });
    }
    return { versions: dto.versions.length };
  }

  async takenSigns(dto: ImportSignsDto): Promise<{ taken: string[] }> {
    const taken: string[] = [];
    for (const sign of new Set(dto.signs)) if (await this.attachments.findBySign(sign)) taken.push(sign);
    return { taken };
  }

  async importTemplates(dto: ImportTemplatesDto): Promise<ImportedIds> {
    const ids: number[] = [];
    for (const template of dto.templates) ids.push((await this.templates.create(template)).id);
    return { ids };
  }
}
