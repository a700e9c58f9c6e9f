import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type Incoming, ListRecycleSchema, parseParams, RecoverPageSchema, type RecycleEntry, Subject } from '@quire/proto';
import { Handles } from '../handles';
import { RecycleService } from './recycle.service';

@Controller()
export class RecycleController {
  constructor(private readonly recycle: RecycleService) {}

  @Handles(Subject.PageRecycleList)
  list(@Payload() message: Incoming<typeof Subject.PageRecycleList>): Promise<RecycleEntry[]> {
    return this.recycle.list(message.caller, parseParams(ListRecycleSchema, message.params));
  }

  @Handles(Subject.PageRecycleRecover)
  recover(@Payload() message: Incoming<typeof Subject.PageRecycleRecover>): Promise<never[]> {
    return this.recycle.recover(message.caller, parseParams(RecoverPageSchema, message.params));
  }
}
