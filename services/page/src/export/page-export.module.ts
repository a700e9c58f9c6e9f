import { Module } from '@nestjs/common';
import { AccessVersion } from '../access/access-version';
import { ItemAccessService } from '../access/item-access.service';
import { AttachmentRepository } from '../attachment/attachment.repository';
import { CatalogRepository } from '../catalog/catalog.repository';
import { PageRepository } from '../page/page.repository';
import { ContentVersion } from '../cache/content-version';
import { PageExportController } from './page-export.controller';
import { PageExportService } from './page-export.service';

/**
 * The page service's side of Word and Markdown exports: read-only subjects over pages, catalogs
 * and attachments (same service, same collections, read through the slices' repositories).
 */
@Module({
  controllers: [PageExportController],
  providers: [PageExportService, PageRepository, CatalogRepository, ContentVersion, AttachmentRepository, AccessVersion, ItemAccessService],
})
export class PageExportModule {}
