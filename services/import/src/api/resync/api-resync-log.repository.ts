import { Injectable, type OnModuleInit } from '@nestjs/common';
import { type Collection, DocumentStore } from '@quire/platform';
import { API_RESYNC_HISTORY_KEPT, type ApiResyncSummary } from '@quire/proto';

/** One re-sync that changed something, as its summary (the item's re-sync history). */
export interface ApiResyncLogEntity extends ApiResyncSummary {
  sync_id: number;
}

/** The `api_resync_log` collection: the last API_RESYNC_HISTORY_KEPT summaries of each item. */
@Injectable()
export class ApiResyncLogRepository implements OnModuleInit {
  private readonly entries: Collection<ApiResyncLogEntity>;

  constructor(private readonly store: DocumentStore) {
    this.entries = store.collection<ApiResyncLogEntity>('api_resync_log');
  }

  async onModuleInit(): Promise<void> {
    await this.entries.ensureIndex({ field: 'sync_id', unique: true });
    await this.entries.ensureIndex({ field: 'item_id' });
  }

  async add(summary: ApiResyncSummary): Promise<void> {
    const sync_id = await this.store.nextId('api_resync');
    await this.entries.insertOne({ sync_id, ...summary });
    const older = await this.entries.find({ item_id: summary.item_id }, { sort: { sync_id: -1 }, skip: API_RESYNC_HISTORY_KEPT, fields: ['sync_id'] });
    if (older.length > 0) await this.entries.deleteMany({ sync_id: { $in: older.map((entry) => entry.sync_id) } });
  }

  /** The item's summaries, newest first. */
  async ofItem(itemId: number): Promise<ApiResyncSummary[]> {
    const rows = await this.entries.find({ item_id: itemId }, { sort: { sync_id: -1 }, limit: API_RESYNC_HISTORY_KEPT });
    return rows.map(({ sync_id: _syncId, ...summary }) => summary);
  }
}
