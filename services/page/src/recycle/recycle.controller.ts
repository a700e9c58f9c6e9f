import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ListRecycleSchema, type Message, parseParams, RecoverPageSchema, type RecycleEntry, Subject } from '@quire/proto';
import { RecycleService } from './recycle.service';

@Controller()
export class RecycleController {
  constructor(private readonly recycle: RecycleService) {}

  @MessagePattern(Subject.PageRecycleList)
  list(@Payload() message: Message): Promise<RecycleEntry[]> {
    return this.recycle.list(message.caller, parseParams(ListRecycleSchema, message.params));
  }

  @MessagePattern(Subject.PageRecycleRecover)
  recover(@Payload() message: Message): Promise<never[]> {
    return this.recycle.recover(message.caller, parseParams(RecoverPageSchema, message.params));
  }
}
