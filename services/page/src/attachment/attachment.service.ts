import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { QuireConfig } from '@quire/config';
import { BlobStorage, DuplicateKeyError, QUIRE_CONFIG } from '@quire/platform';
import {
  AppError,
  type AttachmentListEntry,
  attachmentUrl,
  type Caller,
  type DeleteAttachmentDto,
  ErrorCode,
  escapeHtml,
  escapeRegExp,
  formatTime,
  IMAGE_TYPES,
  type ListAttachmentsDto,
  nowSeconds,
  Reply,
  type UploadAttachmentDto,
  type UploadedFile,
  type UploadedReply,
  type UploadImageDto,
  type VisitAttachmentDto,
} from '@quire/proto';
import { ItemAccessService, requireLogin } from '../access/item-access.service';
import { PageRepository } from '../page/page.repository';
import { CatalogRepository } from '../catalog/catalog.repository';
import { ShareLinkRepository } from '../page/share/share-link.repository';
import { pageInScope } from '../page/share/share-link-scope';
import { shareTokenMatches } from '../page/share/share-link-secret';
import { ShareRepository } from '../page/share/share.repository';
import { TemplateRepository } from '../template/template.repository';
import type { AttachmentEntity } from './attachment.entity';
import { AttachmentRepository } from './attachment.repository';
import { displayName, imageDisplayName } from './display-name';

const SIGN_PATTERN = /^[a-f0-9]{32}$/;
const MIB = 1024 * 1024;

/** An upload of no item and no page that no page or template links is removed this long after it was stored. */
export const ITEMLESS_UPLOAD_TTL_SECONDS = 24 * 3600;
/** An item-less upload found linked is looked at again after this long (its page may have dropped the link). */
export const ITEMLESS_LINK_RECHECK_SECONDS = 30 * 24 * 3600;
/** Item-less uploads looked at per query of the pages' text. */
const SWEEP_BATCH = 200;

/**
 * Images and attachments of pages (contract §9.4). The bytes never reach this service: the
 * gateway streams them into BlobStorage and forwards the key; downloads answer `Reply.blob`.
 * Rights are asked of the item service on every call, for the item the file's page is in now.
 */
@Injectable()
export class AttachmentService {
  private readonly logger = new Logger(AttachmentService.name);

  constructor(
    private readonly attachments: AttachmentRepository,
    private readonly pages: PageRepository,
    private readonly shares: ShareRepository,
    private readonly shareLinks: ShareLinkRepository,
    private readonly catalogs: CatalogRepository,
    private readonly templates: TemplateRepository,
    private readonly access: ItemAccessService,
    private readonly blobs: BlobStorage,
    @Inject(QUIRE_CONFIG) private readonly config: QuireConfig,
  ) {}

  /**
   * `page/uploadImg` (editor.md). An image may be pasted before its page is saved: with a
   * `page_id` the edit right on the page's item is required, else with an `item_id` the edit
   * right on that item, else only a login (the image then belongs to no item and its link
   * works for whoever has it, as ShowDoc's public upload folder did).
   */
  async uploadImage(caller: Caller, dto: UploadImageDto): Promise<UploadedReply> {
    requireLogin(caller);
    const file = requireFile(dto.file);
    let itemId = 0;
    if (dto.page_id > 0) {
      itemId = (await this.livePage(dto.page_id)).item_id;
      await this.access.requireEdit(caller, itemId);
    } else if (dto.item_id > 0) {
      itemId = dto.item_id;
      await this.access.requireEdit(caller, itemId);
    }
    if (!IMAGE_TYPES.includes(file.detectedType)) throw AppError.failed('attachment_image_type');
    const attachment = await this.record(caller, file, { itemId, pageId: dto.page_id, name: imageDisplayName(file.name) });
    return { success: 1, url: attachmentUrl(attachment.sign) };
  }

  /** `page/upload`: any type, to a saved page of an item the caller may edit; a raw `{url, success}` body. */
  async upload(caller: Caller, dto: UploadAttachmentDto): Promise<Reply<never>> {
    requireLogin(caller);
    if (dto.page_id <= 0) throw new AppError(ErrorCode.NoPermission, 'attachment_save_page_first');
    const page = await this.livePage(dto.page_id);
    await this.access.requireEdit(caller, page.item_id);
    const file = requireFile(dto.file);
    const attachment = await this.record(caller, file, { itemId: page.item_id, pageId: page.page_id, name: displayName(file.name) });
    const body: UploadedReply = { success: 1, url: attachmentUrl(attachment.sign) };
    return Reply.raw('application/json; charset=utf-8', Buffer.from(JSON.stringify(body)));
  }

  /** `page/uploadList`: the page's files, newest first, for whoever may read the page. */
  async list(caller: Caller, dto: ListAttachmentsDto): Promise<AttachmentListEntry[]> {
    if (dto.page_id <= 0) throw new AppError(ErrorCode.NoPermission, 'attachment_save_page_first');
    const page = await this.livePage(dto.page_id);
    await this.access.requireVisit(caller, page.item_id);
    const rows = await this.attachments.listByPage(page.page_id);
    return rows.map((row) => ({
      file_id: row.file_id,
      display_name: escapeHtml(row.display_name),
      url: attachmentUrl(row.sign),
      addtime: formatTime(row.addtime),
    }));
  }

  /** `page/deleteUploadFile`: the edit right on the file's item; the blob goes first, then the row. */
  async delete(caller: Caller, dto: DeleteAttachmentDto): Promise<never[]> {
    requireLogin(caller);
    const attachment = await this.attachments.findById(dto.file_id);
    if (!attachment) throw AppError.failed('attachment_not_found');
    const itemId = await this.itemOf(attachment);
    if (itemId > 0) await this.access.requireEdit(caller, itemId);
    else if (attachment.uid !== caller.uid) throw new AppError(ErrorCode.NoPermission, 'no_permission');
    try {
      await this.blobs.delete(attachment.blob_key);
    } catch (error) {
      this.logger.error(`Deleting blob ${attachment.blob_key} failed: ${(error as Error).message}`);
      throw AppError.failed('attachment_delete_failed');
    }
    await this.attachments.delete(attachment.file_id);
    return [];
  }

  /**
   * `attachment/visitFile`: the visit right on the file's item, or a share link whose page shows
   * the file. Only the image types are shown inline; everything else downloads, and active
   * content (SVG, HTML) as opaque bytes.
   */
  async visit(caller: Caller, dto: VisitAttachmentDto): Promise<Reply<never>> {
    const attachment = SIGN_PATTERN.test(dto.sign) ? await this.attachments.findBySign(dto.sign) : null;
    if (!attachment) throw AppError.failed('attachment_not_found');
    const itemId = await this.itemOf(attachment);
    if (itemId > 0 && !(await this.sharedThrough(dto.unique_key, itemId, attachment.sign)) && !(await this.linkedThrough(dto.share_key, dto.share_token, itemId, attachment.sign)))
      await this.access.requireVisit(caller, itemId);
    const inline = IMAGE_TYPES.includes(attachment.content_type);
    return Reply.blob({
      key: attachment.blob_key,
      contentType: inline || isPassive(attachment.content_type) ? attachment.content_type : 'application/octet-stream',
      filename: attachment.display_name,
      inline,
    });
  }

  /**
   * A shared page's reader needs no visit right for the files that page shows: the key names a
   * live shared page of the file's own item whose content links this very file (a share opens
   * nothing else of the item, and no file of another item whatever sign its text holds).
   */
  private async sharedThrough(uniqueKey: string, itemId: number, sign: string): Promise<boolean> {
    if (!uniqueKey) return false;
    const share = await this.shares.findByKey(uniqueKey);
    const page = share ? await this.pages.findLive(share.page_id) : null;
    return page !== null && page.item_id === itemId && page.page_content.includes(sign);
  }

  /**
   * The same through a scoped share link (issue 20): a live link of the file's item (with the proof of its password)
   * whose scope holds a live page that links the file.
   */
  private async linkedThrough(shareKey: string, token: string, itemId: number, sign: string): Promise<boolean> {
    if (!shareKey) return false;
    const link = await this.shareLinks.findByKey(shareKey);
    if (!link || link.item_id !== itemId || link.revoked_time !== 0 || (link.expire_time !== 0 && link.expire_time <= nowSeconds())) return false;
    if (!shareTokenMatches(shareKey, link.password_hash, token)) return false;
    const linking = await this.pages.linking(itemId, sign);
    const catalogs = link.scope === 'catalog' ? await this.catalogs.ofItem(itemId) : [];
    return linking.some((page) => pageInScope(link, page, catalogs));
  }

  /** `attachment_count` of `page/info`. */
  countByPage(pageId: number): Promise<number> {
    return this.attachments.countByPage(pageId);
  }

  /** Hard-deletes the files (blobs and rows) of a purged item, including those bound to its pages. */
  async purgeItem(itemId: number): Promise<void> {
    const pageIds = await this.pages.idsOfItem(itemId);
    await this.purge(await this.attachments.ofItemOrPages(itemId, pageIds));
  }

  /** Hard-deletes the files of purged pages. */
  async purgePages(pageIds: number[]): Promise<void> {
    if (pageIds.length === 0) return;
    await this.purge(await this.attachments.ofPages(pageIds));
  }

  /**
   * Removes (blobs and rows) the uploads of no item and no page stored more than
   * ITEMLESS_UPLOAD_TTL_SECONDS ago, unless the text of a page (live or in the recycle bin) or of
   * a template links them: a client that pastes an image before it knows the item saves the page
   * later. Those stay, and are looked at again after ITEMLESS_LINK_RECHECK_SECONDS. Returns how
   * many went.
   */
  async sweepItemless(now: number = nowSeconds()): Promise<number> {
    let removed = 0;
    for (;;) {
      const batch = await this.attachments.itemlessCandidates(now - ITEMLESS_UPLOAD_TTL_SECONDS, now - ITEMLESS_LINK_RECHECK_SECONDS, SWEEP_BATCH);
      if (batch.length === 0) return removed;
      const linked = await this.linkedSigns(batch.map((row) => row.sign));
      const kept = batch.filter((row) => linked.has(row.sign));
      await this.attachments.markLinked(
        kept.map((row) => row.file_id),
        now,
      );
      const gone = await this.purge(batch.filter((row) => !linked.has(row.sign)));
      removed += gone;
      // Rows whose blob could not be removed stay; the next sweep tries them again.
      if (kept.length + gone === 0 || batch.length < SWEEP_BATCH) return removed;
    }
  }

  /** The signs among these that the text of some page or template contains. */
  private async linkedSigns(signs: string[]): Promise<Set<string>> {
    const pattern = new RegExp(signs.map(escapeRegExp).join('|'));
    const texts = [...(await this.pages.contentsMatching(pattern)), ...(await this.templates.contentsMatching(pattern))];
    return new Set(signs.filter((sign) => texts.some((text) => text.includes(sign))));
  }

  /** Removes blob then row of each file; returns how many went. */
  private async purge(rows: AttachmentEntity[]): Promise<number> {
    let removed = 0;
    for (const row of rows) {
      try {
        await this.blobs.delete(row.blob_key);
      } catch (error) {
        // The row stays, so the next purge tries again.
        this.logger.error(`Purging blob ${row.blob_key} failed: ${(error as Error).message}`);
        continue;
      }
      await this.attachments.delete(row.file_id);
      removed += 1;
    }
    return removed;
  }

  private async record(caller: Caller, file: UploadedFile, target: { itemId: number; pageId: number; name: string }): Promise<AttachmentEntity> {
    const stored = await this.blobs.stat(file.key);
    if (!stored) throw AppError.failed('attachment_no_file');
    let attachment: AttachmentEntity;
    try {
      attachment = await this.attachments.create({
        sign: randomBytes(16).toString('hex'),
        item_id: target.itemId,
        page_id: target.pageId,
        uid: caller.uid,
        display_name: target.name,
        content_type: file.detectedType,
        file_size: stored.size,
        blob_key: file.key,
        addtime: nowSeconds(),
      });
    } catch (error) {
      if (error instanceof DuplicateKeyError) throw AppError.failed('attachment_no_file');
      throw error;
    }
    await this.enforceQuota(attachment);
    return attachment;
  }

  /**
   * Refuses the upload that takes its uploader past UPLOAD_QUOTA_MB. The row is written first and
   * the total read after it, so uploads sent at the same moment cannot all slip under the limit;
   * the refused upload's row goes again, and the gateway removes its blob.
   */
  private async enforceQuota(attachment: AttachmentEntity): Promise<void> {
    const quota = this.config.uploads.quotaBytes;
    if (quota === 0 || (await this.attachments.bytesUploadedBy(attachment.uid)) <= quota) return;
    await this.attachments.delete(attachment.file_id);
    throw AppError.failed('upload_quota_exceeded', { quota: Math.floor(quota / MIB) });
  }

  private async livePage(pageId: number): Promise<{ page_id: number; item_id: number }> {
    const page = await this.pages.findLive(pageId);
    if (!page) throw AppError.failed('page_not_found');
    return page;
  }

  /** The item the file's page is in now (pages can move between items), else the item it was uploaded to. */
  private async itemOf(attachment: AttachmentEntity): Promise<number> {
    if (attachment.page_id <= 0) return attachment.item_id;
    const page = await this.pages.findById(attachment.page_id);
    return page ? page.item_id : attachment.item_id;
  }
}

function requireFile(file: UploadedFile | undefined): UploadedFile {
  if (!file) throw AppError.failed('attachment_no_file');
  return file;
}

/** Types a browser never runs: the sniffed image, PDF and archive types (HTML and SVG are not among them). */
function isPassive(contentType: string): boolean {
  return IMAGE_TYPES.includes(contentType) || contentType === 'application/pdf' || contentType === 'application/zip';
}
