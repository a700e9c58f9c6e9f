import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type Incoming, Reply, Subject } from '@quire/proto';
import { Handles } from '../handles';
import { CronService } from './cron.service';

/** `GET /api/ScriptCron/run`: runs the housekeeping, then an empty 200 body, as ShowDoc answers (contract §9.1). */
@Controller()
export class CronController {
  constructor(private readonly cron: CronService) {}

  @Handles(Subject.AdminCronRun)
  async run(@Payload() message: Incoming<typeof Subject.AdminCronRun>): Promise<Reply<never>> {
    await this.cron.run(message.caller);
    return Reply.empty();
  }
}
