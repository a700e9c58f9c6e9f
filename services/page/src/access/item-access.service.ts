import { Injectable } from '@nestjs/common';
import { TransportClient, VersionedCache, VersionToken } from '@quire/platform';
import { AppError, type CacheVersions, type Caller, ErrorCode, type ItemAccess, type MessageKey, nowSeconds, type QuireContracts, Subject } from '@quire/proto';
import { AccessVersion } from './access-version';

/** Read grants kept per replica (item, user and browser), and for how long at most. */
const GRANTS_KEPT = 10_000;
const GRANT_MAX_AGE_MS = 60_000;
/** Items whose last touch (second) is remembered; forgotten all at once past this. */
const TOUCHES_KEPT = 10_000;

/**
 * The page service's one door to the item service. Rights are asked with the ORIGINAL caller.
 * The hot calls (`page/info`, `page/save`) may reuse what the item service answered for this
 * caller while the access version they read is unchanged: every write that can change a right
 * renews it (AccessVersion), so a removed member or an archived item is refused at once. Only
 * answers that grant reading are kept; other calls always ask.
 */
@Injectable()
export class ItemAccessService {
  private readonly grants = new VersionedCache<string, ItemAccess>({ maxEntries: GRANTS_KEPT, maxAgeMs: GRANT_MAX_AGE_MS });
  /** The second this replica last touched each item. */
  private readonly touched = new Map<number, number>();

  constructor(
    private readonly transport: TransportClient<QuireContracts>,
    private readonly accessVersion: AccessVersion,
  ) {}

  check(caller: Caller, itemId: number): Promise<ItemAccess> {
    return this.transport.send(Subject.ItemAccessCheck, { caller, params: { item_id: itemId } });
  }

  /**
   * The item service's answer for this caller, reused while the access version is unchanged if it
   * grants reading. The version is the one the message carried (read by the gateway), else read now:
   * before the item service is asked, so an answer given during a change of rights is not kept under the new one.
   */
  private async checkAt(caller: Caller, itemId: number, carried: CacheVersions | undefined): Promise<ItemAccess> {
    const [accessVersion] = await VersionToken.readAll(carried, this.accessVersion);
    const key = `${itemId}:${caller.uid}:${caller.groupid}:${caller.clientId}`;
    const kept = this.grants.get(key, accessVersion);
    if (kept) return kept;
    const access = await this.check(caller, itemId);
    // A grant that `_item_pwd` opened holds for its request only.
    if (access.exists && access.visit && !caller.itemPassword) this.grants.set(key, accessVersion, access);
    return access;
  }

  /**
   * A page of the item changed (`last_update_time`, in seconds). The item service writes an item
   * once per second at most, so a burst of saves asks it once per second, not once per save.
   */
  async touch(caller: Caller, itemId: number): Promise<void> {
    const now = nowSeconds();
    if (this.touched.get(itemId) === now) return;
    await this.transport.send(Subject.ItemItemTouch, { caller, params: { item_id: itemId } });
    if (this.touched.size >= TOUCHES_KEPT) this.touched.clear();
    this.touched.set(itemId, now);
  }

  /** The page of a single-page item was saved: the item takes its title. */
  async rename(caller: Caller, itemId: number, itemName: string): Promise<void> {
    await this.transport.send(Subject.ItemItemRename, { caller, params: { item_id: itemId, item_name: itemName } });
  }

  /** Read right: a private item the visitor has not unlocked answers 10303 so the client shows the password screen. */
  async requireVisit(caller: Caller, itemId: number): Promise<ItemAccess> {
    return visitable(await this.check(caller, itemId));
  }

  /** As requireVisit, reusing this caller's grant while the access version is unchanged (`carried`: the versions a message brought). */
  async requireVisitAt(caller: Caller, itemId: number, carried: CacheVersions | undefined): Promise<ItemAccess> {
    return visitable(await this.checkAt(caller, itemId, carried));
  }

  /** Write right (creator or edit member); archived items are read-only. */
  async requireEdit(caller: Caller, itemId: number, code: number = ErrorCode.NoPermission, denied: MessageKey = 'no_permission'): Promise<ItemAccess> {
    requireLogin(caller);
    return editable(await this.check(caller, itemId), code, denied);
  }

  /** As requireEdit, reusing this caller's answer while the access version is unchanged (`carried`: the versions a message brought). */
  async requireEditAt(caller: Caller, itemId: number, carried: CacheVersions | undefined): Promise<ItemAccess> {
    requireLogin(caller);
    return editable(await this.checkAt(caller, itemId, carried), ErrorCode.NoPermission, 'no_permission');
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

function visitable(access: ItemAccess): ItemAccess {
  if (!access.exists) throw AppError.failed('page_item_not_found');
  if (!access.visit) throw new AppError(ErrorCode.NotCreator, 'page_item_locked');
  return access;
}

function editable(access: ItemAccess, code: number, denied: MessageKey): ItemAccess {
  if (!access.exists) throw new AppError(code, 'page_item_not_found');
  if (access.archived) throw new AppError(code, 'page_item_archived');
  if (!access.edit) throw new AppError(code, denied);
  return access;
}

/** The gateway already refuses anonymous calls on login routes; services hold the line too. */
export function requireLogin(caller: Caller): void {
  if (!caller || caller.uid <= 0) throw new AppError(ErrorCode.NotLoggedIn, 'not_logged_in');
}
