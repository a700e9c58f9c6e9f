import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { AdminSendNoticeSchema, type Incoming, parseParams, Subject } from '@quire/proto';
import { Handles } from '../handles';
import { AdminNoticeService } from './admin-notice.service';

@Controller()
export class AdminNoticeController {
  constructor(private readonly notices: AdminNoticeService) {}

  @Handles(Subject.AdminNoticeSend)
  send(@Payload() message: Incoming<typeof Subject.AdminNoticeSend>): Promise<never[]> {
    return this.notices.send(message.caller, parseParams(AdminSendNoticeSchema, message.params));
  }
}
