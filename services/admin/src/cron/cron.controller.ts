import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { Reply, Subject } from '@quire/proto';

/**
 * `GET /api/ScriptCron/run`: an empty 200 body, as ShowDoc answers (contract §9.1).
 * Quire purges expired records itself (TTLs in the stores); the call stays a harmless trigger.
 */
@Controller()
export class CronController {
  @MessagePattern(Subject.AdminCronRun)
  run(): Reply<never> {
    return Reply.empty();
  }
}
