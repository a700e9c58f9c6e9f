import { Module } from '@nestjs/common';
import { AccessVersion } from '../access/access-version';
import { ItemAccessService } from '../access/item-access.service';
import { ContentVersion } from '../cache/content-version';
import { CatalogRepository } from '../catalog/catalog.repository';
import { PageRepository } from '../page/page.repository';
import { ApiSourceController } from './api-source.controller';
import { ApiSourceRepository } from './api-source.repository';
import { ApiSourceService } from './api-source.service';

/** What API imports keep of their documents (`api_sources`, `api_schemas`) and the OpenAPI export built from them. */
@Module({
  controllers: [ApiSourceController],
  providers: [ApiSourceService, ApiSourceRepository, PageRepository, CatalogRepository, ContentVersion, AccessVersion, ItemAccessService],
})
export class ApiSourceModule {}
