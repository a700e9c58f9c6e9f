import { Injectable, type OnModuleInit } from '@nestjs/common';
import { type Collection, DocumentStore, DuplicateKeyError, type Filter } from '@quire/platform';
import type { ActivityAction } from '@quire/proto';
import type { AuditEntryEntity } from './audit-entry.entity';

/** What a reader of the log narrows it to; every part is optional. */
export interface AuditQuery {
  /** Exactly this actor (case-insensitive); '' for everyone. */
  username: string;
  /** One item's entries; 0 for every item and the site-wide ones. */
  itemId: number;
  /** These actions; null for every action. */
  actions: ActivityAction[] | null;
  /** Unix milliseconds, both included. */
  from?: number;
  to?: number;
}

/** The `audit_entries` collection: append-only, newest first for readers. */
@Injectable()
export class AuditEntryRepository implements OnModuleInit {
  private readonly entries: Collection<AuditEntryEntity>;

  constructor(store: DocumentStore) {
    this.entries = store.collection<AuditEntryEntity>('audit_entries');
  }

  async onModuleInit(): Promise<void> {
    await this.entries.ensureIndex({ field: 'entry_key', unique: true });
    await this.entries.ensureIndex({ field: 'seq' });
    await this.entries.ensureIndex({ field: 'time' });
    await this.entries.ensureIndex({ field: 'actor_key' });
    await this.entries.ensureIndex({ field: 'item_id' });
    await this.entries.ensureIndex({ field: 'action' });
  }

  /** Records an entry; false when it was already recorded (by this replica before, or by another one). */
  async record(entry: AuditEntryEntity): Promise<boolean> {
    try {
      await this.entries.insertOne(entry);
      return true;
    } catch (error) {
      if (error instanceof DuplicateKeyError) return false;
      throw error;
    }
  }

  /**
   * Records a batch in one write; entries already recorded (another replica's, a replay) are skipped. How many
   * were new.
   */
  async recordMany(entries: AuditEntryEntity[]): Promise<number> {
    try {
      await this.entries.insertMany(entries);
      return entries.length;
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
    }
    // Some were there: one at a time (MongoDB may have written those before the duplicate).
    let added = 0;
    for (const entry of entries) if (await this.record(entry)) added += 1;
    return added;
  }

  /** The highest feed sequence recorded (0 for none). */
  async lastSequence(): Promise<number> {
    return (await this.entries.findOne({}, { sort: { seq: -1 }, fields: ['seq'] }))?.seq ?? 0;
  }

  count(query: AuditQuery): Promise<number> {
    return this.entries.count(filterOf(query));
  }

  /** Newest first. */
  page(query: AuditQuery, skip: number, limit: number): Promise<AuditEntryEntity[]> {
    return this.entries.find(filterOf(query), { sort: { time: -1, seq: -1 }, skip, limit });
  }

  /** Removes the entries older than `before` (unix milliseconds); how many went. */
  removeBefore(before: number): Promise<number> {
    return this.entries.deleteMany({ time: { $lt: before } });
  }
}

function filterOf(query: AuditQuery): Filter<AuditEntryEntity> {
  const filter: Filter<AuditEntryEntity> = {};
  if (query.username !== '') filter.actor_key = query.username.toLowerCase();
  if (query.itemId > 0) filter.item_id = query.itemId;
  if (query.actions) filter.action = query.actions.length === 1 ? query.actions[0] : { $in: query.actions };
  if (query.from !== undefined || query.to !== undefined) {
    filter.time = { ...(query.from !== undefined ? { $gte: query.from } : {}), ...(query.to !== undefined ? { $lte: query.to } : {}) };
  }
  return filter;
}
