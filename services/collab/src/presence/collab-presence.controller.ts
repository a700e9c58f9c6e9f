import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { messageHandler } from '@quire/platform';
import { type Incoming, type PageEditor, PageEditorsSchema, parseParams, type QuireContracts, Subject } from '@quire/proto';
import { CollabPresence } from './collab-presence';

const Handles = messageHandler<QuireContracts>();

/** Internal: the page service asks who is co-editing a page (ShowDoc's `page/isLock`, `page/setLock`). */
@Controller()
export class CollabPresenceController {
  constructor(private readonly presence: CollabPresence) {}

  @Handles(Subject.CollabPresenceEditors)
  editors(@Payload() message: Incoming<typeof Subject.CollabPresenceEditors>): Promise<PageEditor[]> {
    return this.presence.editors(parseParams(PageEditorsSchema, message.params).page_id);
  }
}
