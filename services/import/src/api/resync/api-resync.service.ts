import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { QuireConfig } from '@quire/config';
import { AddressPolicy, BlobStorage, type JobContext, JobQueue, KeyValueStore, OnJob, QUIRE_CONFIG } from '@quire/platform';
import {
  API_IMPORT_MAX_BYTES,
  API_RESYNC_PERIOD_MS,
  apiGeneratedPart,
  type ApiPageState,
  type ApiResyncHistoryDto,
  type ApiResyncJob,
  type ApiResyncJobPayload,
  type ApiResyncOperation,
  type ApiResyncPass,
  type ApiResyncStatusDto,
  type ApiResyncSummary,
  type ApiSourceInfo,
  type ApplyApiResyncDto,
  AppError,
  type Caller,
  ErrorCode,
  IMPORT_COMMAND_CALLER,
  JobName,
  nowSeconds,
  type OpenResyncApiDto,
  type ResyncApiDto,
  translate,
} from '@quire/proto';
import { ApiResyncClient } from '../../clients/api-resync.client';
import { ItemClient } from '../../clients/item.client';
import { batches } from '../../markdown/markdown-import.service';
import { diffOperations, sameOperation } from '../api-diff';
import { type ApiPlan, type ApiPlanPage, convertApiDocument, MAX_CATALOG_DEPTH } from '../api-plan';
import { canonicalHash, decodeSource } from '../api-source';
import { DocumentFetcher } from '../document-fetcher';
import { ApiResyncLogRepository } from './api-resync-log.repository';
import { type ApiResyncSourceEntity, ApiResyncSourceRepository } from './api-resync-source.repository';

/** How often the scheduled job looks whether a pass is due (the administrator's schedule is hourly or daily). */
export const API_RESYNC_TICK_MS = 5 * 60 * 1000;
/** Who started a re-sync job (its status is theirs only), kept as long as a finished job. */
const jobKey = (jobId: string): string => `import:api-resync-job:${jobId}`;
const JOB_KEPT_SECONDS = 24 * 3600;
/** When the last scheduled pass started (ms), shared by the replicas. */
const LAST_PASS_KEY = 'import:api-resync:last-pass';

/** Who re-syncs: the pages' author, and how the summary names them. */
interface ResyncRun {
  author: { uid: number; username: string };
  trigger: ApiResyncSummary['trigger'];
  by: string;
  /** A job's progress (0–100), when it runs as one. */
  progress?: (percent: number) => Promise<void>;
}

/** The document a re-sync reads: what the call brought, else the remembered source. */
interface ResyncInput {
  url: string;
  file?: ResyncApiDto['file'];
}

const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');
const operationKey = (page: { method: string; path: string }): string => `${page.method.toUpperCase()} ${page.path}`;

/**
 * Re-sync of imported API descriptions (issue 19). An import remembers its source per target (ApiResyncSourceRepository:
 * the URL, or the uploaded document kept in BlobStorage); a re-sync reads it again (or a new file or URL), converts it
 * as an import does, and compares it with the generated pages under the target by operation (method and path): an
 * operation whose page's generated part or stored operation differs is rewritten (a revision; the text below the page's
 * API_GENERATED_END line stays), a new one gets a page, a gone one's page goes to the recycle bin. The same text as
 * last time, or no operation changed, writes nothing. A re-sync that changed something keeps its summary (the item's
 * re-sync history) and tells the item's owner and members. Started by a user with the edit right (`importApi/resync`),
 * by CI with the item's api_key and api_token (`open/resyncApi`), or by the administrator's schedule (every URL source).
 */
@Injectable()
export class ApiResyncService {
  private readonly logger = new Logger(ApiResyncService.name);
  private readonly importer: Caller = { ...IMPORT_COMMAND_CALLER, clientId: 'api-resync' };
  private readonly fetcher: DocumentFetcher;

  constructor(
    private readonly blobs: BlobStorage,
    private readonly kv: KeyValueStore,
    private readonly queue: JobQueue,
    private readonly items: ItemClient,
    private readonly clients: ApiResyncClient,
    private readonly sources: ApiResyncSourceRepository,
    private readonly log: ApiResyncLogRepository,
    @Inject(QUIRE_CONFIG) private readonly config: QuireConfig,
  ) {
    this.fetcher = new DocumentFetcher(new AddressPolicy(config.httpProxy.allowHosts));
  }

  /**
   * After an import: the target remembers its document (an upload is kept in BlobStorage, replacing the one before) and
   * which import its pages came from (the newest source record among them, unless a re-sync says which).
   */
  async remember(target: { itemId: number; catId: number }, document: { text: string; origin: string; url?: string }, sourceId?: number): Promise<void> {
    const newest = sourceId ?? newestSourceId((await this.currentPages(target.itemId, target.catId)).pages);
    const base = {
      item_id: target.itemId,
      cat_id: target.catId,
      origin: document.origin,
      hash: canonicalHash(document.text),
      synced_at: nowSeconds(),
      ...(newest !== undefined ? { source_id: newest } : {}),
    };
    if (document.url) {
      await this.sources.save({ ...base, kind: 'url', url: document.url, blob_key: '' });
      return;
    }
    const blobKey = `api-sources/${target.itemId}-${target.catId}`;
    await this.blobs.put(blobKey, Buffer.from(document.text, 'utf8'), 'text/plain; charset=utf-8');
    await this.sources.save({ ...base, kind: 'upload', url: '', blob_key: blobKey });
  }

  /** `importApi/resync`: with the edit right on the item. */
  async resyncByUser(caller: Caller, dto: ResyncApiDto): Promise<ApiResyncSummary> {
    try {
      await this.requireEdit(caller, dto.item_id);
      return await this.run(dto.item_id, dto.cat_id, { url: dto.url, file: dto.file }, { author: { uid: caller.uid, username: caller.username }, trigger: 'user', by: caller.username });
    } finally {
      await this.dropUpload(dto.file?.key);
    }
  }

  /**
   * `importApi/resyncStart`: the same as a job (a large document takes seconds), after the same checks; the upload
   * stays in BlobStorage until the job ends. `importApi/resyncStatus` follows it.
   */
  async start(caller: Caller, dto: ResyncApiDto): Promise<{ job_id: string }> {
    try {
      await this.requireEdit(caller, dto.item_id);
    } catch (error) {
      await this.dropUpload(dto.file?.key);
      throw error;
    }
    // The session token stays out of the queue.
    const { token: _token, ...withoutToken } = caller;
    const jobId = await this.queue.add(JobName.ImportApiResyncRun, { caller: withoutToken, params: dto }, { attempts: 1 });
    await this.kv.set(jobKey(jobId), String(caller.uid), JOB_KEPT_SECONDS);
    return { job_id: jobId };
  }

  /** `importApi/resyncStatus`: a job the caller started. */
  async status(caller: Caller, dto: ApiResyncStatusDto): Promise<ApiResyncJob> {
    const owner = await this.kv.get(jobKey(dto.job_id));
    const status = owner !== null && Number(owner) === caller.uid ? await this.queue.getStatus(dto.job_id) : null;
    if (!status) throw AppError.failed('api_resync_job_not_found');
    return {
      job_id: dto.job_id,
      state: status.state,
      progress: status.progress,
      ...(status.state === 'completed' ? { summary: status.result as ApiResyncSummary } : {}),
      ...(status.error ? { error: status.error } : {}),
    };
  }

  @OnJob(JobName.ImportApiResyncRun)
  async runJob(job: JobContext<ApiResyncJobPayload>): Promise<ApiResyncSummary> {
    const { caller, params } = job.data;
    try {
      await this.requireEdit(caller, params.item_id);
      const who: ResyncRun = { author: { uid: caller.uid, username: caller.username }, trigger: 'user', by: caller.username, progress: (percent) => job.progress(percent) };
      const summary = await this.run(params.item_id, params.cat_id, { url: params.url, file: params.file }, who);
      await job.progress(100);
      return summary;
    } catch (error) {
      // The job's failure says what the call would have answered.
      throw new Error(error instanceof AppError ? translate(error.key, this.config.language, error.params) : (error as Error).message, { cause: error });
    } finally {
      await this.dropUpload(params.file?.key);
    }
  }

  /** `open/resyncApi`: CI, with the item's api_key and api_token; the pages' author is `API`, as the open API's. */
  async resyncByKey(dto: OpenResyncApiDto): Promise<ApiResyncSummary> {
    try {
      const item = await this.clients.authorize(this.importer, dto.api_key, dto.api_token);
      if (item.item_id <= 0) throw new AppError(ErrorCode.ApiKeyMismatch, 'api_key_mismatch');
      if (item.archived) throw AppError.failed('item_archived_read_only');
      return await this.run(item.item_id, dto.cat_id, { url: dto.url, file: dto.file }, { author: { uid: 0, username: 'API' }, trigger: 'ci', by: 'API' });
    } finally {
      await this.dropUpload(dto.file?.key);
    }
  }

  private async requireEdit(caller: Caller, itemId: number): Promise<void> {
    if (!caller || caller.uid <= 0) throw new AppError(ErrorCode.NotLoggedIn, 'not_logged_in');
    const access = await this.items.access(caller, itemId);
    if (!access.exists) throw new AppError(ErrorCode.NoPermission, 'page_item_not_found');
    if (access.archived) throw new AppError(ErrorCode.NoPermission, 'page_item_archived');
    if (!access.edit) throw new AppError(ErrorCode.NoPermission, 'no_permission');
  }

  /** `importApi/history`: the item's re-sync summaries, for whoever may read it. */
  async history(caller: Caller, dto: ApiResyncHistoryDto): Promise<ApiResyncSummary[]> {
    const access = await this.items.access(caller, dto.item_id);
    if (!access.exists || !access.visit) throw new AppError(ErrorCode.NoPermission, 'no_permission');
    return this.log.ofItem(dto.item_id);
  }

  /** `importApi/sources`: where the item's imports come from, for whoever may read it (the URL or the file's name). */
  async sourcesOf(caller: Caller, dto: ApiResyncHistoryDto): Promise<ApiSourceInfo[]> {
    const access = await this.items.access(caller, dto.item_id);
    if (!access.exists || !access.visit) throw new AppError(ErrorCode.NoPermission, 'no_permission');
    return (await this.sources.ofItem(dto.item_id)).map((source) => ({
      cat_id: source.cat_id,
      kind: source.kind,
      origin: source.kind === 'url' ? source.url : source.origin,
      synced_at: source.synced_at,
    }));
  }

  /** The scheduled job: a pass when the administrator's schedule says one is due (one replica runs each tick). */
  @OnJob(JobName.ImportApiResync, { everyMs: API_RESYNC_TICK_MS, firstAfterMs: API_RESYNC_TICK_MS })
  async tick(): Promise<ApiResyncPass | null> {
    const schedule = await this.clients.schedule(this.importer);
    if (schedule === 'off') return null;
    const last = Number((await this.kv.get(LAST_PASS_KEY)) ?? 0);
    if (Date.now() - last < API_RESYNC_PERIOD_MS[schedule] - API_RESYNC_TICK_MS / 2) return null;
    return this.pass();
  }

  /** `adminImport/apiResync` and the schedule: every URL source read again, when the schedule is not `off`. */
  async pass(): Promise<ApiResyncPass> {
    const schedule = await this.clients.schedule(this.importer);
    const result: ApiResyncPass = { schedule, sources: 0, changed: 0, failed: 0 };
    if (schedule === 'off') return result;
    await this.kv.set(LAST_PASS_KEY, String(Date.now()));
    const by = translate('api_resync_by_schedule', this.config.language);
    for (const source of await this.sources.urls()) {
      const access = await this.items.access(this.importer, source.item_id);
      // A deleted item's sources are forgotten; an archived item is read-only and waits.
      if (!access.exists) {
        await this.sources.forgetItem(source.item_id);
        continue;
      }
      if (access.archived) continue;
      result.sources += 1;
      try {
        const summary = await this.run(source.item_id, source.cat_id, { url: '' }, { author: { uid: 0, username: by }, trigger: 'schedule', by });
        if (!summary.unchanged) result.changed += 1;
      } catch (error) {
        result.failed += 1;
        const reason = error instanceof AppError ? translate(error.key, this.config.language, error.params) : (error as Error).message;
        this.logger.warn(`Scheduled re-sync of item ${source.item_id} (catalog ${source.cat_id}) from ${source.origin} failed: ${reason}`);
      }
    }
    return result;
  }

  private async run(itemId: number, requestedCatId: number, input: ResyncInput, who: ResyncRun): Promise<ApiResyncSummary> {
    const source = await this.sourceOf(itemId, requestedCatId);
    const catId = source?.cat_id ?? requestedCatId;
    if (!source && !input.file && !input.url) throw AppError.failed('api_resync_no_source');
    const document = await this.read(source, input);
    // The content, whatever its layout: a reformatted document is the same one, and is not converted again.
    const hash = canonicalHash(document.text);
    const at = nowSeconds();
    const summary: ApiResyncSummary = { item_id: itemId, cat_id: catId, unchanged: true, added: [], changed: [], removed: [], trigger: who.trigger, by: who.by, origin: document.origin, at };
    if (source && source.hash === hash) {
      // The content the pages were last written from: nothing to compare (a new URL or upload of it is remembered).
      if (document.replaces) await this.remember({ itemId, catId }, document, source.source_id);
      else await this.sources.touch(itemId, catId, at);
      return summary;
    }
    await who.progress?.(10);
    const current = await this.currentPages(itemId, catId);
    if (current.catLevel === 0) throw AppError.failed('api_import_catalog_not_found');
    const depth = Math.max(0, MAX_CATALOG_DEPTH - (current.catLevel - 1));
    const plan = await convertApiDocument(document.text, { origin: document.origin, language: this.config.language, maxDepth: depth });
    await who.progress?.(50);
    // Only the pages of the remembered import: another import under the same target is left alone.
    const ownPages = source?.source_id === undefined ? current.pages : current.pages.filter((page) => page.api_operation.source.source_id === source.source_id);
    const apply = this.compare(plan, ownPages, summary, source?.source_id);
    apply.item_id = itemId;
    apply.cat_id = catId;
    apply.author = who.author;
    summary.unchanged = apply.updates.length === 0 && apply.creates.length === 0 && apply.removes.length === 0;
    await who.progress?.(60);
    // The document changed: its source record (info, servers, security, tags) and named schemas follow, for the export.
    if (apply.source_id !== undefined) await this.writeSource(itemId, apply.source_id, plan);
    if (!summary.unchanged) await this.write(apply, summary, who.progress);
    if (document.replaces) await this.remember({ itemId, catId }, document, source?.source_id ?? apply.source_id);
    else await this.sources.save({ ...source!, hash, synced_at: at });
    if (summary.unchanged) return summary;
    await this.log.add(summary);
    await this.tell(summary);
    return summary;
  }

  /** The target's source: the named catalog's, else (no catalog named) the item top's or the item's only one. */
  private async sourceOf(itemId: number, catId: number): Promise<ApiResyncSourceEntity | null> {
    const exact = await this.sources.find(itemId, catId);
    if (exact || catId > 0) return exact;
    const all = await this.sources.ofItem(itemId);
    return all.length === 1 ? all[0] : null;
  }

  /** The document's text: the uploaded file, else the URL sent, else the remembered URL or kept upload. */
  private async read(source: ApiResyncSourceEntity | null, input: ResyncInput): Promise<{ text: string; origin: string; url?: string; replaces: boolean }> {
    if (input.file) return { text: decodeSource(await this.readBlob(input.file.key)), origin: input.file.name.slice(0, 1000), replaces: true };
    const url = input.url || (source?.kind === 'url' ? source.url : '');
    if (url) {
      const fetched = await this.fetcher.fetch(url);
      return { text: decodeSource(fetched.bytes), origin: fetched.url, url, replaces: url !== source?.url };
    }
    if (!source?.blob_key || !(await this.blobs.stat(source.blob_key))) throw AppError.failed('api_resync_source_gone');
    return { text: decodeSource(await this.readBlob(source.blob_key)), origin: source.origin, replaces: false };
  }

  /** The generated pages under the target now, in batches from the page service, and the target's level (0: no such catalog). */
  private async currentPages(itemId: number, catId: number): Promise<{ pages: ApiPageState[]; catLevel: number }> {
    const pages: ApiPageState[] = [];
    let after = 0;
    let catLevel: number;
    do {
      const batch = await this.clients.apiPages(this.importer, { item_id: itemId, cat_id: catId, after_page_id: after });
      pages.push(...batch.pages);
      catLevel = batch.cat_level;
      after = batch.next;
    } while (after > 0);
    return { pages, catLevel };
  }

  /** What the document changes in the pages, the summary filled as it goes (the new pages' ids come with the writes). */
  private compare(plan: ApiPlan, current: ApiPageState[], summary: ApiResyncSummary, knownSourceId?: number): ApplyApiResyncDto & { source_id?: number } {
    const apply: ApplyApiResyncDto & { source_id?: number } = { item_id: 0, cat_id: 0, author: { uid: 0, username: '' }, updates: [], creates: [], removes: [] };
    const existing = new Map<string, ApiPageState[]>();
    for (const page of current) {
      const key = operationKey(page.api_operation);
      existing.set(key, [...(existing.get(key) ?? []), page]);
    }
    const sourceId = knownSourceId ?? newestSourceId(current);
    apply.source_id = sourceId;
    const paths = catalogPaths(plan);
    for (const page of plan.pages) {
      const operation = sourceId === undefined ? page.operation : { ...page.operation, source: { ...page.operation.source, source_id: sourceId } };
      const key = operationKey(operation);
      const matches = existing.get(key);
      const found = matches?.shift();
      const entry = { method: operation.method, path: operation.path, page_title: page.title };
      if (!found) {
        apply.creates.push({ cat_path: paths.get(page.catalog) ?? [], page_title: page.title, generated: page.content, s_number: page.s_number, api_operation: operation });
        summary.added.push({ ...entry, page_id: 0 });
        continue;
      }
      const sameText = found.generated_hash === sha256(apiGeneratedPart(page.content));
      if (sameText && sameOperation(found.api_operation, operation)) continue;
      const changes = diffOperations(found.api_operation, operation);
      apply.updates.push({ page_id: found.page_id, page_title: page.title, generated: page.content, api_operation: operation });
      summary.changed.push({ ...entry, page_id: found.page_id, changes: changes.length > 0 ? changes : [{ kind: 'documentation' }] });
    }
    for (const left of existing.values()) {
      for (const page of left) {
        apply.removes.push(page.page_id);
        summary.removed.push({ method: page.api_operation.method, path: page.api_operation.path, page_id: page.page_id, page_title: page.page_title });
      }
    }
    return apply;
  }

  /** The page writes, in messages of a bounded size; the new pages' ids go into the summary. */
  private async write(apply: ApplyApiResyncDto, summary: ApiResyncSummary, progress?: (percent: number) => Promise<void>): Promise<void> {
    const size = (value: unknown) => Buffer.byteLength(JSON.stringify(value));
    const base = { item_id: apply.item_id, cat_id: apply.cat_id, author: apply.author };
    const total = apply.updates.length + apply.creates.length + apply.removes.length;
    let written = 0;
    const step = async (count: number) => {
      written += count;
      await progress?.(60 + Math.floor((35 * written) / total));
    };
    for (const updates of batches(apply.updates, size)) {
      await this.clients.apply(this.importer, { ...base, updates, creates: [], removes: [] });
      await step(updates.length);
    }
    let next = 0;
    for (const creates of batches(apply.creates, size)) {
      const { created } = await this.clients.apply(this.importer, { ...base, updates: [], creates, removes: [] });
      for (const pageId of created) summary.added[next++].page_id = pageId;
      await step(creates.length);
    }
    if (apply.removes.length > 0) await this.clients.apply(this.importer, { ...base, updates: [], creates: [], removes: apply.removes });
  }

  /** The import's source record rewritten in place (its old named schemas dropped), then the document's named schemas. */
  private async writeSource(itemId: number, sourceId: number, plan: ApiPlan): Promise<void> {
    const { cat_id: _catId, ...parts } = plan.source.source;
    await this.clients.apiSource(this.importer, { ...parts, item_id: itemId, source_id: sourceId });
    for (const schemas of batches(plan.source.schemas, (schema) => Buffer.byteLength(JSON.stringify(schema)))) {
      await this.clients.apiSchemas(this.importer, { item_id: itemId, source_id: sourceId, schemas });
    }
  }

  /** The item's owner and members hear what changed. */
  private async tell(summary: ApiResyncSummary): Promise<void> {
    const uids = await this.clients.audience(this.importer, summary.item_id);
    if (uids.length === 0) return;
    const access = await this.items.access(this.importer, summary.item_id);
    const language = this.config.language;
    const list = (label: string, operations: ApiResyncOperation[]) =>
      operations.length === 0
        ? ''
        : `<p>${escapeHtml(translate(label as 'api_resync_added', language))}:</p><ul>${operations
            .slice(0, 50)
            .map((operation) => `<li>${escapeHtml(`${operation.method} ${operation.path}`)}${operation.changes ? ` (${escapeHtml(operation.changes.map(changeText).join('; '))})` : ''}</li>`)
            .join('')}</ul>`;
    const item = `<a href="/${summary.item_id}">${escapeHtml(access.item_name)}</a>`;
    await this.clients.notify(this.importer, {
      to_uids: uids,
      to_all: false,
      from_name: summary.by.slice(0, 64),
      notice_title: translate('notice_api_resync_title', language, { item: access.item_name }).slice(0, 255),
      notice_content: translate('notice_api_resync_content', language, {
        by: escapeHtml(summary.by),
        item,
        origin: escapeHtml(summary.origin),
        added: summary.added.length,
        changed: summary.changed.length,
        removed: summary.removed.length,
        details: list('api_resync_added', summary.added) + list('api_resync_changed', summary.changed) + list('api_resync_removed', summary.removed),
      }),
    });
  }

  private async readBlob(key: string): Promise<Uint8Array> {
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

  private async dropUpload(key: string | undefined): Promise<void> {
    if (key) await this.blobs.delete(key).catch((error: Error) => this.logger.warn(`The uploaded document ${key} stays in storage: ${error.message}`));
  }
}

/** The newest import's source record among the pages (source ids grow), undefined when none has one. */
function newestSourceId(pages: ApiPageState[]): number | undefined {
  let newest: number | undefined;
  for (const page of pages) {
    const id = page.api_operation.source.source_id;
    if (id !== undefined && (newest === undefined || id > newest)) newest = id;
  }
  return newest;
}

/** Each plan catalog's path of names (seq → names from the top). */
function catalogPaths(plan: ApiPlan): Map<ApiPlanPage['catalog'], string[]> {
  const paths = new Map<number, string[]>([[0, []]]);
  for (const catalog of plan.catalogs) paths.set(catalog.seq, [...(paths.get(catalog.parent) ?? []), catalog.name]);
  return paths;
}

/** One field-level change in a line of the notice: `parameter_type query limit: string → integer`. */
export function changeText(change: NonNullable<ApiResyncOperation['changes']>[number]): string {
  const name = change.name ? ` ${change.name}` : '';
  const values = change.from !== undefined || change.to !== undefined ? `: ${change.from ?? ''} → ${change.to ?? ''}` : '';
  return `${change.kind.replace(/_/g, ' ')}${name}${values}`;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
