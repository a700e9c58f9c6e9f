import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type Incoming, Subject, type UpdateNotice } from '@quire/proto';
import { Handles } from '../handles';
import { AdminUserService } from './admin-user.service';

@Controller()
export class AdminUserController {
  constructor(private readonly users: AdminUserService) {}

  @Handles(Subject.AdminUserCheckUpdate)
  checkUpdate(@Payload() message: Incoming<typeof Subject.AdminUserCheckUpdate>): UpdateNotice {
    return this.users.checkUpdate(message.caller);
  }
}
