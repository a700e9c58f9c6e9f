import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type Incoming, type MailOutbox, Subject } from '@quire/proto';
import { Handles } from '../handles';
import { AdminMailService } from './admin-mail.service';

@Controller()
export class AdminMailController {
  constructor(private readonly mail: AdminMailService) {}

  @Handles(Subject.AdminMailOutbox)
  outbox(@Payload() message: Incoming<typeof Subject.AdminMailOutbox>): Promise<MailOutbox> {
    return this.mail.outbox(message.caller);
  }
}
