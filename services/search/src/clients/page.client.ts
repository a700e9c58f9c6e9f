import { Injectable } from '@nestjs/common';
import { TransportClient } from '@quire/platform';
import { type Caller, type QuireContracts, SEARCH_DOCUMENTS_MAX, SEARCH_VERSIONS_MAX, type SearchDocuments, type SearchDocumentsDto, type SearchVersions, Subject } from '@quire/proto';

/** What the search service asks the page service: the current state of the pages it indexes. */
@Injectable()
export class PageClient {
  constructor(private readonly transport: TransportClient<QuireContracts>) {}

  /** Live pages as `page.search.documents` selects them (by ids, under a catalog, of an item, or all). */
  documents(caller: Caller, selection: Partial<SearchDocumentsDto>): Promise<SearchDocuments> {
    return this.transport.send(Subject.PageSearchDocuments, { caller, params: { item_id: 0, cat_id: 0, after_page_id: 0, limit: SEARCH_DOCUMENTS_MAX, ...selection } });
  }

  /** Live pages after `afterPageId` without their text, as `page.search.versions` answers them. */
  versions(caller: Caller, afterPageId: number): Promise<SearchVersions> {
    return this.transport.send(Subject.PageSearchVersions, { caller, params: { after_page_id: afterPageId, limit: SEARCH_VERSIONS_MAX } });
  }
}
