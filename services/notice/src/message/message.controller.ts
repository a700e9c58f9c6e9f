import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type AnnouncementMessage, type Incoming, MessageIdSchema, parseParams, RemindListSchema, type RemindMessage, type RemindPage, Subject, type UnreadMessages } from '@quire/proto';
import { Handles } from '../handles';
import { MessageService } from './message.service';

/** ShowDoc 3.x's `message/*`, answered from notices. */
@Controller()
export class MessageController {
  constructor(private readonly messages: MessageService) {}

  @Handles(Subject.NoticeMessageUnread)
  unread(@Payload() message: Incoming<typeof Subject.NoticeMessageUnread>): Promise<UnreadMessages> {
    return this.messages.unread(message.caller);
  }

  @Handles(Subject.NoticeMessageUnreadRemind)
  unreadRemind(@Payload() message: Incoming<typeof Subject.NoticeMessageUnreadRemind>): Promise<RemindMessage | never[]> {
    return this.messages.unreadRemind(message.caller);
  }

  @Handles(Subject.NoticeMessageRemindList)
  remindList(@Payload() message: Incoming<typeof Subject.NoticeMessageRemindList>): Promise<RemindPage> {
    return this.messages.remindList(message.caller, parseParams(RemindListSchema, message.params));
  }

  @Handles(Subject.NoticeMessageAnnouncementList)
  announcements(@Payload() message: Incoming<typeof Subject.NoticeMessageAnnouncementList>): Promise<AnnouncementMessage[]> {
    return this.messages.announcements(message.caller);
  }

  @Handles(Subject.NoticeMessageSetRead)
  setRead(@Payload() message: Incoming<typeof Subject.NoticeMessageSetRead>): Promise<never[]> {
    return this.messages.setRead(message.caller, parseParams(MessageIdSchema, message.params).message_content_id);
  }

  @Handles(Subject.NoticeMessageDelete)
  delete(@Payload() message: Incoming<typeof Subject.NoticeMessageDelete>): Promise<never[]> {
    return this.messages.delete(message.caller, parseParams(MessageIdSchema, message.params).message_content_id);
  }
}
