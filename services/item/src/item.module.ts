import { Module } from '@nestjs/common';
import { AccessController } from './access/access.controller';
import { ItemAccessService } from './access/item-access.service';
import { ApiKeyController } from './api-key/api-key.controller';
import { ApiKeyService } from './api-key/api-key.service';
import { ItemTokenRepository } from './api-key/item-token.repository';
import { AuthClient } from './clients/auth.client';
import { PageClient } from './clients/page.client';
import { ItemInfoService } from './item/item-info.service';
import { ItemSortRepository } from './item/item-sort.repository';
import { ItemController } from './item/item.controller';
import { ItemRepository } from './item/item.repository';
import { ItemService } from './item/item.service';
import { VisitPasswordFailureCounter } from './item/visit-password-failure-counter';
import { VisitPasswordService } from './item/visit-password.service';
import { MaintenanceController } from './maintenance/maintenance.controller';
import { MaintenanceService } from './maintenance/maintenance.service';
import { MemberRepository } from './member/member.repository';
import { OpenApiController } from './open-api/open-api.controller';
import { OpenApiService } from './open-api/open-api.service';

/**
 * Items, members, visit passwords, api_key/api_token and the open API. It imports no adapter:
 * the ports (DocumentStore, KeyValueStore, TransportClient) come from the global PlatformModule
 * of the composition root.
 */
@Module({
  controllers: [ItemController, AccessController, ApiKeyController, OpenApiController, MaintenanceController],
  providers: [
    ItemRepository,
    ItemSortRepository,
    MemberRepository,
    ItemTokenRepository,
    AuthClient,
    PageClient,
    ItemAccessService,
    VisitPasswordFailureCounter,
    ItemService,
    ItemInfoService,
    VisitPasswordService,
    ApiKeyService,
    OpenApiService,
    MaintenanceService,
  ],
})
export class ItemModule {}
