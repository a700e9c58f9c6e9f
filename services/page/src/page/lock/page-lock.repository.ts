import { Injectable, type OnModuleInit } from '@nestjs/common';
import { type Collection, DocumentStore, DuplicateKeyError } from '@quire/platform';
import type { PageLockEntity } from './page-lock.entity';

/** The `page_locks` collection: at most one lock per page; an expired one counts as none. */
@Injectable()
export class PageLockRepository implements OnModuleInit {
  private readonly locks: Collection<PageLockEntity>;

  constructor(private readonly store: DocumentStore) {
    this.locks = store.collection<PageLockEntity>('page_locks');
  }

  async onModuleInit(): Promise<void> {
    await this.locks.ensureIndex({ field: 'page_id', unique: true });
  }

  /** The page's lock that has not expired at `now`, or null. */
  findActive(pageId: number, now: number): Promise<PageLockEntity | null> {
    return this.locks.findOne({ page_id: pageId, lock_to: { $gt: now } });
  }

  /**
   * Takes or renews the page's lock for the user, unless someone else holds it unexpired at `now`:
   * the lock, or null when it is someone else's.
   */
  async take(lock: Omit<PageLockEntity, 'id'>, now: number): Promise<PageLockEntity | null> {
    const change = { lock_uid: lock.lock_uid, lock_username: lock.lock_username, lock_to: lock.lock_to, addtime: lock.addtime };
    const renewed = await this.locks.findOneAndUpdate({ page_id: lock.page_id, $or: [{ lock_uid: lock.lock_uid }, { lock_to: { $lte: now } }] }, { $set: change });
    if (renewed) return renewed;
    if (await this.locks.findOne({ page_id: lock.page_id })) return null;
    try {
      return await this.locks.insertOne({ id: await this.store.nextId('page_lock_id'), ...lock });
    } catch (error) {
      // Someone took the page's lock at the same moment: theirs stands.
      if (error instanceof DuplicateKeyError) return null;
      throw error;
    }
  }

  /** Lets go of the user's lock on the page (none held: nothing happens). */
  release(pageId: number, uid: number): Promise<number> {
    return this.locks.deleteOne({ page_id: pageId, lock_uid: uid });
  }
}
