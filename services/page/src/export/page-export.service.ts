import { Injectable } from '@nestjs/common';
import {
  AppError,
  type Caller,
  ErrorCode,
  type ExportContent,
  type ExportContentDto,
  type ExportOutline,
  type ExportOutlineDto,
  mayExport,
  type ResolveAttachmentsDto,
  type ResolvedAttachment,
} from '@quire/proto';
import { ItemAccessService, requireLogin } from '../access/item-access.service';
import { AttachmentRepository } from '../attachment/attachment.repository';
import { CatalogRepository } from '../catalog/catalog.repository';
import { PageRepository } from '../page/page.repository';
import { takePieces } from './content-pieces';
import { buildExportOutline } from './export-outline';

/**
 * The page service's side of an export (internal subjects of the export service): the outline of
 * an item or catalog, page content in transport-sized pieces, and the files behind image links.
 * The export right (contract §9.6) is asked of the item service on every call, with the original caller.
 */
@Injectable()
export class PageExportService {
  constructor(
    private readonly access: ItemAccessService,
    private readonly pages: PageRepository,
    private readonly catalogs: CatalogRepository,
    private readonly attachments: AttachmentRepository,
  ) {}

  async outline(caller: Caller, dto: ExportOutlineDto): Promise<ExportOutline> {
    await this.requireExport(caller, dto.item_id);
    let chosen = null;
    if (dto.cat_id > 0) {
      chosen = await this.catalogs.findInItem(dto.item_id, dto.cat_id);
      if (!chosen) throw AppError.failed('export_catalog_not_found');
    }
    const [pages, catalogs] = await Promise.all([this.pages.summaries(dto.item_id), this.catalogs.ofItem(dto.item_id)]);
    return buildExportOutline(dto.item_id, pages, catalogs, chosen);
  }

  async content(caller: Caller, dto: ExportContentDto): Promise<ExportContent> {
    await this.requireExport(caller, dto.item_id);
    // A page being continued comes alone: there is no need to read the others again.
    const ids = dto.start > 0 ? dto.page_ids.slice(0, 1) : dto.page_ids;
    return { pieces: takePieces(await this.pages.contents(dto.item_id, ids), ids, dto.start) };
  }

  /**
   * The stored files of attachment links, for those the caller may read: files of an item they may
   * visit (the item the file's page is in now), or pasted before any item (their link is public).
   * Unknown signs and files of items the caller may not read are left out: the export links them.
   */
  async resolve(caller: Caller, dto: ResolveAttachmentsDto): Promise<ResolvedAttachment[]> {
    requireLogin(caller);
    const found = await Promise.all([...new Set(dto.signs)].map((sign) => this.attachments.findBySign(sign)));
    const visible = new Map<number, Promise<boolean>>();
    const mayRead = (itemId: number): Promise<boolean> => {
      if (itemId <= 0) return Promise.resolve(true);
      let answer = visible.get(itemId);
      if (!answer) {
        answer = this.access.check(caller, itemId).then((access) => access.exists && access.visit);
        visible.set(itemId, answer);
      }
      return answer;
    };
    const resolved: ResolvedAttachment[] = [];
    for (const row of found) {
      if (!row) continue;
      const page = row.page_id > 0 ? await this.pages.findById(row.page_id) : null;
      if (!(await mayRead(page ? page.item_id : row.item_id))) continue;
      resolved.push({ sign: row.sign, key: row.blob_key, content_type: row.content_type, size: row.file_size, display_name: row.display_name });
    }
    return resolved;
  }

  private async requireExport(caller: Caller, itemId: number): Promise<void> {
    requireLogin(caller);
    const access = await this.access.check(caller, itemId);
    if (!access.exists) throw AppError.failed('page_item_not_found');
    if (!mayExport(access)) throw new AppError(ErrorCode.NoPermission, 'no_permission');
  }
}
