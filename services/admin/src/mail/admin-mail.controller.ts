import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type MailOutbox, type Message, Subject } from '@quire/proto';
import { AdminMailService } from './admin-mail.service';

@Controller()
export class AdminMailController {
  constructor(private readonly mail: AdminMailService) {}

  @MessagePattern(Subject.AdminMailOutbox)
  outbox(@Payload() message: Message): Promise<MailOutbox> {
    return this.mail.outbox(message.caller);
  }
}
