import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DocumentStore, SealedCollection, SecretCipher } from '@quire/platform';
import type { OidcSettings } from '@quire/proto';

interface OidcConfigRow extends OidcSettings {
  id: number;
}

/** The `oidc_config` collection: the one OpenID provider's settings; the client secret sealed (SealedCollection). */
@Injectable()
export class OidcConfigRepository implements OnModuleInit {
  private readonly rows: SealedCollection<OidcConfigRow>;

  constructor(store: DocumentStore, cipher: SecretCipher) {
    this.rows = new SealedCollection(store.collection<OidcConfigRow>('oidc_config'), cipher, { key: 'id', fields: ['client_secret'] });
  }

  async onModuleInit(): Promise<void> {
    await this.rows.ensureIndex({ field: 'id', unique: true });
    await this.rows.reseal();
  }

  async load(): Promise<OidcSettings | null> {
    const row = await this.rows.findOne({ id: 1 });
    if (!row) return null;
    const { id: _id, ...settings } = row;
    return settings;
  }

  async save(settings: OidcSettings): Promise<void> {
    if ((await this.rows.updateOne({ id: 1 }, { $set: settings })) === 0) await this.rows.insertOne({ id: 1, ...settings });
  }
}
