import { Module } from '@nestjs/common';
import { ItemClient } from './clients/item.client';
import { PageClient } from './clients/page.client';
import { SearchFeeder } from './feed/search-feeder';
import { SearchLifecycle } from './feed/search-lifecycle';
import { SearchIndex } from './index/search-index';
import { SearchController } from './query/search.controller';
import { SearchService } from './query/search.service';

/**
 * Full-text search over the pages a caller may read (`search/query`, ShowDoc's `item/search`). The
 * index is its own: SQLite FTS5 in DATA_DIR/search.db, fed by the ChangeFeed's `content` topic and
 * filled from the page service; read rights are the item service's answer on every request. It
 * imports no adapter: the ports come from the global PlatformModule.
 */
@Module({
  controllers: [SearchController],
  providers: [SearchIndex, SearchFeeder, SearchLifecycle, SearchService, ItemClient, PageClient],
})
export class SearchModule {}
