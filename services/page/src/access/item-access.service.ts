import { Injectable } from '@nestjs/common';
import { TransportClient, VersionedCache } from '@quire/platform';
import { AppError, type Caller, ErrorCode, type ItemAccess, type MessageKey, Subject } from '@quire/proto';

/** Read grants kept per replica (item, user and browser), and for how long at most. */
const GRANTS_KEPT = 10_000;
const GRANT_MAX_AGE_MS = 60_000;

/**
 * The page service's one door to the item service. Rights are asked with the ORIGINAL caller.
 * Writes always ask; the hot read (`page/info`) may reuse a read grant while the access version
 * it read is unchanged: every write that can change a right renews it (AccessVersion), so a
 * removed member loses the right at once. Refusals are never kept.
 */
@Injectable()
export class ItemAccessService {
  private readonly grants = new VersionedCache<string, ItemAccess>({ maxEntries: GRANTS_KEPT, maxAgeMs: GRANT_MAX_AGE_MS });

  constructor(private readonly transport: TransportClient) {}

  check(caller: Caller, itemId: number): Promise<ItemAccess> {
    return this.transport.send<ItemAccess>(Subject.ItemAccessCheck, { caller, params: { item_id: itemId } });
  }

  /** A page of the item changed (`last_update_time`). */
  async touch(caller: Caller, itemId: number): Promise<void> {
    await this.transport.send(Subject.ItemItemTouch, { caller, params: { item_id: itemId } });
  }

  /** The page of a single-page item was saved: the item takes its title. */
  async rename(caller: Caller, itemId: number, itemName: string): Promise<void> {
    await this.transport.send(Subject.ItemItemRename, { caller, params: { item_id: itemId, item_name: itemName } });
  }

  /** Read right: a private item the visitor has not unlocked answers 10303 so the client shows the password screen. */
  async requireVisit(caller: Caller, itemId: number): Promise<ItemAccess> {
    const access = await this.check(caller, itemId);
    if (!access.exists) throw AppError.failed('page_item_not_found');
    if (!access.visit) throw new AppError(ErrorCode.NotCreator, 'page_item_locked');
    return access;
  }

  /** As requireVisit, reusing this caller's grant while the access version (read before) is unchanged. */
  async requireVisitAt(caller: Caller, itemId: number, accessVersion: string | null): Promise<ItemAccess> {
    const key = `${itemId}:${caller.uid}:${caller.groupid}:${caller.clientId}`;
    const granted = this.grants.get(key, accessVersion);
    if (granted) return granted;
    const access = await this.requireVisit(caller, itemId);
    this.grants.set(key, accessVersion, access);
    return access;
  }

  /** Write right (creator or edit member); archived items are read-only. */
  async requireEdit(caller: Caller, itemId: number, code: number = ErrorCode.NoPermission, denied: MessageKey = 'no_permission'): Promise<ItemAccess> {
    requireLogin(caller);
    const access = await this.check(caller, itemId);
    if (!access.exists) throw new AppError(code, 'page_item_not_found');
    if (access.archived) throw new AppError(code, 'page_item_archived');
    if (!access.edit) throw new AppError(code, denied);
    return access;
  }

  /** The item's creator (recycle bin); archived items cannot be changed. */
  async requireCreator(caller: Caller, itemId: number, options: { write: boolean }): Promise<ItemAccess> {
    requireLogin(caller);
    const access = await this.check(caller, itemId);
    if (!access.exists) throw AppError.failed('page_item_not_found');
    if (!access.creator) throw new AppError(ErrorCode.NotCreator, 'page_creator_only');
    if (options.write && access.archived) throw new AppError(ErrorCode.NoPermission, 'page_item_archived');
    return access;
  }
}

/** The gateway already refuses anonymous calls on login routes; services hold the line too. */
export function requireLogin(caller: Caller): void {
  if (!caller || caller.uid <= 0) throw new AppError(ErrorCode.NotLoggedIn, 'not_logged_in');
}
