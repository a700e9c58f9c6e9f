import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type MailOutbox, type Message, Subject } from '@quire/proto';
import { MailOutboxService } from './mail-outbox.service';

@Controller()
export class MailOutboxController {
  constructor(private readonly outbox: MailOutboxService) {}

  @MessagePattern(Subject.AuthMailOutbox)
  list(@Payload() message: Message): Promise<MailOutbox> {
    return this.outbox.list(message.caller);
  }
}
