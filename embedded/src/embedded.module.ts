import { DynamicModule, Module } from '@nestjs/common';
import type { QuireConfig } from '@quire/config';
import { AdminModule } from '@quire/admin-service';
import { AuditModule } from '@quire/audit-service';
import { AuthModule } from '@quire/auth-service';
import { CollabModule } from '@quire/collab-service';
import { ExportModule } from '@quire/export-service';
import { GatewayModule } from '@quire/gateway';
import { ImportModule } from '@quire/import-service';
import { ItemModule } from '@quire/item-service';
import { NoticeModule } from '@quire/notice-service';
import { PageModule } from '@quire/page-service';
import { PlatformModule } from '@quire/platform';
import { appErrors, JobName } from '@quire/proto';
import { SearchModule } from '@quire/search-service';
import { TeamModule } from '@quire/team-service';
import { WebhookModule } from '@quire/webhook-service';

/** Every context, the gateway and the embedded adapters in one process (the default mode). */
@Module({})
export class EmbeddedModule {
  static forRoot(config: QuireConfig): DynamicModule {
    return {
      module: EmbeddedModule,
      imports: [
        PlatformModule.forRoot({ mode: 'embedded', config, consumes: Object.values(JobName), errors: appErrors }),
        GatewayModule,
        AuthModule,
        ItemModule,
        PageModule,
        TeamModule,
        NoticeModule,
        AdminModule,
        ExportModule,
        SearchModule,
        ImportModule,
        CollabModule,
        WebhookModule,
        AuditModule,
      ],
    };
  }
}
