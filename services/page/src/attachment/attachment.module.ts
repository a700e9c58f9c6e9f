import { Module } from '@nestjs/common';
import { ItemAccessService } from '../access/item-access.service';
import { PageRepository } from '../page/page.repository';
import { ContentVersion } from '../cache/content-version';
import { ShareRepository } from '../page/share/share.repository';
import { AttachmentController } from './attachment.controller';
import { AttachmentRepository } from './attachment.repository';
import { AttachmentService } from './attachment.service';

/**
 * Images and attachments of pages. It reads pages and share links through the page slice's
 * repositories (same service, same collections) and exports AttachmentService for `attachment_count` and purges.
 */
@Module({
  controllers: [AttachmentController],
  providers: [AttachmentService, AttachmentRepository, PageRepository, ShareRepository, ContentVersion, ItemAccessService],
  exports: [AttachmentService],
})
export class AttachmentModule {}
