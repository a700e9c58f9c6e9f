import { Injectable } from '@nestjs/common';
import { TransportClient, VersionedCache, VersionToken } from '@quire/platform';
import { type CacheVersions, type Caller, type ItemAccess, type ItemSummary, type QuireContracts, Subject } from '@quire/proto';
import { AccessVersion } from '../access/access-version';

/** Callers whose readable items are kept (per replica), and for how long at most. */
const READABLE_KEPT = 10_000;
const READABLE_MAX_AGE_MS = 60_000;

/** What the search service asks the item service, on behalf of the original caller. */
@Injectable()
export class ItemClient {
  /** The items each caller (user, group and browser) may read, by the access version they were read under. */
  private readonly readableItems = new VersionedCache<string, number[]>({ maxEntries: READABLE_KEPT, maxAgeMs: READABLE_MAX_AGE_MS });

  constructor(
    private readonly transport: TransportClient<QuireContracts>,
    private readonly accessVersion: AccessVersion,
  ) {}

  /** The caller's rights on one item, read fresh. */
  access(caller: Caller, itemId: number): Promise<ItemAccess> {
    return this.transport.send(Subject.ItemAccessCheck, { caller, params: { item_id: itemId } });
  }

  /**
   * The live items the caller may read. Kept while the access version is unchanged: every write that
   * can change a right renews it, so a member removed stops seeing the item's pages at the next request.
   * The version is the one the message carried (read by the gateway), else read now: before the item
   * service is asked, so an answer given during a change of rights is not kept under the new version.
   */
  async readable(caller: Caller, carried?: CacheVersions): Promise<number[]> {
    const [version] = await VersionToken.readAll(carried, this.accessVersion);
    const key = `${caller.uid}:${caller.groupid}:${caller.clientId}`;
    const kept = this.readableItems.get(key, version);
    if (kept) return kept;
    const { item_ids: itemIds } = await this.transport.send(Subject.ItemAccessReadable, { caller, params: {} });
    this.readableItems.set(key, version, itemIds);
    return itemIds;
  }

  /** The live items among `itemIds` (text raw). */
  summaries(caller: Caller, itemIds: number[]): Promise<ItemSummary[]> {
    if (itemIds.length === 0) return Promise.resolve([]);
    return this.transport.send(Subject.ItemItemSummaries, { caller, params: { item_ids: itemIds } });
  }
}
