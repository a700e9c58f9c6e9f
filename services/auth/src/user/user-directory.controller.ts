import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { FindUserSchema, type Incoming, parseParams, Subject, type UserSummary, type Verdict, VerifyUserPasswordSchema } from '@quire/proto';
import { Handles } from '../handles';
import { UserDirectoryService } from './user-directory.service';

/** Internal subjects other services ask (item delete/archive/attorn, members). */
@Controller()
export class UserDirectoryController {
  constructor(private readonly directory: UserDirectoryService) {}

  @Handles(Subject.AuthUserVerifyPassword)
  verifyPassword(@Payload() message: Incoming<typeof Subject.AuthUserVerifyPassword>): Promise<Verdict> {
    const { uid, password } = parseParams(VerifyUserPasswordSchema, message.params);
    return this.directory.verifyPassword(uid, password);
  }

  @Handles(Subject.AuthUserFind)
  find(@Payload() message: Incoming<typeof Subject.AuthUserFind>): Promise<UserSummary | null> {
    return this.directory.find(parseParams(FindUserSchema, message.params).username);
  }
}
