import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type Incoming, type MailOutbox, Subject } from '@quire/proto';
import { Handles } from '../handles';
import { MailOutboxService } from './mail-outbox.service';

@Controller()
export class MailOutboxController {
  constructor(private readonly outbox: MailOutboxService) {}

  @Handles(Subject.AuthMailOutbox)
  list(@Payload() message: Incoming<typeof Subject.AuthMailOutbox>): Promise<MailOutbox> {
    return this.outbox.list(message.caller);
  }
}
