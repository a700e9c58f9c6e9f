import { Injectable } from '@nestjs/common';
import { KeyValueStore, withLock } from '@quire/platform';
import type { Caller, PageRow, UpsertPageByTitleDto } from '@quire/proto';
import { PageService } from './page.service';

/**
 * `page.page.upsertByTitle` (open API) at the controller's edge: the upserts of one item run one at
 * a time, in every replica (a lock in the KeyValueStore), so two never create the same catalog or
 * the same page twice.
 */
@Injectable()
export class PageUpserts {
  constructor(
    private readonly kv: KeyValueStore,
    private readonly pages: PageService,
  ) {}

  upsertByTitle(caller: Caller, dto: UpsertPageByTitleDto): Promise<PageRow> {
    return withLock(this.kv, `lock:item-upsert:${dto.item_id}`, () => this.pages.upsertByTitle(caller, dto));
  }
}
