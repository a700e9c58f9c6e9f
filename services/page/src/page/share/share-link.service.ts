import { Injectable } from '@nestjs/common';
import { ChangeFeed, hashSecret } from '@quire/platform';
import {
  ACTIVITY_TOPIC,
  type ActivityAction,
  activityOf,
  AppError,
  type Caller,
  type ChangeTopics,
  type CreatedShareLink,
  type CreateShareLinkDto,
  ErrorCode,
  escapeHtml,
  formatTime,
  type ListShareLinksDto,
  type Menu,
  nowSeconds,
  type RevokeShareLinkDto,
  type ShareLinkInfo,
  type ShareLinkInfoDto,
  type ShareLinkPage,
  type ShareLinkPageDto,
  type ShareLinkRow,
  type ShareLinkScope,
} from '@quire/proto';
import { ItemAccessService, requireLogin } from '../../access/item-access.service';
import { AttachmentService } from '../../attachment/attachment.service';
import { CatalogRepository } from '../../catalog/catalog.repository';
import { buildMenu, toMenuPage } from '../../menu/menu-builder';
import { PageRepository } from '../page.repository';
import type { ShareLinkEntity } from './share-link.entity';
import { ShareLinkRepository } from './share-link.repository';
import { catalogMenu, pageInScope } from './share-link-scope';
import { hashLinkPassword, linkPasswordMatches, newShareKey, shareTokenOf } from './share-link-secret';

export const shareLinkPath = (shareKey: string) => `/s/${shareKey}`;

/** Scoped share links (issue 20): made and listed by the item's editors, read by whoever holds the key. */
@Injectable()
export class ShareLinkService {
  constructor(
    private readonly links: ShareLinkRepository,
    private readonly pages: PageRepository,
    private readonly catalogs: CatalogRepository,
    private readonly access: ItemAccessService,
    private readonly attachments: AttachmentService,
    private readonly feed: ChangeFeed<ChangeTopics>,
  ) {}

  /** One activity of a link: named by its key's first characters only (the whole key opens the content). */
  private async activity(
    caller: Caller,
    action: ActivityAction,
    link: Pick<ShareLinkEntity, 'share_key' | 'scope' | 'item_id' | 'cat_id' | 'page_id' | 'expire_time' | 'password_hash'>,
  ): Promise<void> {
    const detail = { scope: link.scope, cat_id: link.cat_id, page_id: link.page_id, expire_time: link.expire_time, password: link.password_hash !== '' };
    await this.feed.publishAfterCommit(ACTIVITY_TOPIC, activityOf(caller, action, link.item_id, { type: 'share_link', id: `${link.share_key.slice(0, 6)}…`, name: link.scope }, detail));
  }

  async create(caller: Caller, dto: CreateShareLinkDto): Promise<CreatedShareLink> {
    await this.access.requireEdit(caller, dto.item_id);
    const now = nowSeconds();
    if (dto.expire_time !== 0 && dto.expire_time <= now) throw AppError.failed('share_link_expiry_past');
    const scope: ShareLinkScope = dto.page_id > 0 ? 'page' : dto.cat_id > 0 ? 'catalog' : 'item';
    if (scope === 'page') {
      const page = await this.pages.findLive(dto.page_id);
      if (!page || page.item_id !== dto.item_id) throw AppError.failed('share_link_target_missing');
    } else if (scope === 'catalog' && !(await this.catalogs.findInItem(dto.item_id, dto.cat_id))) {
      throw AppError.failed('share_link_target_missing');
    }
    const share_key = newShareKey();
    const created = await this.links.create({
      key_hash: hashSecret(share_key),
      share_key,
      scope,
      item_id: dto.item_id,
      cat_id: scope === 'catalog' ? dto.cat_id : 0,
      page_id: scope === 'page' ? dto.page_id : 0,
      password_hash: dto.password === '' ? '' : hashLinkPassword(dto.password),
      expire_time: dto.expire_time,
      revoked_time: 0,
      views: 0,
      creator_uid: caller.uid,
      creator_username: caller.username,
      addtime: now,
    });
    await this.activity(caller, 'share.create', created);
    return { share_key, url: shareLinkPath(share_key) };
  }

  async list(caller: Caller, dto: ListShareLinksDto): Promise<ShareLinkRow[]> {
    const access = await this.access.requireEdit(caller, dto.item_id);
    const links = await this.links.activeOfItem(dto.item_id, nowSeconds());
    return Promise.all(
      links.map(async (link) => ({
        share_key: link.share_key,
        url: shareLinkPath(link.share_key),
        scope: link.scope,
        item_id: link.item_id,
        cat_id: link.cat_id,
        page_id: link.page_id,
        target_name: escapeHtml(await this.targetName(link, access.item_name)),
        creator_uid: link.creator_uid,
        creator_username: escapeHtml(link.creator_username),
        addtime: link.addtime,
        expire_time: link.expire_time,
        views: link.views,
        has_password: link.password_hash !== '',
      })),
    );
  }

  /** Its maker (while still an editor) or the item's owner. */
  async revoke(caller: Caller, dto: RevokeShareLinkDto): Promise<never[]> {
    requireLogin(caller);
    const link = await this.links.findByKey(dto.share_key);
    if (!link || link.revoked_time !== 0) throw AppError.failed('share_link_unknown');
    const access = await this.access.check(caller, link.item_id);
    if (!access.creator && !(link.creator_uid === caller.uid && access.edit)) throw new AppError(ErrorCode.NoPermission, 'share_link_revoke_denied');
    await this.links.revoke(link.id, nowSeconds());
    await this.activity(caller, 'share.revoke', link);
    return [];
  }

  async info(dto: ShareLinkInfoDto): Promise<ShareLinkInfo> {
    const link = await this.open(dto.share_key, dto.password);
    const item = await this.access.check({ uid: 0, username: '', groupid: 0, clientId: '', ip: '' }, link.item_id);
    if (!item.exists) throw AppError.failed('share_link_unknown');
    const menu = await this.menuOf(link);
    if (!menu) throw AppError.failed('share_link_unknown');
    await this.links.countView(link.id);
    return {
      scope: link.scope,
      item_name: escapeHtml(item.item_name),
      target_name: escapeHtml(await this.targetName(link, item.item_name)),
      expire_time: link.expire_time,
      page_id: link.page_id,
      menu,
      share_token: shareTokenOf(dto.share_key, link.password_hash),
    };
  }

  /** A page outside the link's scope answers as a missing page: nothing tells it exists. */
  async page(dto: ShareLinkPageDto): Promise<ShareLinkPage> {
    const link = await this.open(dto.share_key, dto.password);
    const page = await this.pages.findLive(dto.page_id);
    const catalogs = link.scope === 'catalog' ? await this.catalogs.ofItem(link.item_id) : [];
    if (!page || !pageInScope(link, page, catalogs)) throw AppError.failed('page_not_found');
    return {
      page_id: page.page_id,
      cat_id: page.cat_id,
      page_title: escapeHtml(page.page_title),
      page_content: escapeHtml(page.page_content),
      author_username: escapeHtml(page.author_username),
      addtime: formatTime(page.addtime),
      attachment_count: await this.attachments.countByPage(page.page_id),
    };
  }

  /** The live link of a key whose password (if any) was given: expired, revoked and unknown keys stop here. */
  private async open(shareKey: string, password: string): Promise<ShareLinkEntity> {
    const link = await this.links.findByKey(shareKey);
    if (!link) throw AppError.failed('share_link_unknown');
    if (link.revoked_time !== 0) throw new AppError(ErrorCode.ShareLinkGone, 'share_link_revoked');
    if (link.expire_time !== 0 && link.expire_time <= nowSeconds()) throw new AppError(ErrorCode.ShareLinkGone, 'share_link_expired');
    if (link.password_hash !== '') {
      if (password === '') throw new AppError(ErrorCode.ItemPassword, 'share_link_password');
      if (!linkPasswordMatches(password, link.password_hash)) throw new AppError(ErrorCode.ItemPassword, 'share_link_password_wrong');
    }
    return link;
  }

  /** The menu the link shows; null when its page or catalog is gone. */
  private async menuOf(link: ShareLinkEntity): Promise<Menu | null> {
    if (link.scope === 'page') {
      const page = await this.pages.findLive(link.page_id);
      return page && page.item_id === link.item_id ? { pages: [toMenuPage(page)], catalogs: [] } : null;
    }
    const [pages, catalogs] = await Promise.all([this.pages.summaries(link.item_id), this.catalogs.ofItem(link.item_id)]);
    const menu = buildMenu(pages, catalogs);
    if (link.scope === 'item') return menu;
    const narrowed = catalogMenu(menu, link.cat_id);
    return narrowed.catalogs.length > 0 ? narrowed : null;
  }

  private async targetName(link: ShareLinkEntity, itemName: string): Promise<string> {
    if (link.scope === 'page') return (await this.pages.findLive(link.page_id))?.page_title ?? '';
    if (link.scope === 'catalog') return (await this.catalogs.findById(link.cat_id))?.cat_name ?? '';
    return itemName;
  }
}
