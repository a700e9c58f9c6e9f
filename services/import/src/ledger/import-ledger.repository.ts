import { Injectable, type OnModuleInit } from '@nestjs/common';
import { type Collection, DocumentStore } from '@quire/platform';
import { nowSeconds } from '@quire/proto';
import type { ImportLedgerEntity, LedgerKind } from './import-ledger.entity';

const ledgerKey = (source: string, kind: LedgerKind, sourceId: number): string => `${source}|${kind}|${sourceId}`;

/** The `import_ledger` collection: source id → Quire id per kind, the import service's only data. */
@Injectable()
export class ImportLedgerRepository implements OnModuleInit {
  private readonly entries: Collection<ImportLedgerEntity>;

  constructor(store: DocumentStore) {
    this.entries = store.collection<ImportLedgerEntity>('import_ledger');
  }

  async onModuleInit(): Promise<void> {
    await this.entries.ensureIndex({ field: 'key', unique: true });
    await this.entries.ensureIndex({ field: 'source' });
  }

  /** Every entry of one source and kind, by source id. */
  async ofKind(source: string, kind: LedgerKind): Promise<Map<number, ImportLedgerEntity>> {
    const rows = await this.entries.find({ source, kind });
    return new Map(rows.map((row) => [row.source_id, row]));
  }

  /** Records (or replaces) what a source id became. */
  async record(source: string, kind: LedgerKind, sourceId: number, quireId: number, state: ImportLedgerEntity['state'] = 'done'): Promise<void> {
    const key = ledgerKey(source, kind, sourceId);
    const at = nowSeconds();
    if ((await this.entries.updateOne({ key }, { $set: { quire_id: quireId, state, at } })) > 0) return;
    await this.entries.insertOne({ key, source, kind, source_id: sourceId, quire_id: quireId, state, at });
  }

  async forget(source: string, kind: LedgerKind, sourceId: number): Promise<void> {
    await this.entries.deleteOne({ key: ledgerKey(source, kind, sourceId) });
  }
}
