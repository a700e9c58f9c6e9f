import { Module } from '@nestjs/common';
import { ItemAccessService } from '../access/item-access.service';
import { PageRepository } from '../page/page.repository';
import { MenuCache } from '../menu/menu-cache';
import { AttachmentController } from './attachment.controller';
import { AttachmentRepository } from './attachment.repository';
import { AttachmentService } from './attachment.service';

/**
 * Images and attachments of pages. It reads pages through the page slice's repository (same
 * service, same collection) and exports AttachmentService for `attachment_count` and purges.
 */
@Module({
  controllers: [AttachmentController],
  providers: [AttachmentService, AttachmentRepository, PageRepository, MenuCache, ItemAccessService],
  exports: [AttachmentService],
})
export class AttachmentModule {}
