import { Injectable } from '@nestjs/common';
import {
  AppError,
  type AnnouncementMessage,
  type Caller,
  ErrorCode,
  escapeHtml,
  formatTime,
  type RemindListDto,
  type RemindMessage,
  type RemindPage,
  type UnreadMessages,
} from '@quire/proto';
import type { NoticeEntity } from '../notice/notice.entity';
import { NoticeReceiptRepository } from '../notice/notice-receipt.repository';
import { NoticeRepository } from '../notice/notice.repository';
import { NoticeService } from '../notice/notice.service';

/** The most announcements `message/getAnnouncementList` answers. */
const ANNOUNCEMENTS_MAX = 500;

/**
 * ShowDoc 3.x's `message/*` (its header's bell and message dialog) over Quire's notices: a personal
 * notice is a "remind" message, an administrator announcement an "announce" one, and a message's
 * `message_content_id` is the notice's id. Reading and deleting go through the notices' own rules.
 */
@Injectable()
export class MessageService {
  constructor(
    private readonly notices: NoticeRepository,
    private readonly receipts: NoticeReceiptRepository,
    private readonly noticeRules: NoticeService,
  ) {}

  /** The newest unread remind and the newest unread announcement, `[]` for a kind with none. */
  async unread(caller: Caller): Promise<UnreadMessages> {
    requireLogin(caller);
    const [remind, announcements] = await Promise.all([this.unreadRemind(caller), this.announcements(caller)]);
    return { remind, announce: announcements.find((message) => message.status === 0) ?? [] };
  }

  async unreadRemind(caller: Caller): Promise<RemindMessage | never[]> {
    requireLogin(caller);
    const [newest] = await this.notices.listPersonal(caller.uid, { unreadOnly: true, limit: 1 });
    return newest ? toRemind(newest) : [];
  }

  async remindList(caller: Caller, dto: RemindListDto): Promise<RemindPage> {
    requireLogin(caller);
    const [total, page] = await Promise.all([this.notices.countPersonal(caller.uid), this.notices.pagePersonal(caller.uid, (dto.page - 1) * dto.count, dto.count)]);
    return { total, list: page.map(toRemind) };
  }

  /** Newest first, each with the caller's read status; those the caller deleted are left out. */
  async announcements(caller: Caller): Promise<AnnouncementMessage[]> {
    requireLogin(caller);
    const all = await this.notices.listAnnouncements(ANNOUNCEMENTS_MAX);
    const receipts = new Map(
      (
        await this.receipts.listForUser(
          caller.uid,
          all.map((notice) => notice.notice_id),
        )
      ).map((receipt) => [receipt.notice_id, receipt]),
    );
    return all.filter((notice) => receipts.get(notice.notice_id)?.is_deleted !== 1).map((notice) => toAnnouncement(notice, receipts.has(notice.notice_id) ? 1 : 0));
  }

  setRead(caller: Caller, noticeId: number): Promise<never[]> {
    return this.noticeRules.setRead(caller, noticeId);
  }

  delete(caller: Caller, noticeId: number): Promise<never[]> {
    return this.noticeRules.delete(caller, noticeId);
  }
}

function requireLogin(caller: Caller): void {
  if (!(caller.uid > 0)) throw new AppError(ErrorCode.NotLoggedIn, 'not_logged_in');
}

function toRemind(notice: NoticeEntity): RemindMessage {
  return {
    id: notice.notice_id,
    from_uid: notice.from_uid,
    to_uid: notice.to_uid,
    message_type: 'remind',
    message_content_id: notice.notice_id,
    status: notice.is_read,
    addtime: formatTime(notice.addtime),
    readtime: '',
    object_type: '',
    object_id: 0,
    action_type: '',
    message_content: notice.notice_content,
    from_name: escapeHtml(notice.from_name),
    message_title: notice.notice_title,
  };
}

function toAnnouncement(notice: NoticeEntity, status: 0 | 1): AnnouncementMessage {
  return {
    id: notice.notice_id,
    from_uid: notice.from_uid,
    from_name: escapeHtml(notice.from_name),
    message_type: 'announce',
    message_content: notice.notice_content,
    action_type: '',
    object_type: '',
    object_id: 0,
    addtime: formatTime(notice.addtime),
    status,
    message_content_id: notice.notice_id,
    message_title: notice.notice_title,
  };
}
