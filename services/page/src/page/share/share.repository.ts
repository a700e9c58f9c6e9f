import { Injectable, type OnModuleInit } from '@nestjs/common';
import { type Collection, DocumentStore } from '@quire/platform';
import { ContentVersion } from '../../cache/content-version';
import type { ShareEntity } from './share.entity';

/** The `single_pages` collection (share keys). */
@Injectable()
export class ShareRepository implements OnModuleInit {
  private readonly shares: Collection<ShareEntity>;

  constructor(
    private readonly store: DocumentStore,
    private readonly version: ContentVersion,
  ) {
    this.shares = store.collection<ShareEntity>('single_pages');
  }

  async onModuleInit(): Promise<void> {
    await this.shares.ensureIndex({ field: 'unique_key', unique: true });
    await this.shares.ensureIndex({ field: 'page_id' });
    await this.shares.ensureIndex({ field: 'item_id' });
  }

  async create(share: Omit<ShareEntity, 'id'>): Promise<ShareEntity> {
    const id = await this.store.nextId('single_page_id');
    return this.version.renewAfter(this.shares.insertOne({ id, ...share }));
  }

  findByKey(uniqueKey: string): Promise<ShareEntity | null> {
    return this.shares.findOne({ unique_key: uniqueKey });
  }

  async keyOf(pageId: number): Promise<string> {
    return (await this.shares.findOne({ page_id: pageId }, { sort: { id: -1 } }))?.unique_key ?? '';
  }

  deleteByPage(pageId: number): Promise<number> {
    return this.version.renewAfter(this.shares.deleteMany({ page_id: pageId }));
  }

  deleteByPages(pageIds: number[]): Promise<number> {
    return this.version.renewAfter(this.shares.deleteMany({ page_id: { $in: pageIds } }));
  }

  deleteByItem(itemId: number): Promise<number> {
    return this.version.renewAfter(this.shares.deleteMany({ item_id: itemId }));
  }
}
