import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AdminSendNoticeSchema, type Message, parseParams, Subject } from '@quire/proto';
import { AdminNoticeService } from './admin-notice.service';

@Controller()
export class AdminNoticeController {
  constructor(private readonly notices: AdminNoticeService) {}

  @MessagePattern(Subject.AdminNoticeSend)
  send(@Payload() message: Message): Promise<never[]> {
    return this.notices.send(message.caller, parseParams(AdminSendNoticeSchema, message.params));
  }
}
