import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ListNoticesSchema,
  type Message,
  NoticeIdSchema,
  type NoticeRow,
  parseParams,
  SendNoticeSchema,
  type SentNotices,
  Subject,
  type UnreadCount,
} from '@quire/proto';
import { NoticeService } from './notice.service';

@Controller()
export class NoticeController {
  constructor(private readonly notices: NoticeService) {}

  @MessagePattern(Subject.NoticeNoticeList)
  list(@Payload() message: Message): Promise<NoticeRow[]> {
    return this.notices.list(message.caller, parseParams(ListNoticesSchema, message.params));
  }

  @MessagePattern(Subject.NoticeNoticeSetRead)
  setRead(@Payload() message: Message): Promise<never[]> {
    return this.notices.setRead(message.caller, parseParams(NoticeIdSchema, message.params).notice_id);
  }

  @MessagePattern(Subject.NoticeNoticeDelete)
  delete(@Payload() message: Message): Promise<never[]> {
    return this.notices.delete(message.caller, parseParams(NoticeIdSchema, message.params).notice_id);
  }

  /** Internal: deliver a notice (added to an item or team, item transferred, announcements). */
  @MessagePattern(Subject.NoticeNoticeSend)
  send(@Payload() message: Message): Promise<SentNotices> {
    return this.notices.send(message.caller, parseParams(SendNoticeSchema, message.params));
  }

  /** Internal: the caller's unread count (item/info). */
  @MessagePattern(Subject.NoticeNoticeUnreadCount)
  unreadCount(@Payload() message: Message): Promise<UnreadCount> {
    return this.notices.unreadCount(message.caller);
  }
}
