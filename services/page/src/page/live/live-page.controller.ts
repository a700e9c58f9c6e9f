import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { GetLivePageSchema, type Incoming, type LivePage, type LivePageSaved, parseParams, SaveLivePageSchema, Subject } from '@quire/proto';
import { Handles } from '../../handles';
import { LivePageService } from './live-page.service';

/** The collab service's questions to the page service (internal subjects, not in the HTTP route table). */
@Controller()
export class LivePageController {
  constructor(private readonly live: LivePageService) {}

  @Handles(Subject.PagePageLive)
  get(@Payload() message: Incoming<typeof Subject.PagePageLive>): Promise<LivePage | null> {
    return this.live.get(parseParams(GetLivePageSchema, message.params));
  }

  @Handles(Subject.PagePageSaveLive)
  save(@Payload() message: Incoming<typeof Subject.PagePageSaveLive>): Promise<LivePageSaved> {
    return this.live.save(message.caller, parseParams(SaveLivePageSchema, message.params));
  }
}
