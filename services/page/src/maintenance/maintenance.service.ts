import { Injectable } from '@nestjs/common';
import { DocumentStore, OnJob } from '@quire/platform';
import { type Caller, type CopiedItemPages, type CopyItemPagesDto, JobName, nowSeconds, type PurgedPages, type PurgeItemPagesDto } from '@quire/proto';
import { ApiSourceRepository } from '../api-source/api-source.repository';
import { ContentVersion } from '../cache/content-version';
import type { CatalogEntity } from '../catalog/catalog.entity';
import { CatalogRepository } from '../catalog/catalog.repository';
import { AttachmentService } from '../attachment/attachment.service';
import { HistoryService } from '../page/history/history.service';
import { PageRepository } from '../page/page.repository';
import { CommentRepository } from '../page/comment/comment.repository';
import { ShareRepository } from '../page/share/share.repository';
import { RecycleRepository } from '../recycle/recycle.repository';
import { RecycleService } from '../recycle/recycle.service';

/** How often the scheduler runs the page sweep (one replica each time). */
export const PURGE_INTERVAL_MS = 60 * 60 * 1000;

/** What one run of the scheduled sweep removed. */
export interface PageSweep extends PurgedPages {
  /** Item-less uploads that no page links. */
  uploads: number;
}

/**
 * Whole-item work for the item service (copy, purge) and the recycle-bin purge: pages and catalogs
 * deleted longer ago than the retention (the administrator's `recycle_retention_days`, default 30
 * days as [HEAD]; RecycleRetention) are removed for good
 * whenever `page.maintenance.purge` is called (ScriptCron/run) and by the `page.sweep` job, which
 * the job queue's scheduler runs hourly on one replica (and at once when it is first scheduled). The
 * job also sweeps the item-less uploads no page links (AttachmentService.sweepItemless).
 */
@Injectable()
export class MaintenanceService {
  constructor(
    private readonly documents: DocumentStore,
    private readonly contentVersion: ContentVersion,
    private readonly pages: PageRepository,
    private readonly catalogs: CatalogRepository,
    private readonly history: HistoryService,
    private readonly shares: ShareRepository,
    private readonly comments: CommentRepository,
    private readonly bin: RecycleRepository,
    private readonly attachments: AttachmentService,
    private readonly recycle: RecycleService,
    private readonly apiSources: ApiSourceRepository,
  ) {}

  /** The scheduled sweep: the recycle bin, then item-less uploads. A run that fails is logged by the queue; the next one starts over. */
  @OnJob(JobName.SweepPages, { everyMs: PURGE_INTERVAL_MS })
  async sweep(): Promise<PageSweep> {
    const { pages } = await this.purgeRecycled();
    return { pages, uploads: await this.attachments.sweepItemless() };
  }

  /**
   * Catalogs (new ids, same tree) and live pages of one item into another; the copier becomes the
   * author. One unit: a copy that fails leaves nothing in the target item. The repositories renew
   * the content version inside it, before its commit: once more after it.
   */
  copy(caller: Caller, dto: CopyItemPagesDto): Promise<CopiedItemPages> {
    return this.contentVersion.renewAfter(this.documents.transaction(() => this.copyUnit(caller, dto)));
  }

  private async copyUnit(caller: Caller, dto: CopyItemPagesDto): Promise<CopiedItemPages> {
    const sourceCatalogs = [...(await this.catalogs.ofItem(dto.from_item_id))].sort((a, b) => a.level - b.level);
    const newIds = new Map<number, number>();
    const copies: CatalogEntity[] = [];
    for (const catalog of sourceCatalogs) {
      const parent = catalog.parent_cat_id > 0 ? newIds.get(catalog.parent_cat_id) : 0;
      if (parent === undefined) continue;
      const cat_id = await this.catalogs.nextId();
      newIds.set(catalog.cat_id, cat_id);
      copies.push({ ...catalog, cat_id, item_id: dto.to_item_id, parent_cat_id: parent, addtime: nowSeconds() });
    }
    await this.catalogs.insertMany(copies);
    const sourcePages = await this.pages.liveOfItem(dto.from_item_id);
    const now = nowSeconds();
    const pages = await this.pages.createMany(
      sourcePages.map((page) => ({
        author_uid: caller.uid,
        author_username: caller.username,
        item_id: dto.to_item_id,
        cat_id: newIds.get(page.cat_id) ?? 0,
        page_title: page.page_title,
        page_content: page.page_content,
        s_number: page.s_number,
        addtime: now,
        page_comments: page.page_comments,
      })),
    );
    return { catalogs: copies.length, pages };
  }

  /** Everything of a purged item: pages (any state), history and its blobs, catalogs, share keys, bin, attachments. */
  async purgeItem(dto: PurgeItemPagesDto): Promise<never[]> {
    const pageIds = await this.pages.idsOfItem(dto.item_id);
    await this.history.purgePages(pageIds);
    await this.shares.deleteByItem(dto.item_id);
    await this.shares.deleteByPages(pageIds);
    await this.comments.deleteByItem(dto.item_id);
    await this.bin.deleteByItem(dto.item_id);
    await this.catalogs.deleteByItem(dto.item_id);
    await this.attachments.purgeItem(dto.item_id);
    await this.pages.deleteByItem(dto.item_id);
    await this.apiSources.deleteByItem(dto.item_id);
    return [];
  }

  /** Recycled pages and catalogs deleted before the retention: gone for good with their history, attachments and share keys. */
  async purgeRecycled(now: number = nowSeconds()): Promise<PurgedPages> {
    const { pages } = await this.recycle.purgeExpired(now);
    return { pages };
  }
}
