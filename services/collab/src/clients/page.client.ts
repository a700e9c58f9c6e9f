import { Injectable } from '@nestjs/common';
import { TransportClient } from '@quire/platform';
import { anonymousCaller, type Caller, type LivePage, type LivePageSaved, type QuireContracts, type SaveLivePageDto, Subject } from '@quire/proto';

/** The collab service reading pages for itself (loading a document, the sweep), as nobody in particular: rights are checked per connection. */
export const SERVICE_CALLER: Caller = anonymousCaller('', '');

/** What the collab service asks the page service: a page to fill a document from, and the write of a co-edited page. */
@Injectable()
export class PageClient {
  constructor(private readonly transport: TransportClient<QuireContracts>) {}

  /** The live page (text raw), or null. */
  live(caller: Caller, pageId: number): Promise<LivePage | null> {
    return this.transport.send(Subject.PagePageLive, { caller, params: { page_id: pageId } });
  }

  /** Writes the page on behalf of `caller` (who needs the edit right), a history version recording the one it replaces. */
  saveLive(caller: Caller, dto: SaveLivePageDto): Promise<LivePageSaved> {
    return this.transport.send(Subject.PagePageSaveLive, { caller, params: dto });
  }
}
