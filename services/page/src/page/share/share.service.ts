import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ChangeFeed } from '@quire/platform';
import {
  ACTIVITY_TOPIC,
  activityOf,
  AppError,
  type Caller,
  type ChangeTopics,
  type CreateSinglePageDto,
  escapeHtml,
  formatTime,
  type PageInfoByKeyDto,
  type SharedPageInfo,
  type SinglePageKey,
} from '@quire/proto';
import { ItemAccessService } from '../../access/item-access.service';
import { AttachmentService } from '../../attachment/attachment.service';
import { PageRepository } from '../page.repository';
import { ShareRepository } from './share.repository';

/** Share links of single pages (contract §9.4 `createSinglePage`, `infoByKey`). */
@Injectable()
export class ShareService {
  constructor(
    private readonly shares: ShareRepository,
    private readonly pages: PageRepository,
    private readonly access: ItemAccessService,
    private readonly attachments: AttachmentService,
    private readonly feed: ChangeFeed<ChangeTopics>,
  ) {}

  /** Always drops the old key; 'true' issues a new unguessable one (old links stop working). */
  async toggle(caller: Caller, dto: CreateSinglePageDto): Promise<SinglePageKey | never[]> {
    const page = await this.pages.findLive(dto.page_id);
    if (!page) throw AppError.failed('page_not_found');
    await this.access.requireEdit(caller, page.item_id);
    const dropped = await this.shares.deleteByPage(page.page_id);
    // Recorded as the scoped links are: the key's first characters only (a revoked one: its page, the key is gone).
    const recorded = (action: 'share.create' | 'share.revoke', key: string) =>
      this.feed.publishAfterCommit(
        ACTIVITY_TOPIC,
        activityOf(
          caller,
          action,
          page.item_id,
          { type: 'share_link', id: key ? `${key.slice(0, 6)}…` : `page ${page.page_id}`, name: 'page' },
          { scope: 'page', page_id: page.page_id, legacy: true },
        ),
      );
    if (dto.isCreateSiglePage !== 'true') {
      if (dropped > 0) await recorded('share.revoke', '');
      return [];
    }
    const unique_key = randomBytes(16).toString('hex');
    await this.shares.create({ unique_key, page_id: page.page_id, item_id: page.item_id, addtime: Math.floor(Date.now() / 1000) });
    await recorded('share.create', unique_key);
    return { unique_key, page_id: page.page_id };
  }

  /** No visit check: a share link bypasses the item's privacy by design. No item_id / cat_id in the reply. */
  async read(dto: PageInfoByKeyDto): Promise<SharedPageInfo> {
    const share = await this.shares.findByKey(dto.unique_key);
    const page = share ? await this.pages.findLive(share.page_id) : null;
    if (!share || !page) throw AppError.failed('page_share_key_unknown');
    return {
      page_id: page.page_id,
      author_uid: page.author_uid,
      author_username: escapeHtml(page.author_username),
      page_title: escapeHtml(page.page_title),
      page_content: escapeHtml(page.page_content),
      s_number: page.s_number,
      addtime: formatTime(page.addtime),
      page_comments: escapeHtml(page.page_comments),
      is_del: page.is_del,
      attachment_count: await this.attachments.countByPage(page.page_id),
    };
  }
}
