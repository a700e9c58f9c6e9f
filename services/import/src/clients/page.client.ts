import { Injectable } from '@nestjs/common';
import { TransportClient } from '@quire/platform';
import {
  type Caller,
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

  /** Moves a staging item's catalogs, pages and files into another item, in one unit. */
  moveContent(caller: Caller, fromItemId: number, toItemId: number): Promise<ImportedMove> {
    return this.transport.send(Subject.PageImportMove, { caller, params: { from_item_id: fromItemId, to_item_id: toItemId } });
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
