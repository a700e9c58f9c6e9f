import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  type Incoming,
  type ItemSearchResults,
  ItemSearchSchema,
  parseParams,
  type SearchItemPages,
  SearchItemPagesSchema,
  SearchQuerySchema,
  type SearchResults,
  Subject,
} from '@quire/proto';
import { Handles } from '../handles';
import { SearchService } from './search.service';

@Controller()
export class SearchController {
  constructor(private readonly search: SearchService) {}

  @Handles(Subject.SearchPageQuery)
  query(@Payload() message: Incoming<typeof Subject.SearchPageQuery>): Promise<SearchResults> {
    return this.search.query(message.caller, parseParams(SearchQuerySchema, message.params), message.versions);
  }

  @Handles(Subject.SearchItemSearch)
  itemSearch(@Payload() message: Incoming<typeof Subject.SearchItemSearch>): Promise<ItemSearchResults> {
    return this.search.itemSearch(message.caller, parseParams(ItemSearchSchema, message.params));
  }

  @Handles(Subject.SearchItemPages)
  itemPages(@Payload() message: Incoming<typeof Subject.SearchItemPages>): Promise<SearchItemPages> {
    return this.search.itemPages(parseParams(SearchItemPagesSchema, message.params));
  }
}
