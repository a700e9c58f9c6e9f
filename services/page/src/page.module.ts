import { Module } from '@nestjs/common';
import { AccessVersion } from './access/access-version';
import { ItemAccessService } from './access/item-access.service';
import { ApiSourceModule } from './api-source/api-source.module';
import { ApiSourceRepository } from './api-source/api-source.repository';
import { AttachmentModule } from './attachment/attachment.module';
import { PageExportModule } from './export/page-export.module';
import { ContentImportModule } from './import/content-import.module';
import { ApiResyncPagesController } from './import/api-resync-pages.controller';
import { ApiResyncPagesService } from './import/api-resync-pages.service';
import { MarkdownPagesModule } from './import/markdown-pages.module';
import { CatalogController } from './catalog/catalog.controller';
import { CatalogRepository } from './catalog/catalog.repository';
import { CatalogService } from './catalog/catalog.service';
import { MaintenanceController } from './maintenance/maintenance.controller';
import { MaintenanceService } from './maintenance/maintenance.service';
import { MenuController } from './menu/menu.controller';
import { MenuCache } from './menu/menu-cache';
import { ContentVersion } from './cache/content-version';
import { MenuService } from './menu/menu.service';
import { CommentController } from './page/comment/comment.controller';
import { CommentRepository } from './page/comment/comment.repository';
import { CommentService } from './page/comment/comment.service';
import { HistoryContentRepository } from './page/history/history-content.repository';
import { HistoryController } from './page/history/history.controller';
import { HistoryRepository } from './page/history/history.repository';
import { HistoryService } from './page/history/history.service';
import { LivePageController } from './page/live/live-page.controller';
import { LivePageService } from './page/live/live-page.service';
import { PageInfoCache } from './page/page-info-cache';
import { PageRevisions } from './page/page-revisions';
import { PageUpserts } from './page/page-upserts';
import { PageController } from './page/page.controller';
import { PageRepository } from './page/page.repository';
import { PageService } from './page/page.service';
import { ShareLinkController } from './page/share/share-link.controller';
import { ShareLinkRepository } from './page/share/share-link.repository';
import { ShareLinkService } from './page/share/share-link.service';
import { ShareController } from './page/share/share.controller';
import { ShareRepository } from './page/share/share.repository';
import { ShareService } from './page/share/share.service';
import { RecycleController } from './recycle/recycle.controller';
import { RecycleRepository } from './recycle/recycle.repository';
import { RecycleRetention } from './recycle/recycle-retention';
import { RecycleService } from './recycle/recycle.service';
import { SearchDocumentsController } from './search/search-documents.controller';
import { SearchDocumentsService } from './search/search-documents.service';
import { SearchChanges } from './search/search-changes';
import { TemplateController } from './template/template.controller';
import { TemplateRepository } from './template/template.repository';
import { TemplateService } from './template/template.service';
import { CatalogListController } from './catalog/catalog-list.controller';
import { CatalogListService } from './catalog/catalog-list.service';
import { CollabPresenceClient } from './page/lock/collab-presence.client';
import { PageLockController } from './page/lock/page-lock.controller';
import { PageLockRepository } from './page/lock/page-lock.repository';
import { PageLockService } from './page/lock/page-lock.service';

/**
 * Pages, history, share keys, catalogs, menus, templates, the recycle bin and maintenance;
 * attachments come from AttachmentModule (counts for page/info, purges).
 * The feature folders share repositories (a catalog delete recycles pages, a page save checks
 * its catalog), so they are wired in this one module rather than in modules importing each
 * other in a circle. It imports no adapter: the ports come from the global PlatformModule.
 */
@Module({
  imports: [AttachmentModule, PageExportModule, ContentImportModule, MarkdownPagesModule, ApiSourceModule],
  controllers: [
    PageController,
    HistoryController,
    ShareController,
    ShareLinkController,
    CommentController,
    CatalogController,
    CatalogListController,
    PageLockController,
    MenuController,
    TemplateController,
    RecycleController,
    MaintenanceController,
    SearchDocumentsController,
    LivePageController,
    ApiResyncPagesController,
  ],
  providers: [
    ApiResyncPagesService,
    ApiSourceRepository,
    AccessVersion,
    ItemAccessService,
    PageRepository,
    PageService,
    LivePageService,
    PageInfoCache,
    PageRevisions,
    PageUpserts,
    HistoryRepository,
    HistoryContentRepository,
    HistoryService,
    ShareRepository,
    ShareService,
    ShareLinkRepository,
    ShareLinkService,
    CommentRepository,
    CommentService,
    CatalogRepository,
    CatalogService,
    CatalogListService,
    PageLockRepository,
    PageLockService,
    CollabPresenceClient,
    MenuService,
    MenuCache,
    ContentVersion,
    TemplateRepository,
    TemplateService,
    RecycleRepository,
    RecycleService,
    RecycleRetention,
    MaintenanceService,
    SearchDocumentsService,
    SearchChanges,
  ],
})
export class PageModule {}
