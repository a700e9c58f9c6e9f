import { Injectable } from '@nestjs/common';
import {
  AppError,
  type Caller,
  type IsPageLockedDto,
  nowSeconds,
  PAGE_LOCK_DEFAULT_SECONDS,
  PAGE_LOCK_MAX_SECONDS,
  type PageLockSet,
  type PageLockState,
  type SetPageLockDto,
  type UnlockPageDto,
} from '@quire/proto';
import { ItemAccessService, requireLogin } from '../../access/item-access.service';
import type { PageEntity } from '../page.entity';
import { PageRepository } from '../page.repository';
import { CollabPresenceClient } from './collab-presence.client';
import { PageLockRepository } from './page-lock.repository';

const FREE: PageLockState = { lock: 0, exceed: 0, lock_uid: '', lock_username: '', is_cur_user: 0, live: 0 };

/**
 * ShowDoc's edit lock (`page/isLock`, `page/setLock`, Quire's `page/unlock`) for clients that cannot
 * co-edit: a page someone else is editing in Quire's co-editor right now is locked for them, and
 * otherwise a plain lock with an expiry (renewed by ShowDoc's client every 20 minutes) decides.
 */
@Injectable()
export class PageLockService {
  constructor(
    private readonly locks: PageLockRepository,
    private readonly pages: PageRepository,
    private readonly access: ItemAccessService,
    private readonly presence: CollabPresenceClient,
  ) {}

  /** Anyone who may read the page may ask; a new page (`page_id` 0) is never locked. */
  async state(caller: Caller, dto: IsPageLockedDto): Promise<PageLockState> {
    if (dto.page_id === 0) return FREE;
    const page = await this.readablePage(caller, dto.page_id);
    const live = await this.otherLiveEditor(caller, page.page_id);
    if (live) return { lock: 1, exceed: 0, lock_uid: live.uid, lock_username: live.username, is_cur_user: 0, live: 1 };
    const held = await this.locks.findActive(page.page_id, nowSeconds());
    if (!held) return FREE;
    return { lock: 1, exceed: 0, lock_uid: held.lock_uid, lock_username: held.lock_username, is_cur_user: caller.uid > 0 && held.lock_uid === caller.uid ? 1 : 0, live: 0 };
  }

  /**
   * Takes or renews the caller's lock (edit right on the page's item); a `lock_to` already past lets go
   * of it instead, as ShowDoc's client unlocks. Refused while someone else holds the page.
   */
  async set(caller: Caller, dto: SetPageLockDto): Promise<PageLockSet> {
    requireLogin(caller);
    const page = await this.livePage(dto.page_id);
    await this.access.requireEdit(caller, page.item_id);
    const now = nowSeconds();
    if (dto.lock_to > 0 && dto.lock_to <= now) {
      await this.locks.release(page.page_id, caller.uid);
      return { id: 0 };
    }
    const live = await this.otherLiveEditor(caller, page.page_id);
    if (live) throw AppError.failed('page_locked_by_other', { name: live.username });
    const lockTo = Math.min(dto.lock_to > 0 ? dto.lock_to : now + PAGE_LOCK_DEFAULT_SECONDS, now + PAGE_LOCK_MAX_SECONDS);
    const lock = await this.locks.take({ page_id: page.page_id, lock_uid: caller.uid, lock_username: caller.username, lock_to: lockTo, addtime: now }, now);
    if (!lock) {
      const holder = await this.locks.findActive(page.page_id, now);
      throw AppError.failed('page_locked_by_other', { name: holder?.lock_username ?? '' });
    }
    return { id: lock.id };
  }

  /** Lets go of the caller's lock on the page; holding none is not an error. */
  async release(caller: Caller, dto: UnlockPageDto): Promise<never[]> {
    requireLogin(caller);
    const page = await this.readablePage(caller, dto.page_id);
    await this.locks.release(page.page_id, caller.uid);
    return [];
  }

  private async livePage(pageId: number): Promise<PageEntity> {
    const page = await this.pages.findLive(pageId);
    if (!page) throw AppError.failed('page_not_found');
    return page;
  }

  private async readablePage(caller: Caller, pageId: number): Promise<PageEntity> {
    const page = await this.livePage(pageId);
    await this.access.requireVisit(caller, page.item_id);
    return page;
  }

  /** Someone other than the caller editing the page in the co-editor now, or null. */
  private async otherLiveEditor(caller: Caller, pageId: number): Promise<{ uid: number; username: string } | null> {
    const editors = await this.presence.editors(caller, pageId);
    return editors.find((editor) => !(caller.uid > 0 && editor.uid === caller.uid)) ?? null;
  }
}
