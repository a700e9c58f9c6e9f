import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type Incoming, type PageDiff, PageDiffSchema, type PageHistoryRow, PageHistorySchema, parseParams, Subject } from '@quire/proto';
import { Handles } from '../../handles';
import { HistoryService } from './history.service';

@Controller()
export class HistoryController {
  constructor(private readonly history: HistoryService) {}

  @Handles(Subject.PagePageHistory)
  list(@Payload() message: Incoming<typeof Subject.PagePageHistory>): Promise<PageHistoryRow[]> {
    return this.history.list(message.caller, parseParams(PageHistorySchema, message.params));
  }

  @Handles(Subject.PagePageDiff)
  diff(@Payload() message: Incoming<typeof Subject.PagePageDiff>): Promise<PageDiff> {
    return this.history.diff(message.caller, parseParams(PageDiffSchema, message.params));
  }
}
