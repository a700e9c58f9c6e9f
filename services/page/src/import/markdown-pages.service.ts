import { Injectable } from '@nestjs/common';
import { DocumentStore } from '@quire/platform';
import { AppError, type ImportApiOperationsDto, type ImportContentsDto, type ImportedMove, type ImportMoveDto } from '@quire/proto';
import { ApiSourceRepository } from '../api-source/api-source.repository';
import { AttachmentRepository } from '../attachment/attachment.repository';
import { ContentVersion } from '../cache/content-version';
import { CatalogRepository } from '../catalog/catalog.repository';
import { type PageChanges, PageRepository } from '../page/page.repository';
import { SearchChanges } from '../search/search-changes';

/**
 * The page service's part of a Markdown zip import besides `page.import.catalogs` / `page.import.pages`:
 * the second pass that writes the content of pages whose links to each other are known only once they
 * exist, and, for an import into an existing item, the one unit that moves the staging item's catalogs,
 * pages and files into it (so a failed import never leaves half its pages in the item). Both are sent by
 * the import service only, which checked the user's rights (`requireImporter`).
 */
@Injectable()
export class MarkdownPagesService {
  constructor(
    private readonly documents: DocumentStore,
    private readonly contentVersion: ContentVersion,
    private readonly pages: PageRepository,
    private readonly catalogs: CatalogRepository,
    private readonly attachments: AttachmentRepository,
    private readonly search: SearchChanges,
    private readonly apiSources: ApiSourceRepository,
  ) {}

  /** New content for pages of the item (a page of another item is left alone); no history version: the pages are being created. */
  contents(dto: ImportContentsDto): Promise<{ pages: number }> {
    return this.updateItemPages(dto.item_id, dto.pages, (page) => ({ page_content: page.page_content }));
  }

  /** The operation each generated page documents (API import), on pages of the item only; no history version. */
  apiOperations(dto: ImportApiOperationsDto): Promise<{ pages: number }> {
    return this.updateItemPages(dto.item_id, dto.pages, (page) => ({ api_operation: page.api_operation }));
  }

  /** Sets `fields` of each listed page that belongs to the item, in one unit (others are left alone); how many were written. */
  private updateItemPages<P extends { page_id: number }>(itemId: number, pages: P[], fields: (page: P) => PageChanges): Promise<{ pages: number }> {
    return this.contentVersion.renewAfter(
      this.documents.transaction(async () => {
        let written = 0;
        for (const page of pages) {
          const row = await this.pages.findById(page.page_id);
          if (!row || row.item_id !== itemId) continue;
          await this.pages.update(page.page_id, fields(page));
          written += 1;
        }
        return { pages: written };
      }),
    );
  }

  /**
   * Everything of the staging item joins the target in one unit, under one of its catalogs when `cat_id` names one
   * (the staging item's top catalogs and pages go into it, levels deeper); the search index hears of each page after it.
   */
  async move(dto: ImportMoveDto): Promise<ImportedMove> {
    const pageIds = await this.pages.idsOfItem(dto.from_item_id);
    const moved = await this.contentVersion.renewAfter(
      this.documents.transaction(async () => {
        if (dto.cat_id !== undefined) {
          const parent = await this.catalogs.findInItem(dto.to_item_id, dto.cat_id);
          if (!parent) throw AppError.failed('api_import_catalog_not_found');
          await this.catalogs.nestUnder(dto.from_item_id, parent.cat_id, parent.level - 1);
          await this.pages.moveTopPagesTo(dto.from_item_id, parent.cat_id);
        }
        const catalogs = await this.catalogs.moveToItem(dto.from_item_id, dto.to_item_id);
        const pages = await this.pages.moveToItem(dto.from_item_id, dto.to_item_id);
        await this.attachments.moveToItem(dto.from_item_id, dto.to_item_id);
        await this.apiSources.moveToItem(dto.from_item_id, dto.to_item_id, dto.cat_id ?? 0);
        return { pages, catalogs };
      }),
    );
    for (const pageId of pageIds) await this.search.page(dto.to_item_id, pageId);
    return moved;
  }
}
