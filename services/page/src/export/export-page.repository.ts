import { Injectable } from '@nestjs/common';
import { type Collection, DocumentStore } from '@quire/platform';
import type { PageEntity } from '../page/page.entity';

/** Reads of the `pages` collection an export needs (the page slice's repository writes it and keeps its indexes). */
@Injectable()
export class ExportPageRepository {
  private readonly pages: Collection<PageEntity>;

  constructor(store: DocumentStore) {
    this.pages = store.collection<PageEntity>('pages');
  }

  /** The content of these live pages of the item, by page id. */
  async contents(itemId: number, pageIds: number[]): Promise<Map<number, string>> {
    const rows = await this.pages.find({ item_id: itemId, page_id: { $in: pageIds }, is_del: 0 }, { fields: ['page_id', 'page_content'] });
    return new Map(rows.map((row) => [row.page_id, row.page_content ?? '']));
  }
}
