import { Injectable } from '@nestjs/common';
import { KeyValueStore, withLock } from '@quire/platform';
import { ContentVersion } from '../cache/content-version';
import { HistoryService } from './history/history.service';
import type { PageEntity } from './page.entity';
import { type PageChanges, PageRepository } from './page.repository';

/** The lock under which one page's previous version is recorded and its new one written. */
const pageLock = (pageId: number): string => `lock:page-save:${pageId}`;

/**
 * Updates of existing pages, one at a time per page in every replica (the page's lock in the
 * KeyValueStore), so each acknowledged save is recorded once, in order. `revise` appends the
 * version it replaces to the history (20 kept) and writes the new one in one unit, so a failed save
 * leaves neither; `overwrite` records nothing (open-API upserts, as ShowDoc) but waits for the lock
 * too, so it never lands between a revision's read and its write unrecorded.
 */
@Injectable()
export class PageRevisions {
  constructor(
    private readonly kv: KeyValueStore,
    private readonly pages: PageRepository,
    private readonly history: HistoryService,
    private readonly contentVersion: ContentVersion,
  ) {}

  /** The live page changed by what `change` makes of it, the version it replaces recorded; null when it is no longer live. */
  revise(pageId: number, change: (previous: PageEntity) => PageChanges): Promise<PageEntity | null> {
    return withLock(this.kv, pageLock(pageId), async (held) => {
      const previous = await this.pages.findLive(pageId);
      if (!previous) return null;
      const changes = change(previous);
      // A version names its live-editor contributors only when its write says so (page.page.saveLive).
      if (previous.contributors?.length && !changes.contributors) changes.contributors = [];
      // The repository renews the content version inside the unit, before its commit: once more after it,
      // so a replica that cached the page as it was meanwhile drops it.
      const recorded = this.history.record(previous, async () => {
        // Written only while the lock is surely this save's: one that lost it (Redis away past the lock's ttl) answers 10503.
        held.throwIfAborted();
        return (await this.pages.update(pageId, changes)) as PageEntity;
      });
      return this.contentVersion.renewAfter(recorded);
    });
  }

  /** Writes the fields without recording the version they replace; null when the page does not exist. */
  overwrite(pageId: number, fields: PageChanges): Promise<PageEntity | null> {
    // Nobody wrote this version in the live editor: it names no contributors.
    return withLock(this.kv, pageLock(pageId), () => this.pages.update(pageId, { ...fields, contributors: [] }));
  }
}
