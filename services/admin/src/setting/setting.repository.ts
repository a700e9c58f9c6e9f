import { Injectable, OnModuleInit } from '@nestjs/common';
import { DocumentStore, type Collection } from '@quire/platform';
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
}
