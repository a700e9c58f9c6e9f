import { Injectable } from '@nestjs/common';
import {
  AppError,
  type Caller,
  ErrorCode,
  escapeHtml,
  formatTime,
  type ListNoticesDto,
  NOTICE_LIST_MAX,
  type NoticeRow,
  NoticeType,
  nowSeconds,
  type SendNoticeCommand,
  type SentNotices,
  type UnreadCount,
  ADMIN_GROUP,
} from '@quire/proto';
import { sanitizeNoticeHtml } from './notice-html';
import type { NoticeEntity } from './notice.entity';
import { NoticeReceiptRepository } from './notice-receipt.repository';
import { NoticeRepository } from './notice.repository';

/** Administrators: the only callers who may announce to everyone. */

/**
 * Notices (contract §9.10's proposal): personal notices other services send (added to an item
 * or a team, an item transferred) and administrator announcements. Each user reads, marks and
 * deletes only their own; HTML is sanitized when a notice is stored.
 */
@Injectable()
export class NoticeService {
  constructor(
    private readonly notices: NoticeRepository,
    private readonly receipts: NoticeReceiptRepository,
  ) {}

  /** Newest first, all or unread only, at most `count` (when > 0) and never more than NOTICE_LIST_MAX. */
  async list(caller: Caller, dto: ListNoticesDto): Promise<NoticeRow[]> {
    requireLogin(caller);
    const unreadOnly = dto.notice_type === NoticeType.Unread;
    const limit = dto.count > 0 ? Math.min(dto.count, NOTICE_LIST_MAX) : NOTICE_LIST_MAX;
    const [personal, announcements] = await Promise.all([this.notices.listPersonal(caller.uid, { unreadOnly, limit }), this.notices.listAnnouncements(NOTICE_LIST_MAX)]);
    const receipts = new Map(
      (
        await this.receipts.listForUser(
          caller.uid,
          announcements.map((n) => n.notice_id),
        )
      ).map((r) => [r.notice_id, r]),
    );
    const rows: SortableRow[] = personal.map((notice) => toNoticeRow(notice, notice.is_read));
    for (const notice of announcements) {
      const receipt = receipts.get(notice.notice_id);
      if (receipt?.is_deleted === 1 || (unreadOnly && receipt)) continue;
      rows.push(toNoticeRow(notice, receipt ? 1 : 0));
    }
    return rows
      .sort(newestFirst)
      .slice(0, limit)
      .map(({ addtime: _addtime, ...row }) => row);
  }

  /** Marks one of my notices read; marking it again changes nothing. */
  async setRead(caller: Caller, noticeId: number): Promise<never[]> {
    const notice = await this.own(caller, noticeId);
    if (notice.to_all) await this.receipts.markRead(notice.notice_id, caller.uid);
    else await this.notices.markRead(notice.notice_id, caller.uid);
    return [];
  }

  /** Deletes one of my notices (an announcement leaves my list only). */
  async delete(caller: Caller, noticeId: number): Promise<never[]> {
    const notice = await this.own(caller, noticeId);
    if (notice.to_all) await this.receipts.markDeleted(notice.notice_id, caller.uid);
    else if ((await this.notices.removePersonal(notice.notice_id, caller.uid)) === 0) throw AppError.failed('notice_not_found');
    return [];
  }

  /** Internal (`notice.notice.send`): stores a notice for each listed user, or one announcement (administrators only). */
  async send(caller: Caller, dto: SendNoticeCommand): Promise<SentNotices> {
    const base = {
      from_uid: caller.uid,
      from_name: dto.from_name,
      notice_title: sanitizeNoticeHtml(dto.notice_title),
      notice_content: sanitizeNoticeHtml(dto.notice_content),
      addtime: nowSeconds(),
      is_read: 0 as const,
    };
    if (dto.to_all) {
      if (caller.groupid !== ADMIN_GROUP) throw new AppError(ErrorCode.NoPermission, 'no_permission');
      await this.notices.add({ ...base, to_uid: 0, to_all: true });
      return { sent: 1 };
    }
    const recipients = [...new Set(dto.to_uids)];
    for (const uid of recipients) await this.notices.add({ ...base, to_uid: uid, to_all: false });
    return { sent: recipients.length };
  }

  /** Internal (`notice.notice.unreadCount`): the caller's unread notices, 0 for anonymous visitors. */
  async unreadCount(caller: Caller): Promise<UnreadCount> {
    if (!(caller.uid > 0)) return { count: 0 };
    const [personal, announcements, receipts] = await Promise.all([this.notices.countPersonalUnread(caller.uid), this.notices.countAnnouncements(), this.receipts.countForUser(caller.uid)]);
    return { count: personal + Math.max(0, announcements - receipts) };
  }

  /** A notice addressed to the caller (personal, or an announcement they have not deleted), else 10101. */
  private async own(caller: Caller, noticeId: number): Promise<NoticeEntity> {
    requireLogin(caller);
    const notice = await this.notices.findById(noticeId);
    if (notice && !notice.to_all && notice.to_uid === caller.uid) return notice;
    if (notice?.to_all && (await this.receipts.find(notice.notice_id, caller.uid))?.is_deleted !== 1) return notice;
    throw AppError.failed('notice_not_found');
  }
}

function requireLogin(caller: Caller): void {
  if (!(caller.uid > 0)) throw new AppError(ErrorCode.NotLoggedIn, 'not_logged_in');
}

type SortableRow = NoticeRow & { addtime: number };

function toNoticeRow(notice: NoticeEntity, isRead: 0 | 1): SortableRow {
  return {
    notice_id: notice.notice_id,
    notice_title: notice.notice_title,
    notice_content: notice.notice_content,
    from_name: escapeHtml(notice.from_name),
    notice_time: formatTime(notice.addtime),
    is_read: isRead,
    addtime: notice.addtime,
  };
}

function newestFirst(a: SortableRow, b: SortableRow): number {
  return b.addtime - a.addtime || b.notice_id - a.notice_id;
}
