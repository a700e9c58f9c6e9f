import { Inject, Injectable, Logger } from '@nestjs/common';
import type { QuireConfig } from '@quire/config';
import { AddressPolicy, BlobStorage, ChangeFeed, QUIRE_CONFIG } from '@quire/platform';
import {
  ACTIVITY_TOPIC,
  activityOf,
  API_IMPORT_MAX_BYTES,
  type ApiOperation,
  AppError,
  type Caller,
  type CatalogGroup,
  type ChangeTopics,
  ErrorCode,
  IMPORT_COMMAND_CALLER,
  type ImportApiFileDto,
  type ImportApiUrlDto,
  type ImportedApi,
  type ImportPagesDto,
  nowSeconds,
  withGeneratedPart,
} from '@quire/proto';
import { ItemClient } from '../clients/item.client';
import { PageClient } from '../clients/page.client';
import { batches } from '../markdown/markdown-import.service';
import { type ApiPlan, convertApiDocument, MAX_CATALOG_DEPTH } from './api-plan';
import { decodeSource } from './api-source';
import { DocumentFetcher } from './document-fetcher';
import { ApiResyncService } from './resync/api-resync.service';

/** Where the operations go: a new item (0), or an item and one of its catalogs (0: its top). */
interface ImportTarget {
  itemId: number;
  catId: number;
  /** How many catalog levels fit below the target (3 at an item's top, 0 under a level-4 catalog). */
  depth: number;
}

/**
 * Imports an API description (issue 19): ShowDoc's `importSwagger/import` and `importPostman/import` with an uploaded
 * file, Quire's `importApi/url` with a URL. The document is read and checked whole before anything is written, then
 * becomes a pending item (one catalog per tag or folder, one page per operation, each page's operation beside it)
 * that goes live in one write; into an existing item the user may edit, the pending item is a staging area whose
 * content joins the item (under a catalog, when one is named) in one unit. A failure discards the pending item.
 */
@Injectable()
export class ApiImportService {
  private readonly logger = new Logger(ApiImportService.name);
  /** The `*.import.*` subjects take the import service's own caller: the user's rights were checked here. */
  private readonly importer: Caller = { ...IMPORT_COMMAND_CALLER, clientId: 'api-import' };
  private readonly fetcher: DocumentFetcher;

  constructor(
    private readonly blobs: BlobStorage,
    private readonly items: ItemClient,
    private readonly pages: PageClient,
    private readonly resync: ApiResyncService,
    private readonly feed: ChangeFeed<ChangeTopics>,
    @Inject(QUIRE_CONFIG) private readonly config: QuireConfig,
  ) {
    this.fetcher = new DocumentFetcher(new AddressPolicy(config.httpProxy.allowHosts));
  }

  async importFile(caller: Caller, dto: ImportApiFileDto): Promise<ImportedApi> {
    requireUser(caller);
    const upload = dto.file;
    if (!upload) throw AppError.failed('attachment_no_file');
    try {
      const target = await this.target(caller, dto.item_id, dto.cat_id);
      const text = decodeSource(await this.read(upload.key));
      const plan = await convertApiDocument(text, { origin: upload.name.slice(0, 1000), language: this.config.language, maxDepth: target.depth });
      const imported = await this.write(caller, plan, target);
      await this.remember(imported, { text, origin: upload.name.slice(0, 1000) });
      await this.recorded(caller, imported, upload.name);
      return imported;
    } finally {
      await this.blobs.delete(upload.key).catch((error: Error) => this.logger.warn(`The uploaded document ${upload.key} stays in storage: ${error.message}`));
    }
  }

  async importUrl(caller: Caller, dto: ImportApiUrlDto): Promise<ImportedApi> {
    requireUser(caller);
    const target = await this.target(caller, dto.item_id, dto.cat_id);
    const fetched = await this.fetcher.fetch(dto.url);
    const plan = await convertApiDocument(decodeSource(fetched.bytes), { origin: fetched.url, language: this.config.language, maxDepth: target.depth });
    const imported = await this.write(caller, plan, target);
    await this.remember(imported, { text: decodeSource(fetched.bytes), origin: fetched.url, url: dto.url });
    await this.recorded(caller, imported, fetched.url);
    return imported;
  }

  /** The import's activity, once its content is live (the source's name or address; never the document). */
  private recorded(caller: Caller, imported: ImportedApi, source: string): Promise<void> {
    const detail = { kind: 'api', pages: imported.pages, catalogs: imported.catalogs };
    return this.feed.publishAfterCommit(ACTIVITY_TOPIC, activityOf(caller, 'import.create', imported.item_id, { type: 'import', id: imported.item_id, name: source }, detail));
  }

  /** The target remembers its document for re-syncs; an import that worked is not failed by that. */
  private async remember(imported: ImportedApi, document: { text: string; origin: string; url?: string }): Promise<void> {
    await this.resync
      .remember({ itemId: imported.item_id, catId: imported.cat_id }, document)
      .catch((error: Error) => this.logger.warn(`Item ${imported.item_id} does not remember its API source: ${error.message}`));
  }

  /** The item and catalog the caller names, checked: edit right, not archived, the catalog in that item. */
  private async target(caller: Caller, itemId: number, catId: number): Promise<ImportTarget> {
    if (itemId <= 0) {
      if (catId > 0) throw AppError.failed('api_import_catalog_not_found');
      return { itemId: 0, catId: 0, depth: MAX_CATALOG_DEPTH };
    }
    const access = await this.items.access(caller, itemId);
    if (!access.exists) throw new AppError(ErrorCode.NoPermission, 'page_item_not_found');
    if (access.archived) throw new AppError(ErrorCode.NoPermission, 'page_item_archived');
    if (!access.edit) throw new AppError(ErrorCode.NoPermission, 'no_permission');
    if (catId <= 0) return { itemId, catId: 0, depth: MAX_CATALOG_DEPTH };
    const catalog = findCatalog(await this.pages.catalogs(caller, itemId), catId);
    if (!catalog) throw AppError.failed('api_import_catalog_not_found');
    return { itemId, catId, depth: Math.max(0, MAX_CATALOG_DEPTH - (catalog.level - 1)) };
  }

  private async write(caller: Caller, plan: ApiPlan, target: ImportTarget): Promise<ImportedApi> {
    const now = nowSeconds();
    const { item_id: pendingId } = await this.items.pendingItem(this.importer, caller, plan.title || 'API', plan.description);
    try {
      const catIds = new Map<number, number>([[0, 0]]);
      if (plan.catalogs.length > 0) {
        const reply = await this.pages.importCatalogs(this.importer, {
          item_id: pendingId,
          catalogs: plan.catalogs.map((catalog) => ({
            showdoc_cat_id: catalog.seq,
            parent: catalog.parent,
            cat_name: catalog.name,
            s_number: catalog.s_number,
            addtime: now,
            level: catalog.level,
          })),
        });
        for (const catalog of reply.catalogs) catIds.set(catalog.showdoc_cat_id, catalog.cat_id);
      }
      const { source_id: sourceId } = await this.pages.importApiSource(this.importer, { item_id: pendingId, ...plan.source.source });
      for (const batch of batches(plan.source.schemas, (schema) => Buffer.byteLength(JSON.stringify(schema)))) {
        await this.pages.importApiSchemas(this.importer, { item_id: pendingId, source_id: sourceId, schemas: batch });
      }
      for (const batch of batches(plan.pages, (page) => Buffer.byteLength(JSON.stringify(page.content)) + Buffer.byteLength(JSON.stringify(page.operation)))) {
        const pages: ImportPagesDto['pages'] = batch.map((page) => ({
          showdoc_page_id: page.seq,
          author_uid: caller.uid,
          author_username: caller.username,
          cat_id: catIds.get(page.catalog) ?? 0,
          page_title: page.title,
          page_content: withGeneratedPart(page.content),
          s_number: page.s_number,
          addtime: now,
          page_comments: '',
          attachments: [],
          share_keys: [],
        }));
        const reply = await this.pages.importPages(this.importer, { item_id: pendingId, pages });
        const operations = reply.pages.map((written) => ({
          page_id: written.page_id,
          api_operation: withSource(batch.find((page) => page.seq === written.showdoc_page_id)!.operation, sourceId),
        }));
        await this.pages.importApiOperations(this.importer, { item_id: pendingId, pages: operations });
      }
      if (target.itemId > 0) {
        await this.pages.moveContent(this.importer, pendingId, target.itemId, target.catId);
        await this.items.discard(this.importer, pendingId).catch((error: Error) => this.logger.warn(`Staging item ${pendingId} is left for the sweep: ${error.message}`));
      } else if (!(await this.items.publish(this.importer, pendingId))) {
        throw AppError.failed('item_unfinished');
      }
      return { item_id: target.itemId > 0 ? target.itemId : pendingId, cat_id: target.catId, catalogs: plan.catalogs.length, pages: plan.pages.length };
    } catch (error) {
      this.logger.warn(`API import into item ${pendingId} failed, discarding it: ${(error as Error).message}`);
      await this.items.discard(this.importer, pendingId).catch((failure: Error) => this.logger.error(`Discarding item ${pendingId} failed (the sweep removes it): ${failure.message}`));
      throw error;
    }
  }

  /** The uploaded document's bytes, refused past the size limit whatever the upload said. */
  private async read(key: string): Promise<Uint8Array> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of await this.blobs.get(key)) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      size += buffer.length;
      if (size > API_IMPORT_MAX_BYTES) throw AppError.failed('api_import_too_large', { max: API_IMPORT_MAX_BYTES / (1024 * 1024) });
      chunks.push(buffer);
    }
    return new Uint8Array(Buffer.concat(chunks));
  }
}

function withSource(operation: ApiOperation, sourceId: number): ApiOperation {
  return { ...operation, source: { ...operation.source, source_id: sourceId } };
}

function requireUser(caller: Caller): void {
  if (!caller || caller.uid <= 0) throw new AppError(ErrorCode.NotLoggedIn, 'not_logged_in');
}

function findCatalog(groups: CatalogGroup[], catId: number): CatalogGroup | undefined {
  for (const group of groups) {
    if (group.cat_id === catId) return group;
    const inner = findCatalog(group.sub ?? [], catId);
    if (inner) return inner;
  }
  return undefined;
}
