import { Module } from '@nestjs/common';
import { ApiSourceRepository } from '../api-source/api-source.repository';
import { AttachmentRepository } from '../attachment/attachment.repository';
import { ContentVersion } from '../cache/content-version';
import { CatalogRepository } from '../catalog/catalog.repository';
import { PageRepository } from '../page/page.repository';
import { SearchChanges } from '../search/search-changes';
import { MarkdownPagesController } from './markdown-pages.controller';
import { MarkdownPagesService } from './markdown-pages.service';

/** `page.import.contents` and `page.import.move`: the Markdown zip import's writes besides ContentImportModule's. */
@Module({
  controllers: [MarkdownPagesController],
  providers: [MarkdownPagesService, ApiSourceRepository, PageRepository, CatalogRepository, AttachmentRepository, ContentVersion, SearchChanges],
})
export class MarkdownPagesModule {}
