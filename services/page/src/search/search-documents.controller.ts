import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type Incoming, parseParams, type SearchDocuments, SearchDocumentsSchema, Subject } from '@quire/proto';
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
}
