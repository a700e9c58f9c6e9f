import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type Incoming, IsPageLockedSchema, type PageLockSet, type PageLockState, parseParams, SetPageLockSchema, Subject, UnlockPageSchema } from '@quire/proto';
import { Handles } from '../../handles';
import { PageLockService } from './page-lock.service';

@Controller()
export class PageLockController {
  constructor(private readonly locks: PageLockService) {}

  @Handles(Subject.PageLockState)
  state(@Payload() message: Incoming<typeof Subject.PageLockState>): Promise<PageLockState> {
    return this.locks.state(message.caller, parseParams(IsPageLockedSchema, message.params));
  }

  @Handles(Subject.PageLockSet)
  set(@Payload() message: Incoming<typeof Subject.PageLockSet>): Promise<PageLockSet> {
    return this.locks.set(message.caller, parseParams(SetPageLockSchema, message.params));
  }

  @Handles(Subject.PageLockRelease)
  release(@Payload() message: Incoming<typeof Subject.PageLockRelease>): Promise<never[]> {
    return this.locks.release(message.caller, parseParams(UnlockPageSchema, message.params));
  }
}
