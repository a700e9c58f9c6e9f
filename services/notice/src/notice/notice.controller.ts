import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type Incoming, ListNoticesSchema, NoticeIdSchema, type NoticeRow, parseParams, SendNoticeSchema, type SentNotices, Subject, type UnreadCount } from '@quire/proto';
import { Handles } from '../handles';
import { NoticeService } from './notice.service';

@Controller()
export class NoticeController {
  constructor(private readonly notices: NoticeService) {}

  @Handles(Subject.NoticeNoticeList)
  list(@Payload() message: Incoming<typeof Subject.NoticeNoticeList>): Promise<NoticeRow[]> {
    return this.notices.list(message.caller, parseParams(ListNoticesSchema, message.params));
  }

  @Handles(Subject.NoticeNoticeSetRead)
  setRead(@Payload() message: Incoming<typeof Subject.NoticeNoticeSetRead>): Promise<never[]> {
    return this.notices.setRead(message.caller, parseParams(NoticeIdSchema, message.params).notice_id);
  }

  @Handles(Subject.NoticeNoticeDelete)
  delete(@Payload() message: Incoming<typeof Subject.NoticeNoticeDelete>): Promise<never[]> {
    return this.notices.delete(message.caller, parseParams(NoticeIdSchema, message.params).notice_id);
  }

  /** Internal: deliver a notice (added to an item or team, item transferred, announcements). */
  @Handles(Subject.NoticeNoticeSend)
  send(@Payload() message: Incoming<typeof Subject.NoticeNoticeSend>): Promise<SentNotices> {
    return this.notices.send(message.caller, parseParams(SendNoticeSchema, message.params));
  }

  /** Internal: the caller's unread count (item/info). */
  @Handles(Subject.NoticeNoticeUnreadCount)
  unreadCount(@Payload() message: Incoming<typeof Subject.NoticeNoticeUnreadCount>): Promise<UnreadCount> {
    return this.notices.unreadCount(message.caller);
  }
}
