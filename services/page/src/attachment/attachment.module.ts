import { Module } from '@nestjs/common';
import { AccessVersion } from '../access/access-version';
import { ItemAccessService } from '../access/item-access.service';
import { PageRepository } from '../page/page.repository';
import { ContentVersion } from '../cache/content-version';
import { CatalogRepository } from '../catalog/catalog.repository';
import { ShareLinkRepository } from '../page/share/share-link.repository';
import { ShareRepository } from '../page/share/share.repository';
import { TemplateRepository } from '../template/template.repository';
import { AttachmentController } from './attachment.controller';
import { AttachmentRepository } from './attachment.repository';
import { AttachmentService } from './attachment.service';

/**
 * Images and attachments of pages. It reads pages, share links and templates through the page
 * and template slices' repositories (same service, same collections) and exports
 * AttachmentService for `attachment_count`, purges and the sweep of item-less uploads.
 */
@Module({
  controllers: [AttachmentController],
  providers: [
    AttachmentService,
    AttachmentRepository,
    PageRepository,
    ShareRepository,
    ShareLinkRepository,
    CatalogRepository,
    TemplateRepository,
    ContentVersion,
    AccessVersion,
    ItemAccessService,
  ],
  exports: [AttachmentService],
})
export class AttachmentModule {}
