import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { QuireConfig } from '@quire/config';
import { ChangeFeed, QUIRE_CONFIG } from '@quire/platform';
import {
  ACTIVITY_TOPIC,
  activityOf,
  AppError,
  type Caller,
  type ChangeTopics,
  ErrorCode,
  type GetLivePageDto,
  ItemType,
  type LivePage,
  type LivePageSaved,
  nowSeconds,
  type SaveLivePageDto,
  translate,
} from '@quire/proto';
import { ItemAccessService, requireLogin } from '../../access/item-access.service';
import { CatalogRepository } from '../../catalog/catalog.repository';
import { SearchChanges } from '../../search/search-changes';
import { PageRevisions } from '../page-revisions';
import type { PageEntity } from '../page.entity';
import { PageRepository } from '../page.repository';

/** Hex SHA-256 of a page's text: what a co-editing document records as the content it was synced with. */
export function pageContentHash(content: string): string {
  return createHash('sha256').update(content, 'utf8').digest('hex');
}

/**
 * The page service's side of live co-editing (asked by the collab service over the transport, never
 * routed from HTTP): a page's fields to fill a document from, and the write of a co-edited page. The
 * write is a revision like `page/save`'s (the version it replaces goes to the history), with the
 * same rights and rules, and names the contributors of the new version.
 */
@Injectable()
export class LivePageService {
  constructor(
    private readonly pages: PageRepository,
    private readonly revisions: PageRevisions,
    private readonly catalogs: CatalogRepository,
    private readonly access: ItemAccessService,
    private readonly search: SearchChanges,
    private readonly feed: ChangeFeed<ChangeTopics>,
    @Inject(QUIRE_CONFIG) private readonly config: QuireConfig,
  ) {}

  /** `page.page.live`: the live page, or null. The collab service checks the caller's rights itself. */
  async get(dto: GetLivePageDto): Promise<LivePage | null> {
    const page = await this.pages.findLive(dto.page_id);
    return page ? toLivePage(page) : null;
  }

  /** `page.page.saveLive`: the caller (the saver, or the last editor) needs the edit right, the item not archived. */
  async save(caller: Caller, dto: SaveLivePageDto): Promise<LivePageSaved> {
    requireLogin(caller);
    const existing = await this.pages.findLive(dto.page_id);
    if (!existing) throw AppError.failed('page_not_found');
    const itemId = existing.item_id;
    const access = await this.access.requireEdit(caller, itemId);
    if (!dto.page_content.trim()) throw new AppError(ErrorCode.NoPermission, 'page_empty_content');
    if (dto.cat_id > 0 && !(await this.catalogs.findInItem(itemId, dto.cat_id))) throw AppError.failed('catalog_not_found');
    const saved = await this.revisions.revise(existing.page_id, (previous) => ({
      author_uid: caller.uid,
      author_username: caller.username,
      cat_id: dto.cat_id,
      page_title: dto.page_title.trim() || translate('page_default_title', this.config.language),
      page_content: dto.page_content,
      s_number: dto.s_number || previous.s_number,
      addtime: Math.max(nowSeconds(), previous.addtime),
      contributors: dto.contributors,
    }));
    if (!saved) throw AppError.failed('page_not_found');
    await Promise.all([this.access.touch(caller, itemId), access.item_type === ItemType.SinglePage ? this.access.rename(caller, itemId, saved.page_title) : undefined]);
    await Promise.all([
      this.search.page(itemId, saved.page_id),
      this.feed.publishAfterCommit(ACTIVITY_TOPIC, activityOf(caller, 'page.update', itemId, { type: 'page', id: saved.page_id, name: saved.page_title }, { live: true })),
    ]);
    return { page_id: saved.page_id, content_hash: pageContentHash(saved.page_content), addtime: saved.addtime, author_username: saved.author_username };
  }
}

function toLivePage(page: PageEntity): LivePage {
  return {
    page_id: page.page_id,
    item_id: page.item_id,
    cat_id: page.cat_id,
    page_title: page.page_title,
    page_content: page.page_content,
    s_number: page.s_number,
    addtime: page.addtime,
    author_username: page.author_username,
    content_hash: pageContentHash(page.page_content),
  };
}
