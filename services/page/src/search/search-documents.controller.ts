import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type Incoming, parseParams, type SearchDocuments, SearchDocumentsSchema, type SearchVersions, SearchVersionsSchema, Subject } from '@quire/proto';
import { Handles } from '../handles';
import { SearchDocumentsService } from './search-documents.service';

@Controller()
export class SearchDocumentsController {
  constructor(private readonly documents: SearchDocumentsService) {}

  /** Internal: live pages for the search index. */
  @Handles(Subject.PageSearchDocuments)
  list(@Payload() message: Incoming<typeof Subject.PageSearchDocuments>): Promise<SearchDocuments> {
    return this.documents.documents(parseParams(SearchDocumentsSchema, message.params));
  }

  /** Internal: what each live page's index entry depends on, for a kept index to check itself. */
  @Handles(Subject.PageSearchVersions)
  versions(@Payload() message: Incoming<typeof Subject.PageSearchVersions>): Promise<SearchVersions> {
    return this.documents.versions(parseParams(SearchVersionsSchema, message.params));
  }
}
