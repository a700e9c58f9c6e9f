import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { FindUserSchema, type Message, Subject, type UserSummary, type Verdict, VerifyUserPasswordSchema, parseParams } from '@quire/proto';
import { UserDirectoryService } from './user-directory.service';

/** Internal subjects other services ask (item delete/archive/attorn, members). */
@Controller()
export class UserDirectoryController {
  constructor(private readonly directory: UserDirectoryService) {}

  @MessagePattern(Subject.AuthUserVerifyPassword)
  verifyPassword(@Payload() message: Message): Promise<Verdict> {
    const { uid, password } = parseParams(VerifyUserPasswordSchema, message.params);
    return this.directory.verifyPassword(uid, password);
  }

  @MessagePattern(Subject.AuthUserFind)
  find(@Payload() message: Message): Promise<UserSummary | null> {
    return this.directory.find(parseParams(FindUserSchema, message.params).username);
  }
}
