import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type Message, type PageDiff, PageDiffSchema, type PageHistoryRow, PageHistorySchema, parseParams, Subject } from '@quire/proto';
import { HistoryService } from './history.service';

@Controller()
export class HistoryController {
  constructor(private readonly history: HistoryService) {}

  @MessagePattern(Subject.PagePageHistory)
  list(@Payload() message: Message): Promise<PageHistoryRow[]> {
    return this.history.list(message.caller, parseParams(PageHistorySchema, message.params));
  }

  @MessagePattern(Subject.PagePageDiff)
  diff(@Payload() message: Message): Promise<PageDiff> {
    return this.history.diff(message.caller, parseParams(PageDiffSchema, message.params));
  }
}
