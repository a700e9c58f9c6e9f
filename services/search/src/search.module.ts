import { type DynamicModule, Module } from '@nestjs/common';
import { AccessVersion } from './access/access-version';
import { ItemClient } from './clients/item.client';
import { PageClient } from './clients/page.client';
import { SearchFeeder } from './feed/search-feeder';
import { SearchLifecycle } from './feed/search-lifecycle';
import { SearchIndex } from './index/search-index';
import { SearchController } from './query/search.controller';
import { SearchService } from './query/search.service';
import { SearchSnapshotRepository } from './snapshot/search-snapshot.repository';
import { SEARCH_SNAPSHOTS, SearchSnapshotService } from './snapshot/search-snapshot.service';

/**
 * Full-text search over the pages a caller may read (`search/query`, ShowDoc's `item/search`). The
 * index is its own: SQLite FTS5 in DATA_DIR/search.db, fed by the ChangeFeed's `content` topic and
 * filled from the page service; read rights are the item service's answer, kept per caller while the
 * access version is unchanged. It imports no adapter: the ports come from the global PlatformModule.
 */
@Module({
  controllers: [SearchController],
  providers: [AccessVersion, SearchIndex, SearchFeeder, SearchLifecycle, SearchService, SearchSnapshotRepository, SearchSnapshotService, ItemClient, PageClient],
})
export class SearchModule {
  /**
   * The distributed service: replicas write snapshots of their index to BlobStorage (the
   * `search.snapshot` job, consumed by its main.ts) and a new one starts from the latest.
   */
  static withSnapshots(): DynamicModule {
    return { module: SearchModule, providers: [{ provide: SEARCH_SNAPSHOTS, useValue: true }] };
  }
}
