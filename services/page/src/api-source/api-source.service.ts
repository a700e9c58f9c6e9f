import { Injectable } from '@nestjs/common';
import { BlobStorage, DocumentStore } from '@quire/platform';
import {
  AppError,
  type Caller,
  ErrorCode,
  type ExportCatalogNode,
  type ExportOpenapiDto,
  type ExportPageRef,
  type ImportApiSchemasDto,
  type ImportApiSourceDto,
  mayExport,
  nowSeconds,
  Reply,
} from '@quire/proto';
import { stringify } from 'yaml';
import { ItemAccessService, requireLogin } from '../access/item-access.service';
import { CatalogRepository } from '../catalog/catalog.repository';
import { buildExportOutline } from '../export/export-outline';
import { PageRepository } from '../page/page.repository';
import { ApiSourceRepository } from './api-source.repository';
import { buildOpenApiDocument, type ExportedOperation } from './openapi-document';

/** The JSON document goes out as OpenAPI's registered type, so no client mistakes the file for an API answer. */
const FORMATS = {
  json: { contentType: 'application/vnd.oai.openapi+json', extension: 'json' },
  yaml: { contentType: 'application/yaml', extension: 'yaml' },
} as const;

/**
 * What an API import keeps of its document besides the operations on its pages (issue 19), and the way back: the
 * generated pages of an item or catalog as one OpenAPI 3.1 document. The export follows the rules of the other
 * exports (contract §9.6: logged in, the export right on the item) and answers a download streamed from storage
 * (the document may be many megabytes: too big for the transport); one file per item, catalog and format.
 */
@Injectable()
export class ApiSourceService {
  constructor(
    private readonly documents: DocumentStore,
    private readonly sources: ApiSourceRepository,
    private readonly pages: PageRepository,
    private readonly catalogs: CatalogRepository,
    private readonly access: ItemAccessService,
    private readonly blobs: BlobStorage,
  ) {}

  /** `page.import.apiSource`: a new record, or (`source_id`) a re-sync's in place of the item's old one. */
  async importSource(dto: ImportApiSourceDto): Promise<{ source_id: number }> {
    const { source_id: sourceId, cat_id: catId, ...fields } = dto;
    if (sourceId !== undefined) {
      const old = await this.sources.find(sourceId);
      if (!old || old.item_id !== dto.item_id) throw AppError.failed('api_import_source_not_found');
      await this.documents.transaction(() => this.sources.replace({ ...old, ...fields, cat_id: catId ?? old.cat_id, addtime: nowSeconds() }));
      return { source_id: sourceId };
    }
    const record = await this.sources.create({ ...fields, cat_id: catId ?? 0, addtime: nowSeconds() });
    return { source_id: record.source_id };
  }

  /** `page.import.apiSchemas`: named schemas of a record of that item. */
  async importSchemas(dto: ImportApiSchemasDto): Promise<{ schemas: number }> {
    const source = await this.sources.find(dto.source_id);
    if (!source || source.item_id !== dto.item_id) throw AppError.failed('api_import_source_not_found');
    return { schemas: await this.sources.addSchemas(dto.schemas.map((schema) => ({ source_id: dto.source_id, item_id: dto.item_id, name: schema.name, schema: schema.schema }))) };
  }

  /** `export/openapi`: the item's (or the catalog's) generated pages, in menu order, as an OpenAPI 3.1 download. */
  async exportOpenapi(caller: Caller, dto: ExportOpenapiDto): Promise<Reply<never>> {
    requireLogin(caller);
    const access = await this.access.check(caller, dto.item_id);
    if (!access.exists) throw AppError.failed('page_item_not_found');
    if (!mayExport(access)) throw new AppError(ErrorCode.NoPermission, 'no_permission');
    let chosen = null;
    if (dto.cat_id > 0) {
      chosen = await this.catalogs.findInItem(dto.item_id, dto.cat_id);
      if (!chosen) throw AppError.failed('export_catalog_not_found');
    }
    const [rows, catalogs] = await Promise.all([this.pages.withApiOperations(dto.item_id), this.catalogs.ofItem(dto.item_id)]);
    const outline = buildExportOutline(dto.item_id, rows, catalogs, chosen);
    const byId = new Map(rows.map((row) => [row.page_id, row]));
    const ordered: ExportedOperation[] = [];
    // A page's tag is the catalog it is in now; directly in the exported catalog, only a page that had tags takes its name.
    const walk = (pages: ExportPageRef[], nodes: ExportCatalogNode[], catalog: string, top: boolean) => {
      for (const page of pages) {
        const row = byId.get(page.page_id);
        if (!row?.api_operation) continue;
        const tagged = (row.api_operation.spec?.tags.length ?? 0) > 0;
        ordered.push({ page_title: row.page_title, catalog: top && !tagged ? '' : catalog, operation: row.api_operation });
      }
      for (const node of nodes) walk(node.pages, node.catalogs, node.cat_name, false);
    };
    walk(outline.pages, outline.catalogs, outline.cat_name, true);
    const sourceIds = [...new Set(ordered.map((entry) => entry.operation.source.source_id).filter((id): id is number => id !== undefined))];
    const sources = sourceIds.length > 0 ? await this.sources.findInItem(dto.item_id, sourceIds) : [];
    const schemas = sources.length > 0 ? await this.sources.schemasOf(sources.map((source) => source.source_id)) : [];
    const title = chosen ? `${access.item_name} - ${chosen.cat_name}` : access.item_name;
    const { document } = buildOpenApiDocument({ title, description: access.item_description, operations: ordered, sources, schemas });
    const format = FORMATS[dto.format];
    const body = dto.format === 'yaml' ? stringify(document, { aliasDuplicateObjects: false, lineWidth: 0 }) : `${JSON.stringify(document, null, 2)}\n`;
    const key = `exports/openapi/item-${dto.item_id}-cat-${dto.cat_id}.${format.extension}`;
    await this.blobs.put(key, Buffer.from(body, 'utf8'), format.contentType);
    return Reply.blob({ key, contentType: format.contentType, filename: `${safeFileName(title)}.openapi.${format.extension}`, inline: false });
  }
}

/** A file name any system accepts: no path separators or control characters. */
function safeFileName(name: string): string {
  const cleaned = name.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, ' ').trim();
  return cleaned.slice(0, 150) || 'api';
}
