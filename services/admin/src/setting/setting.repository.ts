import { Injectable, OnModuleInit } from '@nestjs/common';
import { DocumentStore, DuplicateKeyError, type Collection } from '@quire/platform';
import type { SettingName } from '@quire/proto';
import type { SettingEntity } from './setting.entity';

@Injectable()
export class SettingRepository implements OnModuleInit {
  private readonly settings: Collection<SettingEntity>;

  constructor(store: DocumentStore) {
    this.settings = store.collection<SettingEntity>('settings');
  }

  async onModuleInit(): Promise<void> {
    await this.settings.ensureIndex({ field: 'name', unique: true });
  }

  async value(name: SettingName): Promise<string | null> {
    return (await this.settings.findOne({ name }))?.value ?? null;
  }

  /** Every saved option, by name. */
  async all(): Promise<Map<SettingName, string>> {
    return new Map((await this.settings.find({})).map((row) => [row.name, row.value]));
  }

  /** Saves the options (insert or overwrite each). */
  async save(values: Partial<Record<SettingName, string>>, now: number): Promise<void> {
    for (const [name, value] of Object.entries(values) as [SettingName, string][]) {
      if ((await this.settings.updateOne({ name }, { $set: { value, updated_at: now } })) > 0) continue;
      try {
        await this.settings.insertOne({ name, value, updated_at: now });
      } catch (error) {
        if (!(error instanceof DuplicateKeyError)) throw error;
        await this.settings.updateOne({ name }, { $set: { value, updated_at: now } }); // saved by another replica meanwhile
      }
    }
  }
}
