import { Injectable } from '@nestjs/common';
import { DocumentStore, KeyValueStore, withLock } from '@quire/platform';
import { AppError, type Caller, escapeHtml, formatTime, PAGE_HISTORY_KEPT, type PageDiff, type PageDiffDto, type PageHistoryDto, type PageHistoryRow } from '@quire/proto';
import { ItemAccessService } from '../../access/item-access.service';
import type { PageEntity } from '../page.entity';
import { toPageRow } from '../page.presenter';
import { PageRepository } from '../page.repository';
import type { HistoryEntity } from './history.entity';
import { contentHash, HistoryContentRepository } from './history-content.repository';
import { HistoryRepository } from './history.repository';

/** The lock under which one body's references are added or its last one released. */
const bodyLock = (hash: string): string => `lock:history-body:${hash}`;

/**
 * Previous versions of pages (contract §9.4): a row per update, the newest 20 kept. Bodies
 * are content-addressed blobs; a blob is deleted only when no row references it any more.
 * Work on one hash holds a lock in the KeyValueStore, so a new reference and a last release
 * never interleave, in one replica or across replicas.
 */
@Injectable()
export class HistoryService {
  constructor(
    private readonly kv: KeyValueStore,
    private readonly documents: DocumentStore,
    private readonly rows: HistoryRepository,
    private readonly contents: HistoryContentRepository,
    private readonly pages: PageRepository,
    private readonly access: ItemAccessService,
  ) {}

  /**
   * Appends the page as it is now (before an update) and runs `update` in one unit with it, so a
   * version is recorded exactly when the update that replaces it is kept; then trims the page's
   * history to the newest 20. The body is stored before the unit (blob storage has no part in
   * one) and removed again if the unit fails and nothing else references it.
   */
  async record<R>(previous: PageEntity, update: () => Promise<R>): Promise<R> {
    const hash = contentHash(previous.page_content);
    const updated = await withLock(this.kv, bodyLock(hash), async () => {
      await this.contents.ensure(hash, previous.page_content);
      try {
        return await this.documents.transaction(async () => {
          await this.rows.create({
            page_id: previous.page_id,
            item_id: previous.item_id,
            cat_id: previous.cat_id,
            page_title: previous.page_title,
            page_comments: previous.page_comments,
            s_number: previous.s_number,
            addtime: previous.addtime,
            author_uid: previous.author_uid,
            author_username: previous.author_username,
            content_hash: hash,
            ...(previous.contributors?.length ? { contributors: previous.contributors } : {}),
          });
          return update();
        });
      } catch (error) {
        await this.releaseHeld(hash).catch(() => undefined);
        throw error;
      }
    });
    const surplus = await this.rows.beyond(previous.page_id, PAGE_HISTORY_KEPT);
    if (surplus.length > 0) {
      await this.rows.deleteOfPage(
        previous.page_id,
        surplus.map((row) => row.page_history_id),
      );
      await this.release(surplus);
    }
    return updated;
  }

  /** `page/history`: newest first, content raw (decoded, contract §9.4), `addtime` formatted. */
  async list(caller: Caller, dto: PageHistoryDto): Promise<PageHistoryRow[]> {
    await this.visiblePage(caller, dto.page_id);
    const rows = await this.rows.latest(dto.page_id, PAGE_HISTORY_KEPT);
    return Promise.all(rows.map(async (row) => ({ ...toHistoryFields(row), page_content: await this.contents.read(row.content_hash), addtime: formatTime(row.addtime) })));
  }

  /** `page/diff`: the page and one of ITS versions, both contents HTML-escaped, times raw. */
  async diff(caller: Caller, dto: PageDiffDto): Promise<PageDiff> {
    const page = await this.visiblePage(caller, dto.page_id);
    const row = await this.rows.findOfPage(page.page_id, dto.page_history_id);
    if (!row) throw AppError.failed('page_history_not_found');
    const content = await this.contents.read(row.content_hash);
    return { page: toPageRow(page), history_page: { ...toHistoryFields(row), page_content: escapeHtml(content), addtime: row.addtime } };
  }

  /** The text of a recorded version of the page with this content hash; null when it has none (or its body is lost). */
  async contentOf(pageId: number, hash: string): Promise<string | null> {
    const row = await this.rows.findOfPageByHash(pageId, hash);
    if (!row) return null;
    const content = await this.contents.read(row.content_hash);
    return contentHash(content) === hash ? content : null;
  }

  /** Hard-deletes the history of pages (purge), releasing blobs nobody references any more. */
  async purgePages(pageIds: number[]): Promise<void> {
    if (pageIds.length === 0) return;
    const rows = await this.rows.ofPages(pageIds);
    await this.rows.deleteOfPages(pageIds);
    await this.release(rows);
  }

  /** Deletes the bodies of removed rows that no remaining row references. */
  private async release(rows: Pick<HistoryEntity, 'content_hash'>[]): Promise<void> {
    for (const hash of new Set(rows.map((row) => row.content_hash))) {
      await withLock(this.kv, bodyLock(hash), () => this.releaseHeld(hash));
    }
  }

  /** Deletes the body if no row references it; the caller holds the body's lock. */
  private async releaseHeld(hash: string): Promise<void> {
    if ((await this.rows.countByHash(hash)) === 0) await this.contents.delete(hash);
  }

  private async visiblePage(caller: Caller, pageId: number): Promise<PageEntity> {
    const page = await this.pages.findLive(pageId);
    if (!page) throw AppError.failed('page_not_found');
    await this.access.requireVisit(caller, page.item_id);
    return page;
  }
}

function toHistoryFields(row: HistoryEntity): Omit<PageHistoryRow, 'page_content' | 'addtime'> {
  return {
    page_history_id: row.page_history_id,
    page_id: row.page_id,
    author_uid: row.author_uid,
    author_username: escapeHtml(row.author_username),
    item_id: row.item_id,
    cat_id: row.cat_id,
    page_title: escapeHtml(row.page_title),
    s_number: row.s_number,
    page_comments: escapeHtml(row.page_comments),
    ...(row.contributors?.length ? { contributors: row.contributors.map((contributor) => ({ uid: contributor.uid, username: escapeHtml(contributor.username) })) } : {}),
  };
}
