import { Module } from '@nestjs/common';
import { AccessController } from './access/access.controller';
import { AgentConfigController } from './agent/agent-config.controller';
import { AgentConfigService } from './agent/agent-config.service';
import { AccessVersion } from './access/access-version';
import { ItemAdminControllers, ItemAdminProviders } from './admin/item-admin.parts';
import { ItemAccessService } from './access/item-access.service';
import { ApiKeyController } from './api-key/api-key.controller';
import { ApiKeyService } from './api-key/api-key.service';
import { ItemTokenRepository } from './api-key/item-token.repository';
import { AuthClient } from './clients/auth.client';
import { ContentVersion } from './clients/content-version';
import { NoticeClient } from './clients/notice.client';
import { NoticeVersion } from './clients/notice-version';
import { PageClient } from './clients/page.client';
import { SearchClient } from './clients/search.client';
import { TeamClient } from './clients/team.client';
import { WebhookClient } from './clients/webhook.client';
import { ItemInfoService } from './item/item-info.service';
import { ItemSortRepository } from './item/item-sort.repository';
import { ItemController } from './item/item.controller';
import { ItemRepository } from './item/item.repository';
import { ItemService } from './item/item.service';
import { VisitPasswordFailureCounter } from './item/visit-password-failure-counter';
import { VisitPasswordService } from './item/visit-password.service';
import { ItemImportController } from './import/item-import.controller';
import { ItemGroupController } from './item-group/item-group.controller';
import { ItemGroupRepository } from './item-group/item-group.repository';
import { ItemGroupService } from './item-group/item-group.service';
import { ItemImportService } from './import/item-import.service';
import { MaintenanceController } from './maintenance/maintenance.controller';
import { MaintenanceService } from './maintenance/maintenance.service';
import { MemberController } from './member/member.controller';
import { MemberRepository } from './member/member.repository';
import { MemberService } from './member/member.service';
import { OpenApiController } from './open-api/open-api.controller';
import { OpenApiService } from './open-api/open-api.service';
import { SearchChanges } from './search/search-changes';

/**
 * Items, members, visit passwords, api_key/api_token and the open API. It imports no adapter:
 * the ports (DocumentStore, KeyValueStore, TransportClient) come from the global PlatformModule
 * of the composition root.
 */
@Module({
  controllers: [
    ItemController,
    AccessController,
    MemberController,
    ApiKeyController,
    OpenApiController,
    MaintenanceController,
    ItemImportController,
    ItemGroupController,
    AgentConfigController,
    ...ItemAdminControllers,
  ],
  providers: [
    AccessVersion,
    ContentVersion,
    NoticeVersion,
    ItemRepository,
    ItemSortRepository,
    ItemGroupRepository,
    ItemGroupService,
    AgentConfigService,
    MemberRepository,
    ItemTokenRepository,
    AuthClient,
    PageClient,
    SearchClient,
    TeamClient,
    WebhookClient,
    NoticeClient,
    ItemAccessService,
    MemberService,
    VisitPasswordFailureCounter,
    ItemService,
    ItemInfoService,
    VisitPasswordService,
    ApiKeyService,
    OpenApiService,
    MaintenanceService,
    ItemImportService,
    SearchChanges,
    ...ItemAdminProviders,
  ],
})
export class ItemModule {}
