import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  GetRecycleBinSchema,
  type Incoming,
  ListRecycleSchema,
  parseParams,
  type PurgedEntries,
  PurgeRecycledSchema,
  RecoverPageSchema,
  type RecycleBin,
  type RecycleEntry,
  type RestoredEntry,
  RestoreRecycledSchema,
  Subject,
} from '@quire/proto';
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

  @Handles(Subject.PageRecycleBin)
  bin(@Payload() message: Incoming<typeof Subject.PageRecycleBin>): Promise<RecycleBin> {
    return this.recycle.getBin(message.caller, parseParams(GetRecycleBinSchema, message.params));
  }

  @Handles(Subject.PageRecycleRestore)
  restore(@Payload() message: Incoming<typeof Subject.PageRecycleRestore>): Promise<RestoredEntry> {
    return this.recycle.restore(message.caller, parseParams(RestoreRecycledSchema, message.params));
  }

  @Handles(Subject.PageRecyclePurge)
  purge(@Payload() message: Incoming<typeof Subject.PageRecyclePurge>): Promise<PurgedEntries> {
    return this.recycle.purge(message.caller, parseParams(PurgeRecycledSchema, message.params));
  }
}
