import { Module } from '@nestjs/common';
import { AttachmentRepository } from '../attachment/attachment.repository';
import { ContentVersion } from '../cache/content-version';
import { CatalogRepository } from '../catalog/catalog.repository';
import { HistoryContentRepository } from '../page/history/history-content.repository';
import { HistoryRepository } from '../page/history/history.repository';
import { PageRepository } from '../page/page.repository';
import { ShareRepository } from '../page/share/share.repository';
import { TemplateRepository } from '../template/template.repository';
import { ContentImportController } from './content-import.controller';
import { ContentImportService } from './content-import.service';

/**
 * `page.import.*` (issue 16): what the import service brings over, written through the same repositories the
 * page service's own features use (same service, same collections), as AttachmentModule does.
 */
@Module({
  controllers: [ContentImportController],
  providers: [
    ContentImportService,
    CatalogRepository,
    PageRepository,
    HistoryRepository,
    HistoryContentRepository,
    AttachmentRepository,
    ShareRepository,
    TemplateRepository,
    ContentVersion,
  ],
})
export class ContentImportModule {}
