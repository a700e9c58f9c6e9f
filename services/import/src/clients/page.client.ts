import { Injectable } from '@nestjs/common';
import { TransportClient } from '@quire/platform';
import {
  type Caller,
  type CatalogGroup,
  type ImportApiOperationsDto,
  type ImportApiSchemasDto,
  type ImportApiSourceDto,
  type ImportCatalogsDto,
  type ImportContentsDto,
  type ImportedCatalogs,
  type ImportedIds,
  type ImportedMove,
  type ImportedPages,
  type ImportHistoryDto,
  type ImportPagesDto,
  type ImportSignsDto,
  type ImportTemplatesDto,
  type QuireContracts,
  Subject,
} from '@quire/proto';

/** What the import service asks the page service. */
@Injectable()
export class PageClient {
  constructor(private readonly transport: TransportClient<QuireContracts>) {}

  importCatalogs(caller: Caller, params: ImportCatalogsDto): Promise<ImportedCatalogs> {
    return this.transport.send(Subject.PageImportCatalogs, { caller, params });
  }

  importPages(caller: Caller, params: ImportPagesDto): Promise<ImportedPages> {
    return this.transport.send(Subject.PageImportPages, { caller, params });
  }

  /** Replaces the content of imported pages (a Markdown import's second pass: links between its pages). */
  async importContents(caller: Caller, params: ImportContentsDto): Promise<number> {
    return (await this.transport.send(Subject.PageImportContents, { caller, params })).pages;
  }

  /** Moves a staging item's catalogs, pages and files into another item (under one of its catalogs: `catId`), in one unit. */
  moveContent(caller: Caller, fromItemId: number, toItemId: number, catId = 0): Promise<ImportedMove> {
    return this.transport.send(Subject.PageImportMove, { caller, params: { from_item_id: fromItemId, to_item_id: toItemId, ...(catId > 0 ? { cat_id: catId } : {}) } });
  }

  /** The operation each generated page of a pending item documents (API import). */
  async importApiOperations(caller: Caller, params: ImportApiOperationsDto): Promise<number> {
    return (await this.transport.send(Subject.PageImportApiOperations, { caller, params })).pages;
  }

  /** What an API import keeps of its document besides the operations: answers the record's id. */
  importApiSource(caller: Caller, params: ImportApiSourceDto): Promise<{ source_id: number }> {
    return this.transport.send(Subject.PageImportApiSource, { caller, params });
  }

  /** A batch of the named schemas of an API import's source record. */
  async importApiSchemas(caller: Caller, params: ImportApiSchemasDto): Promise<number> {
    return (await this.transport.send(Subject.PageImportApiSchemas, { caller, params })).schemas;
  }

  /** An item's catalogs as the user sees them (catalog/catListGroup), with their levels. */
  catalogs(caller: Caller, itemId: number): Promise<CatalogGroup[]> {
    return this.transport.send(Subject.PageCatalogListGroup, { caller, params: { item_id: itemId } });
  }

  async importHistory(caller: Caller, params: ImportHistoryDto): Promise<number> {
    return (await this.transport.send(Subject.PageImportHistory, { caller, params })).versions;
  }

  /** The signs among these that Quire's files already have. */
  async takenSigns(caller: Caller, params: ImportSignsDto): Promise<Set<string>> {
    return new Set((await this.transport.send(Subject.PageImportTakenSigns, { caller, params })).taken);
  }

  importTemplates(caller: Caller, params: ImportTemplatesDto): Promise<ImportedIds> {
    return this.transport.send(Subject.PageImportTemplates, { caller, params });
  }
}
