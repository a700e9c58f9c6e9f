import { Injectable } from '@nestjs/common';
import { DocumentStore } from '@quire/platform';
import { AppError, type Caller, escapeHtml, formatTime, type ListRecycleDto, nowSeconds, type RecoverPageDto, type RecycleEntry } from '@quire/proto';
import { ItemAccessService } from '../access/item-access.service';
import { ContentVersion } from '../cache/content-version';
import type { PageEntity } from '../page/page.entity';
import { PageRepository } from '../page/page.repository';
import { SearchChanges } from '../search/search-changes';
import { RecycleRepository } from './recycle.repository';

/** The recycle bin of an item (contract §10): deleted pages, restorable by the creator until purged. */
@Injectable()
export class RecycleService {
  constructor(
    private readonly documents: DocumentStore,
    private readonly contentVersion: ContentVersion,
    private readonly bin: RecycleRepository,
    private readonly pages: PageRepository,
    private readonly access: ItemAccessService,
    private readonly search: SearchChanges,
  ) {}

  /**
   * Writes of pages and bin entries that belong together, as one unit. The page repository renews
   * the content version inside it, before its commit: once more after it.
   */
  change<R>(work: () => Promise<R>): Promise<R> {
    return this.contentVersion.renewAfter(this.documents.transaction(work));
  }

  /** Soft-deletes pages, in one unit: a bin entry each, `is_del = 1`, `addtime` = deletion time (contract §9.4). */
  async moveToBin(caller: Caller, pages: PageEntity[]): Promise<void> {
    if (pages.length === 0) return;
    const now = nowSeconds();
    await this.change(async () => {
      await this.bin.createMany(
        pages.map((page) => ({
          item_id: page.item_id,
          page_id: page.page_id,
          page_title: page.page_title,
          del_by_uid: caller.uid,
          del_by_username: caller.username,
          del_time: now,
        })),
      );
      await this.pages.markRecycled(
        pages.map((page) => page.page_id),
        now,
      );
    });
  }

  async list(caller: Caller, dto: ListRecycleDto): Promise<RecycleEntry[]> {
    await this.access.requireCreator(caller, dto.item_id, { write: false });
    const entries = await this.bin.ofItem(dto.item_id);
    return entries.map((entry) => ({
      id: entry.id,
      item_id: entry.item_id,
      page_id: entry.page_id,
      page_title: escapeHtml(entry.page_title),
      del_by_uid: entry.del_by_uid,
      del_by_username: escapeHtml(entry.del_by_username),
      del_time: formatTime(entry.del_time),
    }));
  }

  /** Restores the page to the item ROOT (`cat_id` 0, as ShowDoc does: its catalog may be gone), leaving the bin in the same unit. */
  async recover(caller: Caller, dto: RecoverPageDto): Promise<never[]> {
    await this.access.requireCreator(caller, dto.item_id, { write: true });
    const page = await this.pages.findById(dto.page_id);
    if (!page || page.item_id !== dto.item_id || page.is_del !== 1) throw AppError.failed('recycle_page_not_found');
    await this.change(async () => {
      await this.pages.update(page.page_id, { is_del: 0, cat_id: 0 });
      await this.bin.deleteByPage(dto.item_id, dto.page_id);
    });
    await this.access.touch(caller, dto.item_id);
    await this.search.page(dto.item_id, dto.page_id);
    return [];
  }
}
