import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type Message, Reply, Subject } from '@quire/proto';
import { CronService } from './cron.service';

/** `GET /api/ScriptCron/run`: runs the housekeeping, then an empty 200 body, as ShowDoc answers (contract §9.1). */
@Controller()
export class CronController {
  constructor(private readonly cron: CronService) {}

  @MessagePattern(Subject.AdminCronRun)
  async run(@Payload() message: Message): Promise<Reply<never>> {
    await this.cron.run(message.caller);
    return Reply.empty();
  }
}
